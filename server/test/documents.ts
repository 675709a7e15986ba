/**
 * Real PDF and DOCX files made by writer libraries (pdf-lib, docx), so tests read what an
 * office suite or a PDF printer would produce, with no binaries committed.
 */
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A PDF whose pages hold these paragraphs (lines within a paragraph are drawn one under
 * another); a line written "# Title" is drawn in a larger font, as a section title.
 */
export async function makePdf(pages: string[][][], o: { title?: string } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (o.title) pdf.setTitle(o.title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const paragraphs of pages) {
    const page = pdf.addPage([595, 842]);
    let y = 790;
    for (const lines of paragraphs) {
      for (const line of lines) {
        // "# " marks a title (a larger font); two leading spaces an indented line (a drawn bullet's item).
        const title = line.startsWith('# ');
        const indented = line.startsWith('  ');
        page.drawText(title ? line.slice(2) : line.trimStart(), { x: indented ? 70 : 50, y, size: title ? 16 : 11, font });
        y -= title ? 20 : 14;
      }
      y -= 14; // a blank line's worth between paragraphs
    }
  }
  return pdf.save();
}

export type DocxBlock = { title: string } | { h1: string } | { h2: string } | { p: string };

export async function makeDocx(blocks: DocxBlock[], o: { title?: string } = {}): Promise<Buffer> {
  const children = blocks.map((b) =>
    'title' in b ? new Paragraph({ text: b.title, heading: HeadingLevel.TITLE })
      : 'h1' in b ? new Paragraph({ text: b.h1, heading: HeadingLevel.HEADING_1 })
      : 'h2' in b ? new Paragraph({ text: b.h2, heading: HeadingLevel.HEADING_2 })
        : new Paragraph(b.p));
  return Packer.toBuffer(new Document({ ...(o.title ? { title: o.title } : {}), sections: [{ children }] }));
}
