import JSZip from 'jszip';
import { describe, expect, test } from 'vitest';
import { chunk } from '../knowledge.ts';
import { makeDocx } from '../../test/documents.ts';
import { MAX_DOCUMENT_XML_BYTES, readDocx } from './docx.ts';

describe('DOCX files', () => {
  test('headings stay headings, so passages are cut at them; title from the core properties', async () => {
    const bytes = await makeDocx([
      { h1: 'Care guide' },
      { p: 'Wipe the oak base with a dry cloth.' },
      { h2: 'Cleaning the shade' },
      { p: 'The linen shade can be washed by hand at 30 degrees.' },
    ], { title: 'Nimbus care' });
    const [doc] = await readDocx(bytes, 'care.docx', 'care');
    expect(doc).toEqual({ id: 'care.docx', title: 'Nimbus care', url: '', text: expect.stringContaining('## Cleaning the shade') });
    expect(chunk(doc).map((p) => [p.heading, p.text])).toEqual([
      ['Care guide', 'Wipe the oak base with a dry cloth.'],
      ['Cleaning the shade', 'The linen shade can be washed by hand at 30 degrees.'],
    ]);
  });

  test('without a title in the core properties the first heading is the title', async () => {
    const [doc] = await readDocx(await makeDocx([{ p: 'Intro line.' }, { h1: 'Shipping' }, { p: 'We ship in two days.' }]), 's.docx', 's');
    expect(doc.title).toBe('Shipping');
  });

  test('a paragraph in Word\'s Title style names the document, and every passage under it', async () => {
    const [doc] = await readDocx(await makeDocx([{ title: 'Harbor House Rules' }, { p: 'Effective March.' }, { h1: 'Kitchen' }, { p: 'Label your food.' }]), 'r.docx', 'r');
    expect(doc.title).toBe('Harbor House Rules');
    expect(chunk(doc).at(-1)).toMatchObject({ title: 'Harbor House Rules', heading: 'Kitchen', text: 'Label your food.' });
  });

  test('a body that inflates past the cap is refused before it is parsed (zip bomb)', async () => {
    // The cap is 50 MB; a 1 MB cap and a 4 MB body show the same check without the wait.
    expect(MAX_DOCUMENT_XML_BYTES).toBe(50 * 1024 * 1024);
    const cap = 1024 * 1024;
    const zip = new JSZip()
      .file('[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
      .file('word/document.xml', `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${' '.repeat(4 * cap)}</w:body></w:document>`);
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bytes.length).toBeLessThan(cap / 10);
    await expect(readDocx(bytes, 'bomb.docx', 'bomb', cap)).rejects.toThrow(`word/document.xml is larger than ${cap} bytes uncompressed`);
    // The same file under a cap it fits is read (and has no text).
    await expect(readDocx(bytes, 'bomb.docx', 'bomb', 8 * cap)).rejects.toThrow('the document has no text');
  });

  test('a file that is not a Word document fails with a readable reason', async () => {
    await expect(readDocx(Buffer.from('PK\u0003\u0004 broken'), 'x.docx', 'x')).rejects.toThrow('not a readable .docx file (not a zip archive)');
    const zip = new JSZip().file('hello.txt', 'hi');
    await expect(readDocx(await zip.generateAsync({ type: 'nodebuffer' }), 'y.docx', 'y')).rejects.toThrow('not a Word document (no word/document.xml)');
  });
});
