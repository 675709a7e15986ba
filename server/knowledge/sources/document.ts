/**
 * What every loader returns: a plain document. A file that splits into parts (a PDF's pages)
 * gives one document per part, each with its own `id`, all citing the file as `sourceId`.
 */
import { basename, extname, relative, sep } from 'node:path';
import type { KnowledgeDoc } from '../../config/config.ts';

export interface SourceDocument extends KnowledgeDoc {
  /** What a citation names (`source_id`); defaults to `id`. */
  sourceId?: string;
}

/** A file's id in its knowledge folder: its relative path with forward slashes. */
export const fileId = (file: string, root: string): string => relative(root, file).split(sep).join('/');

/** The title a file gets when nothing inside it names one: its name, dashes as spaces. */
export const fileTitle = (file: string): string => basename(file, extname(file)).replace(/[-_]+/g, ' ').trim();

/** The first Markdown heading of a text, if any. */
export const firstHeading = (text: string): string | null => /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/m.exec(text)?.[1] ?? null;
