/**
 * CSV for spreadsheets: what Excel, LibreOffice and Google Sheets open as UTF-8 in the right columns,
 * and never as code. The management page's export writes its links with it.
 */

/** Byte order mark: without it Excel reads a CSV file as the system's legacy code page. */
const BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * that some strip before looking) gets a leading apostrophe, which makes it text: a link title such
 * as `=HYPERLINK(…)` from a server is shown, not run (OWASP's CSV injection advice).
 */
function neutralised(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * The rows as a CSV file's text: a BOM, every cell quoted with its quotes doubled (so commas, quotes
 * and line breaks stay inside their cell), formula-looking cells neutralised, rows ended by CRLF as
 * RFC 4180 says.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const lines = rows.map((row) =>
    row.map((cell) => `"${neutralised(cell).replaceAll('"', '""')}"`).join(','),
  );
  return `${BOM}${lines.map((line) => `${line}\r\n`).join('')}`;
}
