/**
 * CSV for the console's downloads (RFC 4180: CRLF lines, quotes doubled). Cells are visitor
 * text, so one that a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading
 * apostrophe: OWASP's advice against CSV injection.
 */
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole file: the header row, then the rows. */
export const csv = (header: readonly string[], rows: ReadonlyArray<readonly unknown[]>) => csvLine(header) + rows.map(csvLine).join('');
