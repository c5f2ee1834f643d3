import { MediaFileParamsSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { restScope } from '../../platform/rest.js';
import * as store from './catalog.editor.store.js';
import { asBuffer, parseUploadName } from './catalog.media.js';

/**
 * Uploaded product images at `/media/uploads/{sha256}.{ext}` (docs/decisions/0085), read from the
 * database so that every instance serves them. A name is the hash of the bytes, so an address never
 * shows other bytes: browsers and CDNs may keep an answer for a year without asking again.
 */
export async function catalogueMediaRoutes(scope: FastifyInstance) {
  const app = restScope(scope);

  app.get('/media/uploads/:file', { schema: { tags: ['catalogue'], params: MediaFileParamsSchema } }, async (request, reply) => {
    const name = parseUploadName(request.params.file);
    const found = name ? await store.mediaFile(app.db, name.sha256) : null;
    // The extension is part of the address: the same bytes under another type's name are not served.
    if (!name || !found || found.content_type !== name.contentType) throw new AppError('ENTITY_NOT_FOUND', 'No such image');
    const etag = `"${name.sha256}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .type(found.content_type);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(asBuffer(found.bytes));
  });
}
