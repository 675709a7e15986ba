/** The structure answers are made of (issue 20): wrapped prose, lists with lead-ins, table rows with headers. */
import { describe, expect, test } from 'vitest';
import { htmlToText } from './text.ts';
import { entryDescription, entryTerm, keyCells, units } from './units.ts';
import { terms } from './text.ts';

describe('units', () => {
  test('hard-wrapped lines are one paragraph, split into sentences only at sentence ends', () => {
    expect(units('The charger is in\nthe box. It takes 3\nhours to charge 2.5 Ah.').map((u) => u.text))
      .toEqual(['The charger is in the box.', 'It takes 3 hours to charge 2.5 Ah.']);
    expect(units('It runs much slower (eg. 20 to 30 times), i.e. Slow. No. It is not fast.').map((u) => u.text))
      .toEqual(['It runs much slower (eg. 20 to 30 times), i.e. Slow.', 'No.', 'It is not fast.']);
    // A section number starts its sentence; a number that ends a sentence still ends it.
    expect(units('1.1. How do you pronounce "Valgrind"? 1.2. Where does the name come from? The limit is 100. Then it stops.').map((u) => u.text))
      .toEqual(['1.1. How do you pronounce "Valgrind"?', '1.2. Where does the name come from?', 'The limit is 100.', 'Then it stops.']);
    // An entry that states its case before it asks is one question, number to question mark.
    expect(units('4.4. My program crashes, or vice versa. What\'s happening? The layout differs. 3.6 Tidy up. Is that all? Yes.').map((u) => u.text))
      .toEqual(['4.4. My program crashes, or vice versa. What\'s happening?', 'The layout differs.', '3.6 Tidy up. Is that all?', 'Yes.']);
  });

  test("a paragraph's first sentence says it opens it; an entry's description is what follows its term", () => {
    expect(units('It starts. It goes on.\n\nIt starts again.').map((u) => !!u.opens)).toEqual([true, false, true]);
    expect(entryDescription('--track-fds=<yes|no|all> [default: no]: When enabled, it prints the open files.')).toBe('When enabled, it prints the open files.');
    expect(entryDescription('The plan costs $5.')).toBe('The plan costs $5.');
    expect(entryDescription('--valgrind-stacksize=<number> [default: 1MB]')).toBe('--valgrind-stacksize=<number> [default: 1MB]');
  });

  test('a list keeps its lead-in in its group, items survive blank lines and indented continuations', () => {
    const u = units('Plans include:\n\n- Hot desk\n- Dedicated desk\n  with a locker\n\nAfter the list.');
    expect(u.map((x) => [x.kind, x.text])).toEqual([
      ['lead', 'Plans include:'], ['item', 'Hot desk'], ['item', 'Dedicated desk with a locker'], ['text', 'After the list.'],
    ]);
    expect(new Set(u.slice(0, 3).map((x) => x.group)).size).toBe(1);
  });

  test('an item indented under another opens a nested list, which that item leads; HTML keeps the nesting', () => {
    const { text } = htmlToText('<p>Each object includes:</p><ul><li>model <code>&lt;string&gt;</code></li><li>times <code>&lt;Object&gt;</code><ul><li>user <code>&lt;number&gt;</code></li><li>idle <code>&lt;number&gt;</code></li></ul></li><li>speed</li></ul>');
    expect(text).toMatch(/- times <Object>\s*\n {2}- user <number>/);
    const u = units(text);
    expect(u.map((x) => [x.kind, x.text])).toEqual([
      ['lead', 'Each object includes:'], ['item', 'model <string>'], ['lead', 'times <Object>'], ['item', 'user <number>'], ['item', 'idle <number>'], ['item', 'speed'],
    ]);
    // The nested list has its own group; its lead is an item of the outer list, which goes on after it.
    expect(u[2].parent).toBe(u[0].group);
    expect(u[3].group).toBe(u[2].group);
    expect(u[5].group).toBe(u[0].group);
  });

  test('a Markdown table is read as GitHub reads it: an escaped pipe is in its cell, a row may leave off its closing pipe', () => {
    expect(units('| Property | Type | Default |\n|---|---|---|\n| `disableRequestLogging` | `boolean \\| (req) => boolean` | `false` |').map((u) => u.text))
      .toEqual(['Property: disableRequestLogging; Type: boolean | (req) => boolean; Default: false']);
    expect(units('| Code | Description |\n|---|---|\n| A_ONE | First. |\n| A_TWO | Second.\n| A_THREE | Third. |').map((u) => u.text))
      .toEqual(['Code: A_ONE; Description: First.', 'Code: A_TWO; Description: Second.', 'Code: A_THREE; Description: Third.']);
    // A line that opens with a pipe but no table is prose.
    expect(units('| not a table').map((u) => u.kind)).toEqual(['text']);
  });

  test('a row is keyed by its identifiers, and by all the words of a short first cell', () => {
    const keys = (row: string) => units(`| Zone | Countries |\n|---|---|\n${row}`).flatMap((u) => keyCells(u, (t) => terms(t)));
    expect(keys('| Zone 5 | All other countries |')).toEqual([['zone', '5']]);
    expect(keys('| ENOSPC | No space left |')).toEqual([['enospc']]);
    // A name with a dot or colon is its parts, each an identifier (not "new", "word", "node").
    expect(keys('| 3,152 | concord.c:new_word_node |')).toEqual([['concord', 'new_word_node']]);
    // One word of many rows ("Ctrl" of "Ctrl + Shift") names no row.
    expect(keys('| Ctrl + Shift | Both at once, for a long time |')).toEqual([['ctrl', 'shift']]);
    expect(keys('| Ctrl + | Both |')).toEqual([]);
    // In a table of figures, its first cell of words names the row.
    expect(keys('| 27,742,716 | 276 | PROGRAM TOTALS |')).toEqual([['program', 'total']]);
  });

  test('an entry of a reference is known by the name it opens with', () => {
    expect(entryTerm('--gen-suppressions=<yes|no|all> [default: no]')).toBe('--gen-suppressions');
    expect(entryTerm('--quiet: Suppress unnecessary output messages on stderr.')).toBe('--quiet');
    expect(entryTerm('pull <repository> <remote-ref>: Exactly like merge.')).toBe('pull');
    expect(entryTerm('ignoreErrors <boolean> Ignore errors when writing to the underlying streams.')).toBe('ignoreErrors');
    // Prose that opens with a word is no entry.
    expect(entryTerm('When set to yes, Valgrind will pause after every error.')).toBeNull();
    expect(entryTerm('Note: this is prose.')).toBe('Note');
  });

  test('a Markdown table becomes rows that name their headers', () => {
    expect(units('| Plan | Midtown | Harbor |\n|---|---|---|\n| Hot Desk | $269 | $289 |').map((u) => [u.kind, u.text]))
      .toEqual([['row', 'Plan: Hot Desk; Midtown: $269; Harbor: $289']]);
  });

  test('an HTML (or DOCX) table keeps its rows whole, paragraphs inside cells included', () => {
    const { text } = htmlToText('<p>Fees:</p><table><tr><th><p>Item</p></th><th>Fee</th></tr><tr><td><p>Lost card</p></td><td>$25</td></tr></table>');
    expect(units(text).map((u) => [u.kind, u.text])).toEqual([['lead', 'Fees:'], ['row', 'Item: Lost card; Fee: $25']]);
  });

  test('a definition line is joined to its description; code stays line by line', () => {
    expect(units('--onto=<onto>::\n\tUse this commit\n\tas the base.\n\n```\nnpm i\nnpm t\n```').map((u) => u.text))
      .toEqual(['--onto=<onto>: Use this commit as the base.', 'npm i', 'npm t']);
    // An option's short and long names on consecutive lines both name its description.
    expect(units('-m <message>::\n--message=<message>::\n\tSpecify <message> as the commit message.').map((u) => u.text))
      .toEqual(['-m <message>, --message=<message>: Specify <message> as the commit message.']);
    expect(units('```\nnpm i\n```').map((u) => u.kind)).toEqual(['code']);
    // A short description is one unit with its term, as a table row's cell is; a long one is sentences.
    expect(units('add <repository>::\n\tCreate the subtree by importing its contents.\n\tA new commit is created automatically.').map((u) => u.text))
      .toEqual(['add <repository>: Create the subtree by importing its contents. A new commit is created automatically.']);
    expect(units(`split::\n\tExtract a history. ${'It goes on and on about the history. '.repeat(12)}`).length).toBeGreaterThan(2);
    // Plain-text docs fence a listing with long dashed lines: its comments are code, not headings.
    const listing = units('Invoke it like this:\n\n--------------------\n# jump to merge conflicts\ngit jump merge\n--------------------\n\nIt works with vim.');
    expect(listing.map((u) => [u.kind, u.text])).toEqual([['text', 'Invoke it like this:'], ['code', '# jump to merge conflicts'], ['code', 'git jump merge'], ['text', 'It works with vim.']]);
    // A title's underline is not a fence.
    expect(units('Bugs\n--------------------\nNone known.').map((u) => u.text)).toEqual(['None known.']);
  });

  test('AsciiDoc: a "+" line continues an entry as a new paragraph; its quotes and passthroughs are plain text', () => {
    // The "+" was read as a word: "…from the spool. + This keeps the logs short."
    expect(units('--compact::\n\tMerge the records from the spool.\n+\nThis keeps the logs short.').map((u) => u.text))
      .toEqual(['--compact: Merge the records from the spool.', 'This keeps the logs short.']);
    expect(units("Each line reads ``Owner $$<owner@site>$$'' then a count.").map((u) => u.text))
      .toEqual(['Each line reads "Owner <owner@site>" then a count.']);
  });

  test('an option\'s synopsis on a line of its own is joined to its description\'s first sentence', () => {
    // A manual (a PDF's paragraphs) sets the synopsis over its description: apart, one said the
    // default without what it is for, the other what it is for without the option's name.
    expect(units('--spool-size=<bytes> [default: 4096]\n\nSets how much the spooler holds before it writes. Larger is faster.').map((u) => u.text))
      .toEqual(['--spool-size=<bytes> [default: 4096]: Sets how much the spooler holds before it writes.', 'Larger is faster.']);
    expect(units('The spooler takes these options:\n\n- -j, --max-jobs=N\n\n- By default, up to 8 jobs run at once.').map((u) => [u.kind, u.text]))
      .toEqual([['lead', 'The spooler takes these options:'], ['item', '-j, --max-jobs=N: By default, up to 8 jobs run at once.']]);
    // A sentence that starts with an option is not a synopsis.
    expect(units('--verbose and --quiet exclude each other.\n\nPick one.').map((u) => u.text)).toEqual(['--verbose and --quiet exclude each other.', 'Pick one.']);
  });

  test('a sentence that announces a list is its lead-in, with or without a colon', () => {
    const u = units('The following flags can be passed as hints.\n\n- ADDRCONFIG: only configured families.\n\n- V4MAPPED: mapped addresses.');
    expect(u.map((x) => x.kind)).toEqual(['lead', 'item', 'item']);
    expect(units('It is fast.\n\n- one\n- two')[0].kind).toBe('text');
  });

  test('a sentence cut by a page break goes on; a finished paragraph does not', () => {
    expect(units('checked for being fishy: malloc, calloc,\n\nmemalign, new.\n\nNext paragraph.').map((u) => u.text))
      .toEqual(['checked for being fishy: malloc, calloc, memalign, new.', 'Next paragraph.']);
    expect(units('It ends here.\n\nlowercase start.').length).toBe(2);
  });

  test('HTML written in Markdown goes (an anchor, a line break); a type in angle brackets stays', () => {
    expect(units('<a id="close"></a>\n\nCloses the server.<br> Takes a callback <Function>.').map((u) => u.text))
      .toEqual(['Closes the server.', 'Takes a callback <Function>.']);
  });
});
