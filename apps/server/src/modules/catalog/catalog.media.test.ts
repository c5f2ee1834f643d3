import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './catalog.editor.js';
import { checkImage, parseUploadName, sniffImage, UploadedBytes } from './catalog.media.js';

const bytes = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('uploaded images', () => {
  it('are told by their first bytes, whatever they are called', () => {
    expect(sniffImage(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR', [0, 0, 0, 1]))).toBe('image/png');
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'))).toBe('image/jpeg');
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8L'))).toBe('image/webp');
    // A PNG signature without its header chunk, a GIF, an SVG, HTML, a RIFF that is audio, a truncated JPEG.
    expect(sniffImage(bytes([0x89], 'PNG\r\n\x1a\n'))).toBeNull();
    expect(sniffImage(bytes('GIF89a'))).toBeNull();
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(bytes('<html>'))).toBeNull();
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffImage(bytes([0xff, 0xd8]))).toBeNull();
  });

  it('are named by the hash of their bytes, with the extension of their type', () => {
    const checked = checkImage(new UploadedBytes(bytes([0xff, 0xd8, 0xff, 0xdb], 'rest')));
    expect(checked.file).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.jpg$/);
    expect(parseUploadName(checked.file.split('/').pop()!)).toEqual({ sha256: checked.sha256, contentType: 'image/jpeg' });
    expect(parseUploadName('../x.png')).toBeNull();
    expect(parseUploadName(`${'a'.repeat(64)}.svg`)).toBeNull();
    expect(() => checkImage(undefined)).toThrow();
    expect(() => checkImage({ bytes: 'x' })).toThrow();
  });
});

describe('descriptions', () => {
  it('are written as text and kept as escaped paragraphs, and read back as the same text', () => {
    const text = 'Fits a pocket & a bag.\nLine two "quoted"\n\nSecond paragraph';
    const html = textToHtml(text);
    expect(html).toBe('<p>Fits a pocket &amp; a bag.<br>Line two &quot;quoted&quot;</p><p>Second paragraph</p>');
    expect(htmlToText(html)).toBe(text);
    expect(textToHtml('  ')).toBeNull();
    expect(htmlToText('<p>Ember heating devices: <strong>compact</strong>.</p><p>Next</p>')).toBe('Ember heating devices: compact.\n\nNext');
  });
});
