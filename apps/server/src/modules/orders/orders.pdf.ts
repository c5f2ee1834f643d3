/**
 * A minimal PDF 1.4 writer for text documents (invoices): A4 pages, the standard Helvetica and
 * Courier fonts in WinAnsiEncoding (no embedding), positioned lines of text and rules. Enough for a
 * printable invoice without a PDF dependency; see docs/decisions/0008.
 */

export type PdfFont = 'regular' | 'bold' | 'mono';

export interface PdfText {
  kind: 'text';
  x: number;
  y: number;
  size: number;
  font: PdfFont;
  text: string;
}

export interface PdfRule {
  kind: 'rule';
  x1: number;
  x2: number;
  y: number;
}

export type PdfItem = PdfText | PdfRule;

export const A4 = { width: 595, height: 842 } as const;
const FONTS: Record<PdfFont, { name: string; resource: string }> = {
  regular: { name: 'Helvetica', resource: 'F1' },
  bold: { name: 'Helvetica-Bold', resource: 'F2' },
  mono: { name: 'Courier', resource: 'F3' },
};

// WinAnsiEncoding (cp1252) bytes 0x80–0x9F for the characters outside Latin-1 that invoices use.
const CP1252: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a,
  '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97,
  '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/** Encodes text as WinAnsi bytes inside a PDF literal string: escapes delimiters, replaces what it cannot show with '?'. */
export function pdfString(text: string): Buffer {
  const bytes: number[] = [0x28];
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    let b: number;
    if (CP1252[ch] !== undefined) b = CP1252[ch]!;
    else if (code === 0x202f || code === 0xa0) b = 0x20;
    else if (code >= 0x20 && code <= 0x7e) b = code;
    else if (code >= 0xa1 && code <= 0xff) b = code;
    else b = 0x3f;
    if (b === 0x28 || b === 0x29 || b === 0x5c) bytes.push(0x5c);
    bytes.push(b);
  }
  bytes.push(0x29);
  return Buffer.from(bytes);
}

/** Width of text in a monospaced font (Courier advances 600/1000 em per glyph). */
export function monoWidth(text: string, size: number): number {
  return [...text].length * size * 0.6;
}

function pageStream(items: PdfItem[]): Buffer {
  const parts: Buffer[] = [];
  for (const item of items) {
    if (item.kind === 'rule') {
      parts.push(Buffer.from(`0.5 w ${item.x1} ${item.y} m ${item.x2} ${item.y} l S\n`, 'latin1'));
    } else {
      parts.push(Buffer.from(`BT /${FONTS[item.font].resource} ${item.size} Tf ${item.x.toFixed(2)} ${item.y.toFixed(2)} Td `, 'latin1'));
      parts.push(pdfString(item.text));
      parts.push(Buffer.from(' Tj ET\n', 'latin1'));
    }
  }
  return Buffer.concat(parts);
}

/** Writes a PDF with one content stream per page and a correct cross-reference table. */
export function writePdf(pages: PdfItem[][], info: { title: string; author: string }): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  // Fixed object numbers: 1 catalog, 2 page tree, 3–5 fonts, 6 info; pages and contents follow.
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('');
  for (const f of Object.values(FONTS)) add(`<< /Type /Font /Subtype /Type1 /BaseFont /${f.name} /Encoding /WinAnsiEncoding >>`);
  add(Buffer.concat([Buffer.from('<< /Title ', 'latin1'), pdfString(info.title), Buffer.from(' /Author ', 'latin1'), pdfString(info.author), Buffer.from(' /Producer (Ember Shop) >>', 'latin1')]));
  const pageIds: number[] = [];
  for (const items of pages.length ? pages : [[]]) {
    const stream = pageStream(items);
    const contents = add(Buffer.concat([Buffer.from(`<< /Length ${stream.length} >>\nstream\n`, 'latin1'), stream, Buffer.from('\nendstream', 'latin1')]));
    pageIds.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
          `/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[1] = Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`, 'latin1');

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    chunks.push(obj);
    offset += obj.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
