/** The CSV writer: quoting, doubled quotes, formula-looking cells neutralised, BOM and CRLF; it reads back with the bulk reader. */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '@/lib/links/bulk-csv';
import { csvCell, toCsv } from '@/lib/links/csv';

describe('csv writer', () => {
  it('quotes every cell and doubles the quotes inside', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell(42)).toBe('"42"');
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const text of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvCell(text).startsWith(`"'`)).toBe(true);
    }
    expect(csvCell('https://a.example/?x=1')).toBe('"https://a.example/?x=1"');
  });

  it('writes a BOM and CRLF lines that parse back to the same cells', () => {
    const rows = [
      ['long url', 'short url'],
      ['https://a.example/?a=1,2', 'https://s/1'],
      ['line\r\nbreak', '"quoted"'],
    ];
    const text = toCsv(rows);
    expect(text.startsWith('\uFEFF"long url"')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text).map((r) => r.fields)).toEqual(rows);
  });
});
