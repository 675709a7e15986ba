// Answers shaped like what chat models write, each with the DOM shape it must render to.
// The expected shapes are written by hand from the CommonMark and GFM specs (plus the widget's
// own rules: `#` is an h3, images become links, raw HTML is text, a newline is a line break),
// not copied from the renderer's output.
//
// Shape notation (see `shape` in markdown-corpus.test.ts): `tag(children)`, text as a JSON
// string, `ol[start=3]`, `td[right]` for alignment, `a[href](…)`, `fence[lang]("code")` for a
// code block with its controls, `region(table(…))` for a table in its scroll region.

export interface Answer {
  name: string;
  src: string;
  shape: string;
  /** A link reference defined after its use: only the final render (not every frame) links it. */
  lateDefinition?: boolean;
}

export const CORPUS: Answer[] = [
  {
    name: 'loose numbered list (blank lines between items)',
    src: 'Here are the steps:\n\n1. Open **Settings**.\n\n2. Choose *Export*.\n\n3. Click `Download`.',
    shape: 'p("Here are the steps:") ol(li(p("Open " strong("Settings") ".")) li(p("Choose " em("Export") ".")) li(p("Click " code("Download") ".")))',
  },
  {
    name: 'list that starts at 3',
    src: 'Continuing from step 3:\n\n3. Restart the app\n4. Sign in again',
    shape: 'p("Continuing from step 3:") ol[start=3](li("Restart the app") li("Sign in again"))',
  },
  {
    name: 'loose list that starts at 5',
    src: '5. Five\n\n6. Six',
    shape: 'ol[start=5](li(p("Five")) li(p("Six")))',
  },
  {
    name: 'ordered list with parentheses',
    src: '1) First\n2) Second',
    shape: 'ol(li("First") li("Second"))',
  },
  {
    name: 'every item numbered 1.',
    src: '1. Back up\n1. Update\n1. Restart',
    shape: 'ol(li("Back up") li("Update") li("Restart"))',
  },
  {
    name: 'nested bullet lists',
    src: '- Fruit\n  - Apple\n  - Pear\n- Vegetables\n  - Leek',
    shape: 'ul(li("Fruit" ul(li("Apple") li("Pear"))) li("Vegetables" ul(li("Leek"))))',
  },
  {
    name: 'bullets nested in a numbered list (4-space indent)',
    src: '1. Install\n    - macOS: use Homebrew\n    - Linux: use apt\n2. Configure',
    shape: 'ol(li("Install" ul(li("macOS: use Homebrew") li("Linux: use apt"))) li("Configure"))',
  },
  {
    name: 'three levels of nesting',
    src: '- a\n  - b\n    - c',
    shape: 'ul(li("a" ul(li("b" ul(li("c"))))))',
  },
  {
    name: 'code fences inside a tight list',
    src: '1. Install the CLI:\n   ```sh\n   npm i -g lumen\n   ```\n2. Log in:\n   ```sh\n   lumen login\n   ```',
    shape: 'ol(li("Install the CLI:" fence[sh]("npm i -g lumen")) li("Log in:" fence[sh]("lumen login")))',
  },
  {
    name: 'code fence inside a loose list',
    src: '1. Create the file:\n\n   ```json\n   { "a": 1 }\n   ```\n\n2. Save it.',
    shape: 'ol(li(p("Create the file:") fence[json]("{ \\"a\\": 1 }")) li(p("Save it.")))',
  },
  {
    name: 'how-to answer: heading, loose list with fences, closing line',
    src: '## Setup\n\n1. **Install** the package:\n\n   ```bash\n   npm install lumen-chat\n   ```\n\n2. **Configure** it in `lumen.config.js`:\n\n   ```js\n   export default { botId: "abc" };\n   ```\n\n3. Start the server.\n\nThat\'s it!',
    shape: 'h4("Setup") ol(li(p(strong("Install") " the package:") fence[bash]("npm install lumen-chat")) li(p(strong("Configure") " it in " code("lumen.config.js") ":") fence[js]("export default { botId: \\"abc\\" };")) li(p("Start the server."))) p("That\'s it!")',
  },
  {
    name: 'fence with a language and a blank line inside',
    src: '```python\ndef f(x):\n\n    return x * 2\n```',
    shape: 'fence[python]("def f(x):\\n\\n    return x * 2")',
  },
  {
    name: 'tilde fence',
    src: '~~~bash\necho "hi" > out.txt\n~~~',
    shape: 'fence[bash]("echo \\"hi\\" > out.txt")',
  },
  {
    name: 'fence without a language',
    src: '```\nplain text\n```',
    shape: 'fence("plain text")',
  },
  {
    name: 'fence info string with more than the language',
    src: '```ts title="a.ts"\nconst a = 1;\n```',
    shape: 'fence[ts]("const a = 1;")',
  },
  {
    name: 'longer fence around a shorter one',
    src: '````md\n```js\nx\n```\n````',
    shape: 'fence[md]("```js\\nx\\n```")',
  },
  {
    name: 'indented code block',
    src: 'Example:\n\n    GET /v1/items\n    Accept: json',
    shape: 'p("Example:") fence("GET /v1/items\\nAccept: json")',
  },
  {
    name: 'table with outer pipes and alignment',
    src: '| Plan | Price | Users |\n|:-----|------:|:-----:|\n| Free | $0 | 1 |\n| Pro | $6 | 5 |',
    shape: 'region(table(thead(tr(th[left]("Plan") th[right]("Price") th[center]("Users"))) tbody(tr(td[left]("Free") td[right]("$0") td[center]("1")) tr(td[left]("Pro") td[right]("$6") td[center]("5")))))',
  },
  {
    name: 'table without outer pipes',
    src: 'Name | Role\n--- | ---\nAda | Engineer\nGrace | Admiral',
    shape: 'region(table(thead(tr(th("Name") th("Role"))) tbody(tr(td("Ada") td("Engineer")) tr(td("Grace") td("Admiral")))))',
  },
  {
    name: 'table cell with an escaped pipe in code and emphasis',
    src: '| Flag | Meaning |\n|---|---|\n| `-a \\| -b` | **either** one |',
    shape: 'region(table(thead(tr(th("Flag") th("Meaning"))) tbody(tr(td(code("-a | -b")) td(strong("either") " one")))))',
  },
  {
    name: 'table right after a paragraph line',
    src: 'Compare:\n| A | B |\n|---|---|\n| 1 | 2 |',
    shape: 'p("Compare:") region(table(thead(tr(th("A") th("B"))) tbody(tr(td("1") td("2")))))',
  },
  {
    name: 'backslash escapes',
    src: 'Use \\*literally\\* and 1\\. not a list, \\`tick\\`, \\# not a heading, C:\\\\path',
    shape: 'p("Use *literally* and 1. not a list, `tick`, # not a heading, C:\\\\path")',
  },
  {
    name: 'escapes at the start of lines',
    src: '\\- not a bullet\n\\# not a heading',
    shape: 'p("- not a bullet" br "# not a heading")',
  },
  {
    name: 'ATX headings (shifted to h3–h6)',
    src: '# Title\n## Section\n### Sub\n#### Deep\nText',
    shape: 'h3("Title") h4("Section") h5("Sub") h6("Deep") p("Text")',
  },
  {
    name: 'setext headings',
    src: 'Overview\n========\n\nDetails\n-------',
    shape: 'h3("Overview") h4("Details")',
  },
  {
    name: 'heading with closing hashes and emphasis',
    src: '## *Quick* start ##',
    shape: 'h4(em("Quick") " start")',
  },
  {
    name: 'blockquote with two paragraphs',
    src: '> Note: this is **important**.\n>\n> Second paragraph.',
    shape: 'blockquote(p("Note: this is " strong("important") ".") p("Second paragraph."))',
  },
  {
    name: 'blockquote holding a list and a nested quote',
    src: '> Steps:\n> - one\n> - two\n>\n> > nested',
    shape: 'blockquote(p("Steps:") ul(li("one") li("two")) blockquote(p("nested")))',
  },
  {
    name: 'lazy continuation of a quote',
    src: '> quoted line\ncontinued lazily',
    shape: 'blockquote(p("quoted line" br "continued lazily"))',
  },
  {
    name: 'hard line breaks (two spaces, backslash)',
    src: 'Line one  \nLine two\\\nLine three',
    shape: 'p("Line one" br "Line two" br "Line three")',
  },
  {
    name: 'single newlines are line breaks',
    src: 'Address:\nLumen GmbH\nMain St 1',
    shape: 'p("Address:" br "Lumen GmbH" br "Main St 1")',
  },
  {
    name: 'inline code holding backticks',
    src: 'Use ``code with ` tick`` and ` `` ` here',
    shape: 'p("Use " code("code with ` tick") " and " code("``") " here")',
  },
  {
    name: 'inline code holding HTML',
    src: 'Use `<div class="x">` carefully',
    shape: 'p("Use " code("<div class=\\"x\\">") " carefully")',
  },
  {
    name: 'emphasis variants',
    src: '**bold**, __bold__, *em*, _em_, ***both***, ~~gone~~, snake_case_name, 2*3*4',
    shape: 'p(strong("bold") ", " strong("bold") ", " em("em") ", " em("em") ", " em(strong("both")) ", " del("gone") ", snake_case_name, 2" em("3") "4")',
  },
  {
    name: 'links with titles and mailto',
    src: 'See [the docs](https://docs.lumen.test/start "Start") and [mail us](mailto:help@lumen.test).',
    shape: 'p("See " a[https://docs.lumen.test/start]("the docs") " and " a[mailto:help@lumen.test]("mail us") ".")',
  },
  {
    name: 'bare URL, www. and e-mail autolinks',
    src: 'Visit https://lumen.test/pricing, or www.lumen.test. Email help@lumen.test.',
    shape: 'p("Visit " a[https://lumen.test/pricing]("https://lumen.test/pricing") ", or " a[http://www.lumen.test/]("www.lumen.test") ". Email " a[mailto:help@lumen.test]("help@lumen.test") ".")',
  },
  {
    name: 'angle-bracket autolink',
    src: 'Docs: <https://lumen.test/a?b=1&c=2>',
    shape: 'p("Docs: " a[https://lumen.test/a?b=1&c=2]("https://lumen.test/a?b=1&c=2"))',
  },
  {
    name: 'link target with balanced parentheses',
    src: 'See [Mercury](https://en.wikipedia.org/wiki/Mercury_(planet)).',
    shape: 'p("See " a[https://en.wikipedia.org/wiki/Mercury_(planet)]("Mercury") ".")',
  },
  {
    name: 'reference-style link',
    src: 'Read [the guide][g].\n\n[g]: https://lumen.test/guide',
    shape: 'p("Read " a[https://lumen.test/guide]("the guide") ".")',
    lateDefinition: true,
  },
  {
    name: 'unsafe link targets keep their text only',
    src: '[click](javascript:alert(1)) and <javascript:alert(1)>',
    shape: 'p("click and <javascript:alert(1)>")',
  },
  {
    name: 'image becomes a link',
    src: 'Here is the chart: ![Usage chart](https://cdn.lumen.test/u.png)',
    shape: 'p("Here is the chart: " a[https://cdn.lumen.test/u.png]("Usage chart"))',
  },
  {
    name: 'thematic breaks',
    src: 'Above\n\n---\n\nBelow\n\n***\n\n___',
    shape: 'p("Above") hr p("Below") hr hr',
  },
  {
    name: 'Arabic answer with a list and code',
    src: 'للتثبيت:\n\n1. شغّل `npm i lumen`\n2. افتح **الإعدادات**',
    shape: 'p("للتثبيت:") ol(li("شغّل " code("npm i lumen")) li("افتح " strong("الإعدادات")))',
  },
  {
    name: 'Arabic table',
    src: '| الخطة | السعر |\n|---|---|\n| مجاني | 0 |',
    shape: 'region(table(thead(tr(th("الخطة") th("السعر"))) tbody(tr(td("مجاني") td("0")))))',
  },
  {
    name: 'Hebrew and English in one paragraph',
    src: 'השתמשו ב-**Lumen** כדי\nלענות.',
    shape: 'p("השתמשו ב-" strong("Lumen") " כדי" br "לענות.")',
  },
  {
    name: 'task list',
    src: '- [x] Backup done\n- [ ] Migrate',
    shape: 'ul(li("\u2611 Backup done") li("\u2610 Migrate"))',
  },
  {
    name: 'raw HTML stays text',
    src: 'Press <kbd>Ctrl</kbd>+<kbd>C</kbd>.',
    shape: 'p("Press <kbd>Ctrl</kbd>+<kbd>C</kbd>.")',
  },
  {
    name: 'loose bullet with a second paragraph',
    src: '* Speed\n\n  Pages load in under a second.\n\n* Privacy',
    shape: 'ul(li(p("Speed") p("Pages load in under a second.")) li(p("Privacy")))',
  },
  {
    name: 'list right after a paragraph line',
    src: 'You need:\n- Node 20\n- npm 11',
    shape: 'p("You need:") ul(li("Node 20") li("npm 11"))',
  },
  {
    name: 'entities',
    src: 'AT&amp;T &copy; 2024 &#35;1',
    shape: 'p("AT&T © 2024 #1")',
  },
  {
    name: 'a bullet list then a numbered list',
    src: '- red\n- green\n\n1. one\n2. two',
    shape: 'ul(li("red") li("green")) ol(li("one") li("two"))',
  },
  {
    name: 'tight list that turns loose at its last item',
    src: '- Plan your trip\n- Book the hotel\n- Pack light\n\n- Enjoy',
    shape: 'ul(li(p("Plan your trip")) li(p("Book the hotel")) li(p("Pack light")) li(p("Enjoy")))',
  },
  {
    name: 'long numbered list from 7 with nested items, code and a lazy line',
    src: '7. Open the **app**\n8. Go to settings\n   - Account\n   - Privacy\n9. Run:\n   ```sh\n   lumen sync --all\n   ```\n10. Wait until it says\ndone (this line is lazy)\n11. Close it',
    shape: 'ol[start=7](li("Open the " strong("app")) li("Go to settings" ul(li("Account") li("Privacy"))) li("Run:" fence[sh]("lumen sync --all")) li("Wait until it says" br "done (this line is lazy)") li("Close it"))',
  },
  {
    name: 'a long mixed answer',
    src: [
      '# Pricing overview',
      '',
      'Lumen has **three** plans. Prices are per month:',
      '',
      '| Plan | Price | Seats |',
      '|------|------:|------:|',
      '| Free | $0 | 1 |',
      '| Team | $12 | 10 |',
      '',
      '> Yearly billing saves 20%.',
      '',
      'To upgrade:',
      '',
      '1. Open *Billing*',
      '2. Pick a plan',
      '   - Team for up to 10 seats',
      '   - Business above that',
      '3. Confirm:',
      '   ```http',
      '   POST /v1/billing/upgrade',
      '   ```',
      '',
      'Questions? Write to <mailto:sales@lumen.test>.',
    ].join('\n'),
    shape: 'h3("Pricing overview") p("Lumen has " strong("three") " plans. Prices are per month:") region(table(thead(tr(th("Plan") th[right]("Price") th[right]("Seats"))) tbody(tr(td("Free") td[right]("$0") td[right]("1")) tr(td("Team") td[right]("$12") td[right]("10"))))) blockquote(p("Yearly billing saves 20%.")) p("To upgrade:") ol(li("Open " em("Billing")) li("Pick a plan" ul(li("Team for up to 10 seats") li("Business above that"))) li("Confirm:" fence[http]("POST /v1/billing/upgrade"))) p("Questions? Write to " a[mailto:sales@lumen.test]("mailto:sales@lumen.test") ".")',
  },
];
