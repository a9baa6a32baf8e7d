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

/** Rows to CSV text with CRLF line ends, header first. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return csvLines([header, ...rows]);
}

/**
 * Rows as CSV lines, each ending with CRLF: a part of a file written in pieces (a long export is
 * streamed a page of rows at a time); the pieces joined are `toCsv`'s text to the byte.
 */
export function csvLines(rows: readonly (readonly (string | number)[])[]): string {
  let text = '';
  for (const row of rows) text += `${row.map(csvField).join(',')}\r\n`;
  return text;
}
