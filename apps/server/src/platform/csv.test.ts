import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvStream } from './csv.js';

describe('CSV', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', 12, null, true])).toBe('plain,"a,b","say ""hi""","two\nlines",12,,true\r\n');
  });

  it('keeps formulas from running in a spreadsheet', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+49 30 1234')).toBe("'+49 30 1234");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe('-5');
  });

  it('streams pages until one comes back empty, with a byte-order mark and the header first', async () => {
    const pages = [[1, 2], [3], []];
    const asked: (number | null)[] = [];
    const stream = csvStream(['n'], (n: number) => [n], async (after: number | null) => {
      asked.push(after);
      const rows = pages.shift()!;
      return { rows, last: rows.at(-1) ?? null };
    });
    let text = '';
    for await (const chunk of stream) text += chunk;
    expect(text).toBe('\uFEFFn\r\n1\r\n2\r\n3\r\n');
    expect(asked).toEqual([null, 2, 3]);
  });
});
