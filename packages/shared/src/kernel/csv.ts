/**
 * CSV for spreadsheets (RFC 4180, CRLF). Every text field is quoted, so a field holding the
 * separator of another locale (`;`) can never be split into a cell of its own; a text field
 * starting with = + - @ tab or carriage return is defused with an apostrophe, so a spreadsheet
 * never runs a name as a formula. Numbers are written as they are, unquoted.
 */

/** One CSV field: a number as is, text quoted (and defused when it could start a formula). */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Rupees as a CSV number cell, to the paisa, so a spreadsheet sums it and no binary noise shows: 0.1 + 0.2 → 0.3. */
export const csvRupees = (rupees: number): number => Number(rupees.toFixed(2));

/**
 * Rows as CSV lines, each ending with CRLF (a file is its header row, then its rows), or a part of
 * a file written in pieces (a long export is streamed a page of rows at a time): the pieces joined
 * are the whole file's lines to the byte.
 */
export function csvLines(rows: readonly (readonly (string | number)[])[]): string {
  let text = '';
  for (const row of rows) text += `${row.map(csvField).join(',')}\r\n`;
  return text;
}
