import { describe, expect, it } from 'vitest';
import { pdfString, writePdf } from './orders.pdf.js';

/** Checks the cross-reference table: every offset points at its object's header. */
function checkXref(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const rows = text.slice(startxref).split('\n').slice(3).filter((l) => / 00000 n $/.test(l));
  rows.forEach((row, i) => {
    const offset = Number(row.slice(0, 10));
    expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  return rows.length;
}

describe('the PDF writer', () => {
  it('writes a PDF whose cross-reference table points at every object', () => {
    const pdf = writePdf(
      [[{ kind: 'text', x: 50, y: 800, size: 12, font: 'bold', text: 'Invoice INV-GB-000000001' }], [{ kind: 'rule', x1: 50, x2: 545, y: 700 }]],
      { title: 'Invoice', author: 'Ember' },
    );
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(checkXref(pdf)).toBe(10);
    expect(pdf.toString('latin1')).toContain('/Count 2');
    expect(pdf.toString('latin1')).toContain('(Invoice INV-GB-000000001) Tj');
  });

  it('escapes string delimiters and encodes pound, euro and umlauts in WinAnsi', () => {
    expect(pdfString('a(b)c\\').toString('latin1')).toBe('(a\\(b\\)c\\\\)');
    expect([...pdfString('£€ü')]).toEqual([0x28, 0xa3, 0x80, 0xfc, 0x29]);
    expect(pdfString('12,50\u202f€ ✓').toString('latin1')).toBe('(12,50 \x80 ?)');
  });
});
