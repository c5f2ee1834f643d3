import { Readable } from 'node:stream';

/**
 * CSV for the console's exports (RFC 4180: comma-separated, CRLF line ends, fields with a comma, a
 * quote or a line break quoted, quotes doubled). A text field that a spreadsheet would run as a
 * formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe, so
 * an address typed as `=HYPERLINK(…)` by a shopper stays text in the operator's spreadsheet (OWASP
 * "CSV injection").
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * Streams a CSV document page by page: `page(after)` answers the next rows after a keyset position
 * and the position of its last row, so no more than one page is ever held in memory and the database
 * keeps no cursor open between pages.
 */
export function csvStream<Row, Key>(header: readonly string[], toLine: (row: Row) => unknown[], page: (after: Key | null) => Promise<{ rows: Row[]; last: Key | null }>): Readable {
  async function* lines() {
    // A byte-order mark, so spreadsheet programs read the file as UTF-8 (names with umlauts).
    yield `\uFEFF${csvLine(header)}`;
    let after: Key | null = null;
    for (;;) {
      const { rows, last } = await page(after);
      if (rows.length === 0) return;
      yield rows.map((r) => csvLine(toLine(r))).join('');
      if (last === null) return;
      after = last;
    }
  }
  return Readable.from(lines());
}
