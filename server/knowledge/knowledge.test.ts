import { describe, expect, test } from 'vitest';
import { compose, chunkText, sentencesOf } from '../engines/extractive.ts';
import { blockedMatcher, redact } from '../chat/filters.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunk, codeNamesIn, entryAsked, entryName, firstTitle, frontMatter, KnowledgeBase, readDocument } from './knowledge.ts';
import { htmlToText, sentences, tokens } from './text.ts';
import { units } from './units.ts';
import { VectorIndex } from './vector-index.ts';

describe('documents', () => {
  test('front matter gives title and url; HTML loses scripts and keeps headings', () => {
    expect(frontMatter('---\ntitle: "A page"\nurl: https://x.example/a\n---\n# Body\ntext')).toEqual({ meta: { title: 'A page', url: 'https://x.example/a' }, body: '# Body\ntext' });
    const html = htmlToText('<html><head><title>T &amp; C</title><script>evil()</script></head><body><h2>Terms</h2><p>Be nice&nbsp;&#33;</p></body></html>');
    expect(html.title).toBe('T & C');
    expect(html.text).toContain('## Terms');
    expect(html.text).toContain('Be nice !');
    expect(html.text).not.toContain('evil');
  });

  test('an HTML file in the folder is read without the site\'s navigation, header and footer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kb-html-'));
    writeFileSync(join(dir, 'dns.html'), '<html><head><title>DNS</title></head><body><header>Site header</header><div role="navigation"><ul><li>os</li><li>zlib</li></ul></div><div id="apicontent"><h2>dns.lookup()</h2><p>Resolves a host name.</p></div><footer>Copyright</footer></body></html>');
    const doc = readDocument(join(dir, 'dns.html'), dir);
    expect(doc.title).toBe('DNS');
    expect(doc.text).toContain('## dns.lookup()');
    expect(doc.text).toContain('Resolves a host name.');
    for (const chrome of ['Site header', 'zlib', 'Copyright']) expect(doc.text).not.toContain(chrome);
    rmSync(dir, { recursive: true });
  });

  test('a code listing cut between passages is closed at the cut and opened again after it', () => {
    const code = Array.from({ length: 30 }, (_, i) => `const value${i} = compute(${i}) // a line of the example, long enough to fill`).join('\n\n');
    const text = `# Example\n\n**app.js**\n\`\`\`js\n${code}\n\`\`\`\n\nThe server listens on port 3000 after this.`;
    const passages = chunk({ id: 'a', title: 'A', url: '', text });
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) expect(p.text.split('\n').filter((l) => l.startsWith('```')).length % 2).toBe(0);
    // The prose after the listing is prose, not code.
    const last = sentencesOf(passages.at(-1)!.text);
    expect(last.find((u) => u.text.includes('port 3000'))?.kind).toBe('text');
  });

  test('AsciiDoc markup lines are dropped outside a listing and kept inside one', () => {
    const text = [
      'SYNOPSIS\n--------\n[verse]\n\'git tool\' [<options>] run',
      '[[opts]]\nOPTIONS\n-------',
      'ifdef::man[]\n--squash::\n\tProduce a single commit.\n+\nThis keeps the log short.\nendif::man[]',
      '[TIP]\nCommit often.',
      '------------\n diff\n+\n+added line\n------------',
    ].join('\n\n');
    const all = chunk({ id: 'tool.txt', title: 'Tool', url: '', text }).map((p) => p.text).join('\n');
    for (const markup of ['[verse]', '[[opts]]', 'ifdef::', 'endif::', '[TIP]']) expect(all).not.toContain(markup);
    expect(all).toContain('--squash::\n\tProduce a single commit.\nThis keeps the log short.');
    expect(all).toContain('Commit often.');
    // In a listing "+" is code (a diff's added blank line).
    expect(all).toContain(' diff\n+\n+added line');
  });

  test('titles underlined with ~, ^ or + are headings, and a tilde underline opens no listing', () => {
    const text = 'Installing\n~~~~~~~~~~\n\nRun the installer.\n\nUpgrading\n^^^^^^^^^\n\nRun it again.\n\nRemoving\n++++++++\n\nDelete the folder.\n\n# After\n\nDone.';
    const parts = chunk({ id: 'tool.txt', title: 'Tool', url: '', text });
    expect(parts.map((p) => [p.heading, p.text])).toEqual([['Installing', 'Run the installer.'], ['Upgrading', 'Run it again.'], ['Removing', 'Delete the folder.'], ['After', 'Done.']]);
  });

  test('a title that ends on a full stop is a heading when its underline is as long as it; a sentence over a longer rule is not', () => {
    const text = 'Fixes and more etc.\n-------------------\n\n * A fix.\n\nIt ended here.\n--------------------------\n\nMore prose.';
    const parts = chunk({ id: 'notes.txt', title: 'Notes', url: '', text });
    expect(parts[0].heading).toBe('Fixes and more etc.');
    expect(parts.map((p) => p.heading)).not.toContain('It ended here.');
  });

  test('a document is not titled by a shell comment inside a listing', () => {
    expect(firstTitle('Use it like this:\n\n----------\n# jump to changes\ngit jump diff\n----------\n\n## Install\n\nCopy it.')).toBe('Install');
    expect(firstTitle('```sh\n# build it\nmake\n```\n\n# Tool\n\nText.')).toBe('Tool');
    expect(firstTitle('Plain text only.\n\n```\n# a comment\n```')).toBeNull();
  });

  test('a short tilde fence under a line of prose still opens a listing', () => {
    const parts = chunk({ id: 'a.md', title: 'A', url: '', text: 'For example\n~~~\n# not a heading\n~~~\n\nAfter.' });
    expect(parts).toHaveLength(1);
    expect(parts[0].text).toContain('# not a heading');
  });

  test('a heading right after a closing fence starts its section', () => {
    const text = "## preHandler\n\nRuns before the handler.\n\n```js\naddHook('preHandler', fn)\n```\n### preSerialization\n\nThe hook is NOT called if the payload is a string.\n\n#### Request ID Tracking\n\nIds come from a header.\n\n```sh\n# a comment\n```";
    const parts = chunk({ id: 'hooks.md', title: 'Hooks', url: '', text });
    expect(parts.map((p) => p.heading)).toEqual(['preHandler', 'preSerialization', 'Request ID Tracking']);
    expect(parts[0].text).not.toContain('preSerialization');
    expect(parts[1].text).toMatch(/^The hook is NOT called if the payload is a string\./);
    // A "#" line inside a listing stays code.
    expect(parts[2].text).toContain('# a comment');
  });

  test('chunks follow headings and keep ids per source', () => {
    const parts = chunk({ id: 'doc.md', title: 'Doc', url: '', text: '# One\n\nAlpha text.\n\n## Two\n\nBeta text.' });
    expect(parts.map((p) => [p.id, p.heading, p.text])).toEqual([['doc.md#0', 'One', 'Alpha text.'], ['doc.md#1', 'Two', 'Beta text.']]);
  });

  test('a passage that is full does not end on a lead-in: the lead-in stays with what it introduces', () => {
    const intro = 'The lamp has a dimmer, a timer and a night mode, and each of them is set in the app. '.repeat(10).trim();
    const list = ['- Dimmer: from 5 to 100 percent', '- Timer: up to 12 hours', '- Night mode: a warm light at 5 percent'].join('\n');
    const parts = chunk({ id: 'lamp.md', title: 'Lamp', url: '', text: `# Settings\n\n${intro}\n\nThe settings have these ranges:\n\n${list}\n\nA long paragraph ends here.` });
    const withList = parts.find((p) => p.text.includes('Timer: up to 12 hours'));
    expect(withList?.text).toContain('The settings have these ranges:');
    expect(parts.some((p) => p.text.trim().endsWith(':'))).toBe(false);
  });

  test('a paragraph that introduces numbered steps without a colon stays with the first step, and the list is cut as prose', () => {
    const before = 'The tool guesses which parts of a change matter and is right most of the time. '.repeat(5).trim();
    const intro = 'Some cases are known to be sub-optimal. This section documents them.';
    const body = (n: number) => `${n}. Case ${n} gets highlighted in a blob. For example:\n\n------\n-foo(buf, size);\n+foo(obj->buf, obj->size);\n------\n\n   which is less readable than it should be. `.padEnd(300, 'x');
    const parts = chunk({ id: 'hl.txt', title: 'HL', url: '', text: `Bugs\n----\n\n${before}\n\n${intro}\n\n${[1, 2, 3, 4].map(body).join('\n\n')}` });
    const withIntro = parts.find((p) => p.text.includes('This section documents them.'));
    expect(withIntro?.text).toContain('1. Case 1 gets highlighted');
    expect(parts.some((p) => p.text.trim().endsWith('This section documents them.'))).toBe(false);
    // Without a colon the list grows as prose does: no passage past twice the size, and the intro is not repeated.
    expect(parts.filter((p) => p.text.includes('This section documents them.'))).toHaveLength(1);
    expect(Math.max(...parts.map((p) => p.text.length))).toBeLessThan(1200);
  });

  test('a loose list (items apart by blank lines) is not cut between its items: the passage ends before its lead-in', () => {
    const intro = 'Memcheck watches every allocation your program makes and checks each access to it. '.repeat(6).trim();
    const items = ['- malloc/new: the memory is addressable but not valid. You have to write to it before you read it.', '- calloc: the memory is addressable and valid, since calloc clears it to zero.', '- realloc: a larger block is addressable but invalid in its new part; a smaller one loses its end.'];
    const parts = chunk({ id: 'mc.pdf', title: 'Memcheck', url: '', text: `${intro}\n\nMemcheck intercepts the allocation calls. The behaviour you get is:\n\n${items.join('\n\n')}\n\nThat is all.` });
    const withList = parts.filter((p) => p.text.includes('calloc: the memory'));
    expect(withList).toHaveLength(1);
    expect(withList[0].text).toContain('The behaviour you get is:');
    expect(withList[0].text).toContain('malloc/new: the memory');
    expect(withList[0].text).toContain('realloc: a larger block');
  });

  test('a loose list longer than two passages is cut between items, and each later piece opens with its lead-in', () => {
    const items = Array.from({ length: 20 }, (_, i) => `- Entry ${i}: what the entry does, in a sentence of about one hundred and twenty characters or so, give or take.`);
    const parts = chunk({ id: 'long.md', title: 'Long', url: '', text: `# Entries\n\nThe entries are:\n\n${items.join('\n\n')}` });
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.text.startsWith('The entries are:')).toBe(true);
    expect(parts.map((p) => p.text).join('\n').match(/- Entry \d+:/g)).toHaveLength(20);
  });

  test('a passage cut inside a code listing opens with its fence again, so what follows the listing is prose', () => {
    const code = Array.from({ length: 16 }, (_, i) => `const option${i} = require('fastify')({ logger: true, value: ${i} })`);
    const parts = chunk({ id: 'server.md', title: 'Server', url: '', text: `# Logging\n\n\`\`\`js\n${code.slice(0, 8).join('\n')}\n\n${code.slice(8).join('\n')}\n\`\`\`\n\nThe other log entries that will be disabled are:\n- an error log\n- an info log` });
    expect(parts.length).toBeGreaterThan(1);
    const last = parts.at(-1)!;
    expect(last.text.startsWith('\`\`\`')).toBe(true);
    expect(units(last.text).find((u) => u.text.startsWith('The other log entries'))?.kind).toBe('lead');
  });

  test('an indented list that opens a passage keeps its indent: its items stay one list, not one nested in the first', () => {
    const intro = 'The script post-processes the line-oriented diff and highlights the differing segments of each pair of lines. '.repeat(8).trim();
    const items = ['  1. It will only highlight hunks in which the number of removed and added lines is the same.', '  2. It will find the common prefix and suffix of two lines.'];
    const parts = chunk({ id: 'dh.txt', title: 'diff-highlight', url: '', text: `${intro}\n\n${items.join('\n\n')}` });
    const withList = parts.find((p) => p.text.includes('common prefix'))!;
    const list = units(withList.text).filter((u) => u.kind === 'item' || u.kind === 'lead');
    expect(list.map((u) => u.kind)).toEqual(['item', 'item']);
    expect(list[0].group).toBe(list[1].group);
  });

  test('items with no lead-in (release notes\' entries) are cut as prose is', () => {
    const items = Array.from({ length: 12 }, (_, i) => ` * "git thing${i}" learned an option, described here in about one hundred and ten characters.`);
    const parts = chunk({ id: 'notes.txt', title: 'Notes', url: '', text: `# Updates\n\n${items.join('\n\n')}` });
    expect(Math.max(...parts.map((p) => p.text.length))).toBeLessThanOrEqual(900);
  });

  test('an FAQ\'s question opens the passage of its answer, not the end of the one before', () => {
    const before = 'Valgrind reports each error once, with a stack trace of where it happened and where the memory was allocated. '.repeat(7).trim();
    const answer = 'Yes! Use the --gen-suppressions=yes option to print the suppressions that would silence each error for you.';
    const parts = chunk({ id: 'faq.txt', title: 'FAQ', url: '', text: `${before}\n\n5.1. Can Valgrind write my suppressions for me?\n\n${answer}\n\n5.2. Is it fast?\n\nNo.` });
    expect(parts.find((p) => p.text.includes(answer))?.text).toContain('5.1. Can Valgrind write my suppressions for me?');
    expect(parts.some((p) => p.text.trim().endsWith('for me?'))).toBe(false);
  });

  test('an option\'s synopsis opens the passage of its description, not the end of the one before', () => {
    const before = 'The spooler reads its options from the command line and from the file spool.conf in the current folder. '.repeat(8).trim();
    const description = 'Sets how much the spooler holds in memory before it writes to the printer.';
    const parts = chunk({ id: 'spool.txt', title: 'Spooler', url: '', text: `${before}\n\n--spool-size=<bytes> [default: 4096]\n\n${description}` });
    expect(parts.find((p) => p.text.includes(description))?.text).toContain('--spool-size=<bytes> [default: 4096]');
  });

  test('a title underlined with = or - is a heading; the dashes around a code listing are not', () => {
    const parts = chunk({ id: 'dh.txt', title: 'diff-highlight', url: '', text: 'Color Config\n------------\n\nYou can configure the colors.\n\nExamples:\n\n---------------------------------------------\n# run it\ngit log -p --color\n---------------------------------------------\n\nBugs\n====\n\nNone known.' });
    expect(parts.map((p) => [p.heading, p.text.split('\n')[0]])).toEqual([
      ['Color Config', 'You can configure the colors.'],
      ['Bugs', 'None known.'],
    ]);
    expect(parts[0].text).toContain('git log -p --color');
    // A shell comment in a listing that has blank lines inside is not a heading either.
    const jump = chunk({ id: 'jump.txt', title: 'git-jump', url: '', text: 'Using git-jump\n--------------\n\nInvoke it like this:\n\n--------------------------------------------------\n# jump to changes not yet staged for commit\ngit jump diff\n\n# jump to merge conflicts\ngit jump merge\n--------------------------------------------------\n\nIt works with vim.' });
    expect(jump.map((p) => p.heading)).toEqual(['Using git-jump']);
    expect(jump[0].text).toContain('# jump to merge conflicts');
    const md = chunk({ id: 'a.md', title: 'A', url: '', text: '# Install\n\n```sh\nnpm i x\n\n# then start it\nnpm start\n```\n\nDone.' });
    expect(md.map((p) => p.heading)).toEqual(['Install']);
    // A long rule on its own (a thematic break between sections) opens no listing.
    const ruled = chunk({ id: 'r.md', title: 'R', url: '', text: '# One\n\nAlpha.\n\n--------------------\n\n# Two\n\nBeta.' });
    expect(ruled.map((p) => p.heading)).toEqual(['One', 'Two']);
  });

  test('plain-text titles: a line in capitals alone, or a banner between rows of #', () => {
    const parts = chunk({ id: 'p.txt', title: 'persistent-https', url: '', text: 'The binary speeds up SSL.\n\n##########\n# BUILDING FROM SOURCE\n##########\n\nPREREQUISITES\n\nThe code is written in Go.\n\nBUILDING\n\nRun "make" to build the binaries.\n\nNOTE: HTTP AND HTTPS ARE BOTH SUPPORTED.' });
    expect(parts.map((p) => [p.heading, p.text])).toEqual([
      ['', 'The binary speeds up SSL.'],
      ['PREREQUISITES', 'The code is written in Go.'],
      ['BUILDING', 'Run "make" to build the binaries.\n\nNOTE: HTTP AND HTTPS ARE BOTH SUPPORTED.'],
    ]);
  });

  test('a long table is cut between rows, each piece under the header; a short one stays whole', () => {
    const rows = Array.from({ length: 60 }, (_, i) => `| E${i} | Error number ${i} of the request parser. | Fix input ${i}. |`);
    const long = chunk({ id: 'errors.md', title: 'Errors', url: '', text: `# Codes\n\nThe errors are:\n\n| Code | Description | How to solve |\n|---|---|---|\n${rows.join('\n')}` });
    expect(long.length).toBeGreaterThan(3);
    for (const p of long) {
      expect(p.text.length).toBeLessThan(1100);
      expect(p.text.startsWith('The errors are:\n\n| Code | Description | How to solve |\n|---|---|---|\n| E')).toBe(true);
    }
    expect(long.map((p) => p.text).join('\n').match(/\| E\d+ \|/g)).toHaveLength(60); // every row once
    // An HTML table (no separator line) is cut the same way.
    const html = chunk({ id: 'os.html', title: 'OS', url: '', text: `| Constant | Description |\n${rows.join('\n')}` });
    expect(html.every((p) => p.text.startsWith('| Constant | Description |\n| E'))).toBe(true);
    const short = chunk({ id: 'plans.md', title: 'Plans', url: '', text: '| Plan | Price |\n|---|---|\n| Basic | $30 |\n| Plus | $45 |' });
    expect(short).toHaveLength(1);
  });

  test('a one-letter option ("-m") is a word of the search; the letter of "e-mail" or "x - y" is not', () => {
    const kb = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'm', title: 'Options', url: '', text: '-m <message>::\n--message=<message>::\n\tSpecify <message> as the commit message for the merge.' },
      { id: 's', title: 'Options', url: '', text: '--squash::\n\tProduce a single commit for the merge, with a message of its own.' },
    ] } });
    const r = kb.search('What is -m for in a merge?');
    expect([...r.weights.keys()]).toContain('-m');
    expect(r.passages[0].sourceId).toBe('m');
    expect(tokens('send an e-mail, or x - y').filter((t) => t.startsWith('-'))).toEqual([]);
    expect(tokens('git commit -m "fix" -P')).toEqual(expect.arrayContaining(['-m', '-P']));
  });

  test('a count with thousands separators is one number: its groups are not the visitor\'s numbers', () => {
    expect(tokens('Dr: 2,276,334 and 276; Node 6, 8, 10; $1,000')).toEqual(['Dr', '2276334', 'and', '276', 'Node', '6', '8', '10', '1000']);
  });

  test('a one-letter key of a key combination ("Ctrl + U") is a word of the search, with its modifier', () => {
    expect(tokens('Ctrl + U, Meta+B or Ctrl + Shift + Backspace')).toEqual(['Ctrl', 'ctrl+u', 'Meta', 'meta+b', 'or', 'Ctrl', 'Shift', 'Backspace']);
    const kb = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'keys', title: 'TTY keybindings', url: '', text: '| Keybindings | Description |\n|---|---|\n| Ctrl + F | Forward one character |\n| Ctrl + U | Delete from the current position to the line start |\n| Ctrl + K | Delete from the current position to the end of line |' },
      { id: 'other', title: 'Other', url: '', text: 'A description of something else.' },
    ] } });
    const r = kb.search('What is the description for Ctrl + U?');
    expect(compose('What is the description for Ctrl + U?', r.passages, r.weights)?.text).toBe('Keybindings: Ctrl + U; Description: Delete from the current position to the line start');
  });

  test('the entry of a man page\'s list of commands is found by its term, as a heading is', () => {
    const kb = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'cmds', title: 'git stash', url: '', text: 'pop [<stash>]::\n\tRemove a single stash entry from the list and apply it.' },
      { id: 'notes', title: 'git stash', url: '', text: 'A pop removes an applied stash from the list.' },
    ] } });
    expect(kb.search('What does git stash pop do?').passages[0].sourceId).toBe('cmds');
  });

  test('the section whose heading is what the question asks about comes first', () => {
    const kb = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'intro', title: 'Reports', url: '', text: '## Reports\n\nReports are built by the report job, and a monthly report and a weekly report can both be sent. Each monthly report lists the usage of the month, and a monthly report is sent on the 1st.' },
      { id: 'kinds', title: 'Reports', url: '', text: '## Monthly reports\n\nThere are three, and each one is sent by e-mail to the account owner on request.' },
      { id: 'other', title: 'Usage', url: '', text: '## Usage\n\nUsage is counted per day.' },
    ] } });
    expect(kb.search('What monthly reports are there?').passages[0].id).toBe('kinds#0');
  });

  test('a name of code in the question finds the entry its signature heading names, leaving room for its subsection', () => {
    expect(codeNamesIn('What does reply.then() take, e.g. in os.cpus().length?')).toEqual(['reply.then', 'os.cpus']);
    expect(entryName('url.canParse(input[, base])')).toBe('url.canParse');
    // Case tells two functions apart (url.parse() and URL.parse()), but for a name's first letter.
    expect(entryAsked({ heading: 'URL.parse(input[, base])', title: 'URL' }, codeNamesIn('When was url.parse() deprecated?'))).toBe(false);
    expect(entryAsked({ heading: 'url.parse(input)', title: 'URL' }, codeNamesIn('When was Url.parse() deprecated?'))).toBe(true);
    expect(entryName('#### `.code(statusCode)`'.replace(/^#+ /, ''))).toBe('.code');
    expect(entryName('Class: dns.Resolver')).toBe('dns.Resolver');
    expect(entryName('Supported flags')).toBeNull();
    // An entry cut into many passages (prose of about CHUNK_CHARS each): only its best two
    // come first, so the subsection whose heading says the question's other words is found.
    const prose = (n: number) => `The loader sends request number ${n} through the pool, and the loader keeps the pool warm between requests so that every request finds a free slot. `.repeat(6);
    const kb = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'loader', title: 'Loader', url: '', text: `## loader.fetch(url[, options])\n\n${[1, 2, 3, 4, 5].map(prose).join('\n\n')}\n\n### Supported fetch modes\n\nThe modes below can be passed to loader.fetch() as the mode option: eager, lazy and cached.` },
      { id: 'pool', title: 'Pool', url: '', text: '## Pool\n\nThe pool holds the slots.' },
    ] } });
    const found = kb.search('Which fetch modes can I pass to loader.fetch()?').passages;
    expect(found.slice(0, 2).every((p) => p.heading === 'loader.fetch(url[, options])')).toBe(true);
    expect(found.slice(0, 3).map((p) => p.heading)).toContain('Supported fetch modes');
  });

  test('a numbered procedure is found as steps, though it never says the word', () => {
    const kb = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'travel', title: 'Travel', url: '', text: '## Before you travel\n\nFollow these steps before you leave:\n\n- Check that your account is in good standing.\n- Turn on data roaming.' },
      { id: 'port', title: 'Porting', url: '', text: '## How to port your number\n\n1. Do not cancel your current service.\n2. Ask your current carrier for your transfer PIN.\n3. Restart your phone when the port is complete.' },
      { id: 'away', title: 'Leaving', url: '', text: '## Moving your number away\n\nTo port your number to another carrier, get your transfer PIN in the app.' },
    ] } });
    expect(kb.search('What are the steps to port my number?').passages[0].id).toBe('port#0');
  });

  test('search scores lie in [0,1] and the best passage answers the question', () => {
    const kb = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'a', title: 'Battery', url: '', text: 'The battery lasts twelve hours on a full charge.' },
      { id: 'b', title: 'Colours', url: '', text: 'The lamp comes in white, black and sage green.' },
    ] } });
    const r = kb.search('How long does the battery last?');
    expect(r.passages[0].sourceId).toBe('a');
    for (const p of r.passages) expect(p.score).toBeGreaterThanOrEqual(0), expect(p.score).toBeLessThanOrEqual(1);
    expect(kb.search('the of and').passages).toEqual([]);
  });

  test('a missing folder is reported, and the inline documents still work', () => {
    const kb = new KnowledgeBase({ knowledge: { dir: '/definitely/not/here', documents: [{ id: 'x', title: 'X', url: '', text: 'Zebras are striped.' }] } });
    expect(kb.degraded).toBe(true);
    expect(kb.search('zebras').passages[0].sourceId).toBe('x');
  });
});

