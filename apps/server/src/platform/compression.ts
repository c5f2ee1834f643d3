import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smallest body compressed on the fly: below it the encoding costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers on the fly (documents, GraphQL and REST JSON): brotli, then gzip, then
 * deflate, as the request's Accept-Encoding allows (q=0 refuses one), with `Vary: Accept-Encoding`.
 * The storefront's build assets are compressed once at build time and served as they are
 * (storefront plugin); answers already encoded, images and other incompressible types pass
 * untouched (docs/decisions/0028). Registered before every route, since it hooks each route as
 * it is declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip', 'deflate'],
    // Request bodies are read as sent: no client of the shop compresses them.
    globalDecompression: false,
    // Each chunk of a streamed document leaves at once, so the shell of a streamed page reaches
    // the browser before the rest is rendered; brotli at 4 keeps the CPU per page small.
    brotliOptions: {
      flush: zlib.BROTLI_OPERATION_FLUSH,
      params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 },
    },
    zlibOptions: { flush: zlib.Z_SYNC_FLUSH, level: 6 },
  });
}
