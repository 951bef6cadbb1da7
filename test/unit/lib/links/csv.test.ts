// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toCsv } from '@/lib/links/csv';

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
