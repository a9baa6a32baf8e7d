import { describe, expect, it } from 'vitest';
import { csvField, csvLines, csvRupees } from './csv.js';

/** The cells a spreadsheet sees when it splits a CSV line on `separator`, honouring quotes. */
function splitCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}

const FORMULA_START = /^[=+\-@\t\r]/;

describe('csvField', () => {
  it('quotes every text field and doubles its quotes', () => {
    expect(csvField('zucchini')).toBe('"zucchini"');
    expect(csvField('Apple, red')).toBe('"Apple, red"');
    expect(csvField('5" pot')).toBe('"5"" pot"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('')).toBe('""');
  });

  it('writes numbers unquoted', () => {
    expect(csvField(3.52)).toBe('3.52');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(0)).toBe('0');
  });

  it('defuses a leading = + - @ tab or carriage return', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvField(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`);
    }
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('keeps a formula after a semicolon inside its cell when a spreadsheet splits on ;', () => {
    const name = "Ravi;=cmd|' /C calc'!A0;";
    const line =
      csvLines([
        ['Buyer', 'Total'],
        [name, 120],
      ]).split('\r\n')[1] ?? '';
    for (const separator of [';', ',']) {
      const cells = splitCells(line, separator);
      expect(cells.some((cell) => FORMULA_START.test(cell))).toBe(false);
    }
    expect(splitCells(line, ';')).toEqual([`${name},120`]);
    expect(splitCells(line, ',')).toEqual([name, '120']);
  });
});

describe('csvLines', () => {
  it('writes the header then the rows, CRLF after each', () => {
    expect(
      csvLines([
        ['Product', 'Kg', 'Orders'],
        ['Apple, red', 1, 1],
        ['zucchini', 3.52, 3],
      ]),
    ).toBe('"Product","Kg","Orders"\r\n"Apple, red",1,1\r\n"zucchini",3.52,3\r\n');
  });

  it('writes a file in pieces that join to the whole file to the byte', () => {
    const header = ['Name', 'Kg'];
    const rows: (string | number)[][] = [
      ['=cmd', 1],
      ['a "b"', 2.5],
      ['c;d', 0],
    ];
    expect(csvLines([header]) + csvLines(rows.slice(0, 1)) + csvLines(rows.slice(1))).toBe(csvLines([header, ...rows]));
    expect(csvLines([])).toBe('');
  });
});

describe('csvRupees', () => {
  it('writes rupees to the paisa as a number cell', () => {
    expect(csvRupees(0.1 + 0.2)).toBe(0.3);
    expect(csvRupees(379.5)).toBe(379.5);
    expect(csvRupees(-12.345)).toBe(-12.35);
    expect(csvLines([[csvRupees(1234.5)]])).toBe('1234.5\r\n');
  });
});
