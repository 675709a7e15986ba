/**
 * Word files (.docx) with mammoth, which maps Word's paragraph styles to HTML: "Heading 1"
 * becomes <h1>, so headings stay headings and the chunker cuts passages at them. Title: the
 * file's core properties (docProps/core.xml, what Word shows as "Title"), else its first
 * heading (a paragraph in Word's Title style counts as one), else the file name.
 */
import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { htmlToText } from '../text.ts';
import { firstHeading, type SourceDocument } from './document.ts';

const xml = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false });

/**
 * The body XML is parsed into a DOM by mammoth: past this size (text-only Word files stay far
 * below it) a file is refused before it can take the server's memory, as a zip bomb would.
 */
export const MAX_DOCUMENT_XML_BYTES = 50 * 1024 * 1024;

/** Inflates a part only to count its bytes, stopping as soon as it is too large. */
function partTooLarge(file: JSZip.JSZipObject, max: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const stream = file.nodeStream('nodebuffer');
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        stream.pause(); // nothing more is inflated; the stream is dropped with the zip
        resolve(true);
      }
    });
    stream.on('end', () => resolve(false));
    stream.on('error', reject);
  });
}

/** The `dc:title` of a docx package, when it has one. */
async function coreTitle(zip: JSZip): Promise<string | null> {
  const core = await zip.file('docProps/core.xml')?.async('string');
  if (!core) return null;
  try {
    const title = (xml.parse(core) as { coreProperties?: { title?: unknown } }).coreProperties?.title;
    return typeof title === 'string' && title.trim() ? title.trim() : null;
  } catch {
    return null; // a damaged core.xml costs the title, not the document
  }
}

/** Reads a .docx into one document; throws a readable reason when it cannot. */
export async function readDocx(bytes: Buffer, id: string, fallbackTitle: string, maxXmlBytes = MAX_DOCUMENT_XML_BYTES): Promise<SourceDocument[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new Error('not a readable .docx file (not a zip archive)');
  }
  const body = zip.file('word/document.xml');
  if (!body) throw new Error('not a Word document (no word/document.xml)');
  if (await partTooLarge(body, maxXmlBytes)) throw new Error(`word/document.xml is larger than ${maxXmlBytes} bytes uncompressed`);
  let html: string;
  try {
    // Images would arrive as base64 data URLs: drop them, only text is indexed.
    const convertImage = mammoth.images.imgElement(async () => ({ src: '' }));
    // Word's "Title" style is the document's title (mammoth knows only headings by default):
    // as the first heading it names the document when the core properties do not.
    ({ value: html } = await mammoth.convertToHtml({ buffer: bytes }, { convertImage, styleMap: ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => p:fresh"] }));
  } catch (e) {
    throw new Error(`not a readable .docx file (${(e as Error).message})`);
  }
  const { text } = htmlToText(html);
  if (!text) throw new Error('the document has no text');
  const title = (await coreTitle(zip)) ?? firstHeading(text) ?? fallbackTitle;
  return [{ id, title, url: '', text }];
}
