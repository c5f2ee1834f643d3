import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { CardFormSchema, DecisionFormSchema, SANDBOX_PREFIX, type HostedStep, type SandboxProvider } from './payments.sandbox.js';
import { fillInText, PAGE_ENGLISH, renderBankPage, renderCardPage, renderChallengePage, renderGonePage, type PageAudience } from './payments.sandbox.pages.js';
import type { SandboxSessionRow } from './payments.sandbox.store.js';
import type { Db } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';

const TokenSchema = z.string().regex(/^sbx_ses_[A-Za-z0-9_-]{32,64}$/);

/**
 * The sandbox PSP's hosted pages, served by the shop under /payments-sandbox in TEST mode: card form,
 * strong-authentication challenge and bank approval, each posting back here and then sending the
 * shopper to the shop's return URL (303).
 */
export async function sandboxPagesRoutes(
  app: FastifyInstance,
  opts: { provider: SandboxProvider; db: Db; audienceOf?: (storeCode: string) => Promise<PageAudience | null> },
): Promise<void> {
  const { provider, db } = opts;
  /**
   * A provider's page speaks the shopper's language: here the language of the shop's store view the
   * return URL leads back to (`/de/checkout/success` → German), else English.
   */
  const audience = async (s: SandboxSessionRow | null): Promise<PageAudience> => {
    if (!s || !opts.audienceOf) return PAGE_ENGLISH;
    const store = /^\/([a-z][a-z0-9_]{1,31})\//.exec(new URL(s.return_url, 'http://return.invalid').pathname)?.[1];
    return (store && (await opts.audienceOf(store).catch(() => null))) || PAGE_ENGLISH;
  };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const html = (reply: FastifyReply, status: number, page: string) => reply.status(status).type('text/html; charset=utf-8').send(page);
  const gone = (reply: FastifyReply, s: SandboxSessionRow | null = null) => audience(s).then((a) => html(reply, 410, renderGonePage(a)));
  const step = (reply: FastifyReply, result: HostedStep, onError: (message: string) => string) => {
    if (result.next === 'redirect') return reply.redirect(result.url, 303);
    if (result.next === 'error') return html(reply, 422, onError(result.message));
    return gone(reply);
  };
  const sessionFor = async (token: string, want: 'open' | 'challenge', kind: 'card' | 'bank_transfer' | null) => {
    if (!TokenSchema.safeParse(token).success) return null;
    const s = await provider.findSession(token);
    return s && s.status === want && !s.is_expired && (kind === null || s.kind === kind) ? s : null;
  };

  app.get<{ Params: { token: string } }>(`${SANDBOX_PREFIX}/pay/:token`, { schema: { hide: true } }, async (request, reply) => {
    const s = await sessionFor(request.params.token, 'open', 'card');
    return s ? html(reply, 200, renderCardPage(s, null, await audience(s))) : gone(reply);
  });

  app.post<{ Params: { token: string } }>(`${SANDBOX_PREFIX}/pay/:token`, { schema: { hide: true } }, async (request, reply) => {
    const s = await sessionFor(request.params.token, 'open', 'card');
    if (!s) return gone(reply);
    const form = CardFormSchema.safeParse(request.body);
    const a = await audience(s);
    if (!form.success) return html(reply, 422, renderCardPage(s, fillInText(a), a));
    return step(reply, await inTransaction(db, (tx) => provider.submitCard(tx, s.token, form.data)), (message) => renderCardPage(s, message, a));
  });

  app.get<{ Params: { token: string } }>(`${SANDBOX_PREFIX}/challenge/:token`, { schema: { hide: true } }, async (request, reply) => {
    const s = await sessionFor(request.params.token, 'challenge', null);
    return s ? html(reply, 200, renderChallengePage(s, await audience(s))) : gone(reply);
  });

  app.post<{ Params: { token: string } }>(`${SANDBOX_PREFIX}/challenge/:token`, { schema: { hide: true } }, async (request, reply) => {
    const s = await sessionFor(request.params.token, 'challenge', null);
    const form = DecisionFormSchema.safeParse(request.body);
    if (!s) return gone(reply);
    const a = await audience(s);
    if (!form.success) return html(reply, 422, renderChallengePage(s, a));
    return step(reply, await inTransaction(db, (tx) => provider.completeChallenge(tx, s.token, form.data.decision)), () => renderChallengePage(s, a));
  });

  app.get<{ Params: { token: string } }>(`${SANDBOX_PREFIX}/bank/:token`, { schema: { hide: true } }, async (request, reply) => {
    const s = await sessionFor(request.params.token, 'open', 'bank_transfer');
    return s ? html(reply, 200, renderBankPage(s, await audience(s))) : gone(reply);
  });

  app.post<{ Params: { token: string } }>(`${SANDBOX_PREFIX}/bank/:token`, { schema: { hide: true } }, async (request, reply) => {
    const s = await sessionFor(request.params.token, 'open', 'bank_transfer');
    const form = DecisionFormSchema.safeParse(request.body);
    if (!s) return gone(reply);
    const a = await audience(s);
    if (!form.success) return html(reply, 422, renderBankPage(s, a));
    return step(reply, await inTransaction(db, (tx) => provider.completeBankTransfer(tx, s.token, form.data.decision)), () => renderBankPage(s, a));
  });
}
