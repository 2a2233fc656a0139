import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, toCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads plain comma-separated records', () => {
    expect(parseCsv('name,price\nKurta,1499\nSaree,2999')).toEqual([
      ['name', 'price'],
      ['Kurta', '1499'],
      ['Saree', '2999'],
    ]);
  });

  it('drops the byte-order mark Excel writes at the start of a CSV UTF-8 file', () => {
    expect(parseCsv('\uFEFFname,price\r\nKurta,1499\r\n')).toEqual([
      ['name', 'price'],
      ['Kurta', '1499'],
    ]);
  });

  it('ends records at CRLF, LF or a lone CR alike', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields, as one record', () => {
    const text = 'name,description\r\n"Kurta, cotton","Hand-block ""Dabu"" print\r\nSoft, breathable"\r\nSaree,Silk\r\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'description'],
      ['Kurta, cotton', 'Hand-block "Dabu" print\r\nSoft, breathable'],
      ['Saree', 'Silk'],
    ]);
  });

  it('makes no record of a trailing line break, but keeps empty lines in between so rows keep their numbers', () => {
    expect(parseCsv('a,b\n\nc,d\n')).toEqual([['a', 'b'], [''], ['c', 'd']]);
    expect(parseCsv('a,b\r\n')).toEqual([['a', 'b']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('keeps empty fields, at the ends too', () => {
    expect(parseCsv(',x,\n"",,""')).toEqual([
      ['', 'x', ''],
      ['', '', ''],
    ]);
  });

  it('keeps a stray quote inside an unquoted field as text', () => {
    expect(parseCsv('Kurta 42" long,5')).toEqual([['Kurta 42" long', '5']]);
  });

  it('refuses a quoted field that never closes, naming the row where it opened', () => {
    try {
      parseCsv('name,description\nKurta,ok\nSaree,"Silk\nmore,text\n', 'not closed');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(CsvError);
      expect((err as CsvError).row).toBe(3);
      expect((err as CsvError).message).toBe('not closed');
    }
  });

  it('reads back what toCsv writes', () => {
    const rows = [
      ['name', 'description', 'price'],
      ['Kurta, cotton', 'Says "hello"\nand more', ' 12 '],
      ['', 'plain', '5'],
    ];
    const text = toCsv(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]).toBe('name,description,price');
    expect(parseCsv(text)).toEqual(rows);
  });

  it('reads a 1,000-row file quickly', () => {
    const rows = [['name', 'description', 'price'], ...Array.from({ length: 1000 }, (_, i) => [`Kurta ${i}`, 'Soft cotton, hand-block "Dabu"\nprinted in Bagru. '.repeat(20), String(i)])];
    const started = performance.now();
    expect(parseCsv(toCsv(rows))).toEqual(rows);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
