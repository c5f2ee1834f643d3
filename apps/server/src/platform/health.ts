import type { FastifyInstance } from 'fastify';
import type { Db } from './db.js';

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers, not draining). */
export async function healthRoutes(app: FastifyInstance, opts: { db: Db; isDraining: () => boolean }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (opts.isDraining()) return reply.status(503).send({ status: 'draining' });
    try {
      await opts.db.query('SELECT 1');
      return { status: 'ready', database: opts.db.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: opts.db.kind });
    }
  });
}
