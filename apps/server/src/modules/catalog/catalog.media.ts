import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES } from '@ember/contracts';
import { AppError } from '../../platform/errors.js';

/**
 * Uploaded product images (docs/decisions/0085): what an upload is, told by its first bytes and never
 * by its name or its Content-Type header, and the stable address it is served at.
 */

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const EXTENSIONS: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const BY_EXTENSION: Record<string, ImageType> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Where uploaded images are served: `/media/uploads/<sha256>.<ext>`. */
export const UPLOADS_PREFIX = '/media/uploads/';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, at: number, text: string) => startsWith(bytes, [...text].map((c) => c.charCodeAt(0)), at);

/** The image type its magic bytes say, or null: PNG (signature then IHDR), JPEG (SOI then a marker), WebP (RIFF….WEBPVP8). */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG) && ascii(bytes, 12, 'IHDR')) return 'image/png';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && bytes[3]! >= 0xc0) return 'image/jpeg';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBPVP8')) return 'image/webp';
  return null;
}

/** A body held so that no walker of request bodies (the edge's NUL check) reads it byte by byte. */
export class UploadedBytes {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

export interface CheckedImage {
  sha256: string;
  contentType: ImageType;
  bytes: Buffer;
  /** Its address on the shop, `catalog_product_media.file`. */
  file: string;
}

/** Checks an upload: present, at most the limit, and a PNG, JPEG or WebP by its bytes. */
export function checkImage(body: unknown): CheckedImage {
  if (!(body instanceof UploadedBytes) || body.bytes.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Send the image as the request body (image/png, image/jpeg, image/webp or application/octet-stream)', { fields: { body: 'required' } });
  }
  const bytes = body.bytes;
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'An image may be at most 5 MB');
  const contentType = sniffImage(bytes);
  if (!contentType) throw new AppError('VALIDATION_FAILED', 'The file is not a PNG, JPEG or WebP image', { fields: { body: 'not_an_image' } });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { sha256, contentType, bytes, file: `${UPLOADS_PREFIX}${sha256}.${EXTENSIONS[contentType]}` };
}

/** The hash and type a served name stands for (`<sha256>.<ext>`). */
export function parseUploadName(name: string): { sha256: string; contentType: ImageType } | null {
  const m = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(name);
  return m ? { sha256: m[1]!, contentType: BY_EXTENSION[m[2]!]! } : null;
}

/** Bytes read from the database as a Buffer (PGlite answers a Uint8Array, node-postgres a Buffer). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