describe('extractive answers', () => {
  test('picks the relevant sentences, not the whole passage, and keeps decimals whole', () => {
    const passages = [{ id: 'p#0', sourceId: 'p', title: 'Setup', url: '', heading: '', score: 0.9,
      text: 'Welcome to the lamp. Pairing needs a 2.4 GHz Wi-Fi network. The lamp is made of oak.' }];
    const out = compose('Which wifi network does pairing need?', passages, new Map())!;
    expect(out.text).toBe('Pairing needs a 2.4 GHz Wi-Fi network.');
    expect(out.used).toEqual(['p#0']);
    expect(compose('anything', [{ ...passages[0], score: 0.05 }], new Map())).toBeNull();
    expect(sentences('One. Two 2.5 units! Three?')).toEqual(['One.', 'Two 2.5 units!', 'Three?']);
  });

  test('splits a passage into plain sentences and their terms once, then reuses them', () => {
    const text = 'Pairing needs a **2.4 GHz** Wi-Fi network. The lamp is made of oak, oak and more oak.';
    const first = sentencesOf(text);
    expect(first.map((s) => s.text)).toEqual(['Pairing needs a 2.4 GHz Wi-Fi network.', 'The lamp is made of oak, oak and more oak.']);
    // Stemmed as retrieval stems them: "Pairing" is found by "pair", "paired", "pairs".
    expect(first[0].words).toEqual(expect.arrayContaining(['pair', 'ghz', 'wifi', 'network']));
    expect(first[1].words).toEqual(['lamp', 'make', 'oak', 'more']); // "made" is a form of "make"
    expect(sentencesOf(text)).toBe(first);
  });

  test('streams in several chunks that join back to the text', () => {
    const text = 'The lamp costs 79 euros including VAT, shipping is free.';
    const parts = chunkText(text);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join('')).toBe(text);
  });
});

