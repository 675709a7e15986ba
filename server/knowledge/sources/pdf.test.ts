import { describe, expect, test } from 'vitest';
import { makePdf } from '../../test/documents.ts';
import { chunk } from '../knowledge.ts';
import { readPdf } from './pdf.ts';
import { units } from '../units.ts';

describe('PDF files', () => {
  test('one document per page citing the file, title from the metadata, wrapped lines joined', async () => {
    const bytes = await makePdf([
      [['Nimbus Lamp manual'], ['Unpack the lamp and place it on a flat', 'surface away from water.']],
      [['Battery'], ['The battery lasts twelve hours on a full', 'charge and recharges in three hours.']],
    ], { title: 'Nimbus Lamp Manual' });
    const docs = await readPdf(Buffer.from(bytes), 'manuals/nimbus.pdf', 'nimbus');
    expect(docs.map((d) => [d.id, d.sourceId, d.title])).toEqual([
      ['manuals/nimbus.pdf#page=1', 'manuals/nimbus.pdf', 'Nimbus Lamp Manual'],
      ['manuals/nimbus.pdf#page=2', 'manuals/nimbus.pdf', 'Nimbus Lamp Manual'],
    ]);
    expect(docs[1].text).toBe('Battery\n\nThe battery lasts twelve hours on a full charge and recharges in three hours.');
    // Passages keep the file as their source, so a citation names the file.
    expect(chunk(docs[1]).map((p) => [p.id, p.sourceId])).toEqual([['manuals/nimbus.pdf#page=2#0', 'manuals/nimbus.pdf']]);
  });

  test('section titles (a larger font, or numbered) are headings, and a section goes on over the page break', async () => {
    const bytes = await makePdf([
      [['# Cleaning'], ['Wipe the oak base with a dry cloth.'], ['2.1. Shade care'], ['Wash the linen shade by hand.']],
      [['The shade dries in a day.']],
    ], { title: 'Nimbus manual' });
    const docs = await readPdf(bytes, 'm.pdf', 'm');
    expect(docs.flatMap((d) => chunk(d)).map((p) => [p.heading, p.text])).toEqual([
      ['Cleaning', 'Wipe the oak base with a dry cloth.'],
      ['2.1. Shade care', 'Wash the linen shade by hand.'],
      ['2.1. Shade care', 'The shade dries in a day.'],
    ]);
  });

  test('indented paragraphs after a lead-in are the items of a list whose bullets were drawn; a word broken at a hyphen goes on', async () => {
    const bytes = await makePdf([
      [['The heuristic set is specified in one of the following ways:'], ['  a list of one or more of stdstring length64.'],
        ['  all to activate the complete set. It is equivalent to --leak-check-'], ['  heuristics=stdstring,length64.'], ['  none for the empty set.'],
        ['These heuristics depend on the compiler.'], ['  An indented line after prose stays prose.']],
    ]);
    const [doc] = await readPdf(bytes, 'm.pdf', 'm');
    expect(doc.text).toBe([
      'The heuristic set is specified in one of the following ways:', '- a list of one or more of stdstring length64.',
      '- all to activate the complete set. It is equivalent to --leak-check-heuristics=stdstring,length64.', '- none for the empty set.',
      'These heuristics depend on the compiler.', 'An indented line after prose stays prose.',
    ].join('\n\n'));
  });

  test('numbered lines after a lead-in are the items of a list, not section titles', async () => {
    const bytes = await makePdf([
      [['# Setting defaults'], ['The lamp reads its settings from three places:'], ['1. The dial'], ['2. The app'], ['3. The schedule file'],
        ['Later places override earlier ones.'], ['Contents:'], ['1. Background'], ['Nimbus is a Latin word.']],
    ], { title: 'Nimbus manual' });
    const docs = await readPdf(bytes, 'm.pdf', 'm');
    expect(docs.flatMap((d) => chunk(d)).map((p) => [p.heading, p.text])).toEqual([
      ['Setting defaults', 'The lamp reads its settings from three places:\n\n1. The dial\n\n2. The app\n\n3. The schedule file\n\nLater places override earlier ones.\n\nContents:'],
      // No "2." follows: a chapter's title after a table of contents, not a list.
      ['1. Background', 'Nimbus is a Latin word.'],
    ]);
  });

  test('a program\'s output in columns is a table whose rows name their columns; prose of as many words is not', async () => {
    const bytes = await makePdf([
      [['Then comes the counts per function:'], ['--------------------------------', 'Ir I1mr Dr file:function', '--------------------------------',
        '8,821,482 5 2,242,702 getc.c:_IO_getc', '2,521,927 2 591,215 concord.c:hash', '2,649,248 2 . vg_main.c:strcmp'],
      ['The lamp has three', 'modes for the evening', 'and two for mornings.']],
    ]);
    const [doc] = await readPdf(bytes, 'm.pdf', 'm');
    expect(doc.text).toBe([
      'Then comes the counts per function:',
      '| Ir | I1mr | Dr | file:function |\n| --- | --- | --- | --- |\n| 8,821,482 | 5 | 2,242,702 | getc.c:_IO_getc |\n| 2,521,927 | 2 | 591,215 | concord.c:hash |\n| 2,649,248 | 2 | . | vg_main.c:strcmp |',
      'The lamp has three modes for the evening and two for mornings.',
    ].join('\n\n'));
    expect(units(doc.text).filter((u) => u.kind === 'row').map((u) => u.text)[1]).toBe('Ir: 2,521,927; I1mr: 2; Dr: 591,215; file:function: concord.c:hash');
  });

  test('one line of counts under a ruled header is a table too (the program totals)', async () => {
    const bytes = await makePdf([
      [['--------------------------------', 'Ir I1mr Dr', '--------------------------------', '27,742,716 276 10,955,517 PROGRAM TOTALS'],
      ['The lamp has three', 'modes for the evening', 'and two for mornings.']],
    ]);
    const [doc] = await readPdf(bytes, 'm.pdf', 'm');
    expect(units(doc.text).filter((u) => u.kind === 'row').map((u) => u.text)).toEqual(['Ir: 27,742,716; I1mr: 276; Dr: 10,955,517; PROGRAM TOTALS']);
    // Unruled, three lines of prose with figures stay prose.
    const [prose] = await readPdf(await makePdf([[['Sizes are 10 12 14', 'and then 16 18 20 22 24 in total.']]]), 'p.pdf', 'p');
    expect(prose.text).not.toContain('|');
  });

  test('without a metadata title the first line of text is the title', async () => {
    const docs = await readPdf(Buffer.from(await makePdf([[['Warranty terms'], ['Two years against defects.']]])), 'w.pdf', 'w');
    expect(docs[0].title).toBe('Warranty terms');
  });

  test('broken, truncated and text-less files fail with a readable reason', async () => {
    await expect(readPdf(Buffer.from('%PDF-1.7\nthis is not really a pdf'), 'x.pdf', 'x')).rejects.toThrow(/^not a readable PDF/);
    const good = await makePdf([[['Some text']]]);
    await expect(readPdf(Buffer.from(good.subarray(0, 200)), 'cut.pdf', 'cut')).rejects.toThrow(/not a readable PDF|no text layer/);
    await expect(readPdf(Buffer.from(await makePdf([[]])), 'blank.pdf', 'blank')).rejects.toThrow('the PDF has no text layer (a scan needs OCR first)');
  });
});
