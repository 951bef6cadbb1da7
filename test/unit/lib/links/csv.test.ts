/** The CSV writer: quoting, doubled quotes, formula-looking cells neutralised, BOM and CRLF; it reads back with the bulk reader. */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '@/lib/jobs/bulk-csv';
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

describe('toCsv', () => {
  it('starts with a BOM and ends every row with CRLF, every cell quoted', () => {
    expect(
      toCsv([
        ['id', 'alias'],
        ['1', 'docs'],
      ]),
    ).toBe('\uFEFF"id","alias"\r\n"1","docs"\r\n');
  });

  it('doubles quotes and keeps commas and line breaks inside their cell', () => {
    expect(toCsv([['say "hi", then\r\ngo\nnow']])).toBe('\uFEFF"say ""hi"", then\r\ngo\nnow"\r\n');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    const cells = ['=1+1', '+SUM(A1)', '-2', '@cmd', '\t=x', '\r=x', 'a=b', ' =x'];
    expect(toCsv([cells])).toBe(`\uFEFF"'=1+1","'+SUM(A1)","'-2","'@cmd","'\t=x","'\r=x","a=b"," =x"\r\n`);
  });

  it('neutralises a formula whose quotes are doubled too', () => {
    expect(toCsv([['=HYPERLINK("http://evil","x")']])).toBe(
      '\uFEFF"\'=HYPERLINK(""http://evil"",""x"")"\r\n',
    );
  });

  it('keeps unicode as it is', () => {
    expect(toCsv([['Café — 東京 🎉', 'Ünïcödé']])).toBe('\uFEFF"Café — 東京 🎉","Ünïcödé"\r\n');
  });

  it('writes empty cells and no rows', () => {
    expect(toCsv([['', 'x']])).toBe('\uFEFF"","x"\r\n');
    expect(toCsv([])).toBe('\uFEFF');
  });
});