describe('filters', () => {
  test('blocked terms match whole words, ignoring case', () => {
    const hit = blockedMatcher(['crowbar', 'bad word']);
    expect(hit('Use a CROWBAR.')).toBe(true);
    expect(hit('a Bad Word here')).toBe(true);
    expect(hit('crowbars')).toBe(false);
  });

  test('redaction of emails, phones and card numbers, leaving dates, prices and versions', () => {
    const text = 'Mail a.b@example.co.uk, call +49 (30) 123-4567 or 030 1234567. Card 4111 1111 1111 1111. On 2024-05-01 v1.2.3 costs 79.99 euros.';
    expect(redact(text, ['email', 'phone', 'credit_card'])).toBe('Mail [email removed], call [phone removed] or [phone removed]. Card [card number removed]. On 2024-05-01 v1.2.3 costs 79.99 euros.');
    expect(redact(text, [])).toBe(text);
  });
});

describe('the passages after a found one (SearchResult.following)', () => {
  test('are those of its document under the same heading, in order, and stop at the next heading', () => {
    const long = (w: string) => Array.from({ length: 40 }, (_, i) => `The ${w} sentence number ${i} says a little more.`).join(' ');
    const kb = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'guide', title: 'Guide', url: '', text: `# Setup\n\nThe zebrafish intro opens here.\n\n${long('first')}\n\n${long('second')}\n\n# Other\n\n${long('other')}` },
    ] } });
    const found = kb.search('zebrafish');
    const top = found.passages[0];
    expect(top.heading).toBe('Setup');
    const after = found.following!.get(top.id)!;
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((p) => p.heading === 'Setup' && p.id.startsWith('guide#'))).toBe(true);
    expect(after.map((p) => p.id)).toEqual([...after.map((p) => p.id)].sort((a, b) => Number(a.split('#')[1]) - Number(b.split('#')[1])));
  });

  test('come with a passage found only by meaning too', () => {
    const long = (w: string) => Array.from({ length: 40 }, (_, i) => `The ${w} sentence number ${i} says a little more.`).join(' ');
    const kb = new KnowledgeBase({ knowledge: { dir: null, documents: [
      { id: 'guide', title: 'Guide', url: '', text: `# Setup\n\nThe zebrafish intro opens here.\n\n${long('first')}\n\n${long('second')}` },
    ] } });
    // One direction per passage: the question's vector is the first passage's, and shares none of its words.
    const rows = kb.embeddingTexts().length;
    const unit = (i: number) => Float32Array.from({ length: rows }, (_, j) => (i === j ? 1 : 0));
    kb.attachVectors({ index: VectorIndex.of(Array.from({ length: rows }, (_, i) => unit(i)), rows), minSimilarity: 0.5, embed: async () => null });
    const found = kb.search('aquarium pet', { vector: unit(0) });
    const top = found.passages.find((p) => p.text.includes('zebrafish'))!;
    expect(top).toBeDefined();
    expect(kb.search('aquarium pet').passages.some((p) => p.id === top.id)).toBe(false);
    const after = found.following!.get(top.id)!;
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((p) => p.heading === 'Setup' && p.id.startsWith('guide#'))).toBe(true);
  });
});
