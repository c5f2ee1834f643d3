import { MailboxQuerySchema, MailboxResponseSchema, type MailboxMessage } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { restScope } from '../../platform/rest.js';
import { renderMailboxPage } from './messaging.mailbox.js';
import type { OutboxRow } from './messaging.store.js';
import { runWhileUp } from '../../platform/jobs.js';

export const DELIVERY_INTERVAL_MS = 2_000;
const MAILBOX_SIZE = 50;

/** The dev mailbox exposes every message, codes included: only in TEST store mode. */
export function isDevMailboxEnabled(config: Pick<Config, 'STORE_MODE'>): boolean {
  return config.STORE_MODE === 'TEST';
}

/**
 * Tests drive delivery themselves (`deliverPending`), so apps of concurrently running test files on one
 * database never race for the same outbox rows; every other process runs the job.
 */
export function isDeliveryWorkerEnabled(config: Pick<Config, 'NODE_ENV'>): boolean {
  return config.NODE_ENV !== 'test';
}

function toMailboxMessage(row: OutboxRow): MailboxMessage {
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    sent_at: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    status: row.sent_at ? 'sent' : row.failed_at ? 'failed' : 'pending',
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    template: row.template,
    language: row.language,
    headers: row.headers ?? {},
  };
}

async function devMailboxRoutes(app: FastifyInstance): Promise<void> {
  const r = restScope(app);
  const messaging = app.services.messaging;

  // `?recipient=` narrows the page to one address or number, like the JSON view.
  r.get('/dev/mailbox', { schema: { hide: true, querystring: MailboxQuerySchema } }, async (request, reply) => {
    const raw = request.query.recipient;
    const rows = await messaging.listRecent({ recipient: raw?.includes('@') ? raw.toLowerCase() : raw, limit: MAILBOX_SIZE });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderMailboxPage(rows));
  });

  r.get(
    '/dev/mailbox/messages',
    {
      schema: {
        tags: ['dev mailbox'],
        summary: 'Latest messages, newest first (TEST store mode only)',
        querystring: MailboxQuerySchema,
        response: { 200: MailboxResponseSchema },
      },
    },
    async (request, reply) => {
      const raw = request.query.recipient;
      // E-mail recipients are stored lower-cased; phone numbers in E.164 (send "+" as %2B).
      const recipient = raw?.includes('@') ? raw.toLowerCase() : raw;
      const rows = await messaging.listRecent({ recipient, limit: MAILBOX_SIZE });
      return reply.header('cache-control', 'no-store').send({ messages: rows.map(toMailboxMessage) });
    },
  );
}

/** Runs outbox delivery while the app is up and serves the dev mailbox in TEST store mode. */
export async function messagingPlugin(app: FastifyInstance): Promise<void> {
  const { config, services } = app;
  runWhileUp(app, {
    name: 'outbox delivery', enabled: isDeliveryWorkerEnabled(config), intervalMs: DELIVERY_INTERVAL_MS,
    run: () => services.messaging.deliverPending(),
    // The transport closes once no delivery runs any more.
    afterStop: () => services.messaging.close(),
  });
  if (isDevMailboxEnabled(config)) await app.register(devMailboxRoutes);
}
