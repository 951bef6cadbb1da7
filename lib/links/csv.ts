/**
 * Writing CSV that opens correctly in spreadsheets: UTF-8 with a BOM (Excel reads the file as UTF-8
 * only with it), every field quoted, and a cell that a spreadsheet would run as a formula (one starting
 * with =, +, -, @, or a tab or carriage return before them) neutralised with a leading apostrophe, as
 * OWASP advises for CSV injection: a long URL or a server's error text is data, never code.
 *
 *   download('links.csv', toCsv([['long url', 'short url'], [longUrl, shortUrl]]));
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: quoted, inner quotes doubled, formula-looking text neutralised. */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A whole file: a BOM, then one CRLF-ended line per row (RFC 4180). */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')}`;
}
