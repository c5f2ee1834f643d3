import { randomUUID } from 'node:crypto';
import { createCustomer, createOperator, restCall, type TestOperator } from '@ember/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveForSuite, type TestServer } from '../../test/test-app.js';

const TOKEN = 'loyalty-console-token-0123456789abcdef012';
let server: TestServer;
serveForSuite((s) => {
  server = s;
}, { ADMIN_TOKEN: TOKEN });

let marketing: TestOperator;
let support: TestOperator;
let fulfilment: TestOperator;
let owner: TestOperator;
beforeAll(async () => {
  [marketing, support, fulfilment, owner] = await Promise.all([
    createOperator(server, TOKEN, 'marketing'), createOperator(server, TOKEN, 'support'), createOperator(server, TOKEN, 'fulfilment'), createOperator(server, TOKEN, 'owner'),
  ]);
});

const unique = () => randomUUID().slice(0, 8);
const auditOf = async (type: string, id: string) => (await owner.call('GET', `/admin/audit?entity_type=${type}&entity_id=${encodeURIComponent(id)}`)).body.items as { action: string; actor_label: string; before: unknown; after: unknown }[];
const clubRewards = async (store: string) => (await restCall(server, 'GET', '/api/loyalty/rewards', undefined, { store })).body.items as { uuid: string; name: string; description: string; points: number; stock: number | null }[];
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describe('the console\'s loyalty club', () => {
  it('creates a reward with English and German texts that the club lists in each language, edits it and audits both', async () => {
    const name = `Console tote ${unique()}`;
    const made = await marketing.call('POST', '/admin/loyalty/rewards', {
      points: 120, stock: 40, image_url: '/media/loyalty/reward-pouch.svg',
      texts: { en: { name, description: 'A canvas tote.' }, de: { name: `${name} (Tasche)`, description: 'Eine Tasche aus Segeltuch.' } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ kind: 'reward', points: 120, stock: 40, store_code: null, is_active: true, texts: { en: { name }, de: { name: `${name} (Tasche)` } } });
    const uuid = made.body.uuid as string;

    expect((await clubRewards('gb')).find((r) => r.uuid === uuid)).toMatchObject({ name, points: 120, stock: 40 });
    expect((await clubRewards('de')).find((r) => r.uuid === uuid)).toMatchObject({ name: `${name} (Tasche)`, description: 'Eine Tasche aus Segeltuch.' });

    // Limited to gb, dearer, and without its German text: de no longer lists it.
    const edited = await marketing.call('PUT', `/admin/loyalty/rewards/${uuid}`, { points: 150, stock: null, store_code: 'gb', min_tier: 'silver', is_active: true, texts: { en: { name, description: 'A canvas tote.' } } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ points: 150, stock: null, store_code: 'gb', min_tier: 'silver' });
    expect(edited.body.texts.de).toBeUndefined();
    expect((await clubRewards('gb')).find((r) => r.uuid === uuid)).toMatchObject({ points: 150, stock: null });
    expect((await clubRewards('de')).some((r) => r.uuid === uuid)).toBe(false);

    // Switched off, the club lists it nowhere.
    await marketing.call('PUT', `/admin/loyalty/rewards/${uuid}`, { points: 150, store_code: 'gb', is_active: false, texts: { en: { name } } });
    expect((await clubRewards('gb')).some((r) => r.uuid === uuid)).toBe(false);

    const log = await auditOf('loyalty_reward', uuid);
    expect(log.map((e) => e.action)).toEqual(['loyalty_reward.update', 'loyalty_reward.update', 'loyalty_reward.create']);
    expect(log[1]).toMatchObject({ actor_label: marketing.email, before: { points: 120, stock: 40 }, after: { points: 150, store_code: 'gb' } });

    const listed = await support.call('GET', `/admin/loyalty/rewards?q=${encodeURIComponent(name)}`);
    expect(listed.body.items.map((r: { uuid: string }) => r.uuid)).toEqual([uuid]);
    expect((await support.call('GET', `/admin/loyalty/rewards/${uuid}`)).body.is_active).toBe(false);
  });

  it('creates a campaign in a store view\'s currency and refuses what a reward cannot be', async () => {
    const campaign = await marketing.call('POST', '/admin/loyalty/rewards', { kind: 'campaign', points: 300, discount_amount: 700, store_code: 'de', texts: { en: { name: `Seven off ${unique()}` } } });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    expect(campaign.body).toMatchObject({ kind: 'campaign', currency: 'EUR', discount_amount: 700, store_code: 'de' });

    const bad = (body: object) => marketing.call('POST', '/admin/loyalty/rewards', { points: 10, texts: { en: { name: 'Bad' } }, ...body });
    for (const body of [
      { points: 0 }, { points: -5 }, { points: 1.5 }, { kind: 'campaign' }, { kind: 'campaign', discount_amount: 100 }, { discount_amount: 100 },
      { stock: -1 }, { store_code: 'nowhere' }, { min_tier: 'platinum' }, { image_url: 'https://elsewhere.example/x.png' },
      { image_url: '/media/loyalty/missing.svg' }, { texts: { en: { name: '<b>x</b>' } } }, { texts: { de: { name: 'Nur Deutsch' } } }, { surprise: true },
    ]) {
      const r = await bad(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code, JSON.stringify(body)).toMatch(/^(VALIDATION_FAILED|BAD_REQUEST|UNKNOWN_STORE)$/);
    }
    expect((await marketing.call('PUT', `/admin/loyalty/rewards/${campaign.body.uuid}`, { points: 300, store_code: 'de', texts: { en: { name: 'No discount' } } })).status).toBe(400);
    expect((await marketing.call('PUT', `/admin/loyalty/rewards/${randomUUID()}`, { points: 5, texts: { en: { name: 'Gone' } } })).status).toBe(404);
    expect((await marketing.call('GET', '/admin/loyalty/rewards/not-a-uuid')).status).toBe(400);
  });

  it('edits an earning rule\'s points and texts, adds a rule for a new event, and the club reads them', async () => {
    const rules = await support.call('GET', '/admin/loyalty/earning-rules');
    expect(rules.status).toBe(200);
    expect(rules.body.items.find((r: { event_name: string }) => r.event_name === 'article_read')).toMatchObject({ points: 10, texts: { en: { description: 'Read a club article' } } });

    const event = `console_event_${unique()}`;
    const made = await marketing.call('POST', '/admin/loyalty/earning-rules', { event_name: event, points: 5, texts: { en: { description: 'Attend a tasting' }, de: { description: 'An einer Verkostung teilnehmen' } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await restCall(server, 'GET', `/api/loyalty/earning-rule/${event}`, undefined, { store: 'de' })).body).toMatchObject({ points: 5, description: 'An einer Verkostung teilnehmen' });
    expect((await marketing.call('POST', '/admin/loyalty/earning-rules', { event_name: event, points: 5, texts: { en: { description: 'Again' } } })).status).toBe(409);

    const changed = await marketing.call('PUT', `/admin/loyalty/earning-rules/${event}`, { points: 8, is_active: true, texts: { en: { description: 'Attend a tasting evening' } } });
    expect(changed.body).toMatchObject({ points: 8, texts: { en: { description: 'Attend a tasting evening' } } });
    expect((await restCall(server, 'GET', `/api/loyalty/earning-rule/${event}`, undefined, { store: 'gb' })).body).toMatchObject({ points: 8 });
    await marketing.call('PUT', `/admin/loyalty/earning-rules/${event}`, { points: 8, is_active: false, texts: { en: { description: 'Attend a tasting evening' } } });
    expect((await restCall(server, 'GET', `/api/loyalty/earning-rule/${event}`, undefined, { store: 'gb' })).status).toBe(404);

    expect((await marketing.call('PUT', '/admin/loyalty/earning-rules/no_such_event', { points: 1, texts: { en: { description: 'x' } } })).status).toBe(404);
    expect((await marketing.call('PUT', `/admin/loyalty/earning-rules/${event}`, { points: -1, texts: { en: { description: 'x' } } })).status).toBe(400);
    expect((await marketing.call('POST', '/admin/loyalty/earning-rules', { event_name: 'Bad Name', points: 1, texts: { en: { description: 'x' } } })).status).toBe(400);
    expect((await auditOf('loyalty_rule', event)).map((e) => e.action)).toEqual(['loyalty_rule.update', 'loyalty_rule.update', 'loyalty_rule.create']);
  });

  it('writes an article as a draft the club does not show, publishes it, and a reader earns its points once', async () => {
    const id = `console-article-${unique()}`;
    const made = await marketing.call('POST', '/admin/loyalty/articles', {
      article_id: id, points: 12, texts: { en: { title: 'Storing your blends', summary: 'Keep them fresh.', body: 'Cool and dry.\n\nAway from the sun.' }, de: { title: 'Mischungen richtig lagern' } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ state: 'draft', published_at: null, levels: [] });
    const listed = async (store: string) => ((await restCall(server, 'GET', '/api/loyalty/articles', undefined, { store })).body.items as { article_id: string; title: string }[]).find((a) => a.article_id === id);
    expect(await listed('gb')).toBeUndefined();
    expect((await restCall(server, 'GET', `/api/loyalty/articles/${id}`, undefined, { store: 'gb' })).status).toBe(404);

    const published = await marketing.call('POST', `/admin/loyalty/articles/${id}/publish`, {});
    expect(published.body.state).toBe('published');
    expect(await listed('gb')).toMatchObject({ title: 'Storing your blends' });
    expect(await listed('de')).toMatchObject({ title: 'Mischungen richtig lagern' });
    const found = await restCall(server, 'GET', `/api/search?q=${encodeURIComponent('Storing blends')}&type=article`, undefined, { store: 'gb' });
    expect(found.body.items?.some((i: { id: string }) => i.id === id)).toBe(true);

    const reader = await createCustomer(server);
    const read = () => restCall(server, 'POST', `/api/loyalty/consumers/${reader.uuid}/earnings/article`, { article_id: id }, { token: reader.token, store: 'gb' });
    expect((await read()).body).toMatchObject({ credited: true, points: 12 });
    expect((await read()).body).toMatchObject({ credited: false, points: 0 });

    const edited = await marketing.call('PUT', `/admin/loyalty/articles/${id}`, { points: 20, levels: ['silver', 'gold'], texts: { en: { title: 'Storing your blends well' } } });
    expect(edited.body).toMatchObject({ points: 20, levels: ['silver', 'gold'], state: 'published', texts: { en: { title: 'Storing your blends well', summary: '' } } });
    const scheduled = await marketing.call('POST', `/admin/loyalty/articles/${id}/publish`, { at: inAWeek() });
    expect(scheduled.body.state).toBe('scheduled');
    expect(await listed('gb')).toBeUndefined();
    const draft = await marketing.call('POST', `/admin/loyalty/articles/${id}/publish`, { at: null });
    expect(draft.body.state).toBe('draft');

    expect((await marketing.call('POST', '/admin/loyalty/articles', { article_id: id, points: 1, texts: { en: { title: 'Twice' } } })).status).toBe(409);
    expect((await marketing.call('POST', '/admin/loyalty/articles', { article_id: 'Bad Id', points: 1, texts: { en: { title: 'x' } } })).status).toBe(400);
    expect((await marketing.call('PUT', `/admin/loyalty/articles/${id}`, { points: 1, levels: ['diamond'], texts: { en: { title: 'x' } } })).status).toBe(400);
    expect((await marketing.call('POST', '/admin/loyalty/articles/no-such-article/publish', {})).status).toBe(404);
    expect((await marketing.call('POST', `/admin/loyalty/articles/${id}/publish`, { at: 'tomorrow' })).status).toBe(400);
    expect((await auditOf('loyalty_article', id)).map((e) => e.action)).toEqual(['loyalty_article.unpublish', 'loyalty_article.publish', 'loyalty_article.update', 'loyalty_article.publish', 'loyalty_article.create']);
    expect((await support.call('GET', `/admin/loyalty/articles?q=${id}`)).body.items.map((a: { article_id: string }) => a.article_id)).toEqual([id]);
  });

  it('creates a QR code with a random value that earns its points once per customer, draws it, and disables it', async () => {
    const made = await marketing.call('POST', '/admin/loyalty/qr-codes', { points: 35, description: `Festival stand ${unique()}`, valid_to: inAWeek() });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(made.body).toMatchObject({ points: 35, state: 'active', scans: 0 });
    const other = await marketing.call('POST', '/admin/loyalty/qr-codes', { points: 35, description: 'Another', valid_to: inAWeek() });
    expect(other.body.id).not.toBe(id);

    const customer = await createCustomer(server);
    const scan = () => restCall(server, 'POST', `/api/loyalty/consumers/${customer.uuid}/earnings/qr-code`, { qr_code_id: id }, { token: customer.token, store: 'gb' });
    expect((await scan()).body).toMatchObject({ credited: true, points: 35 });
    expect((await scan()).body).toMatchObject({ credited: false, points: 0 });
    expect((await restCall(server, 'GET', `/api/loyalty/consumers/${customer.uuid}`, undefined, { token: customer.token, store: 'gb' })).body.points).toBe(35);

    const detail = await support.call('GET', `/admin/loyalty/qr-codes/${id}`);
    expect(detail.body).toMatchObject({ id, scans: 1 });
    expect(detail.body.qr_svg).toMatch(/^<svg /);

    const disabled = await marketing.call('POST', `/admin/loyalty/qr-codes/${id}/disable`, {});
    expect(disabled.body.state).toBe('ended');
    const late = await createCustomer(server);
    const refused = await restCall(server, 'POST', `/api/loyalty/consumers/${late.uuid}/earnings/qr-code`, { qr_code_id: id }, { token: late.token, store: 'gb' });
    expect(refused.status).toBe(409);
    expect((await marketing.call('POST', `/admin/loyalty/qr-codes/${id}/disable`, {})).status).toBe(409);
    expect((await marketing.call('POST', '/admin/loyalty/qr-codes/NO-SUCH-CODE/disable', {})).status).toBe(404);

    // A code that has not started yet is disabled too.
    const future = await marketing.call('POST', '/admin/loyalty/qr-codes', { points: 5, description: 'Next season', valid_from: inAWeek(), valid_to: new Date(Date.now() + 14 * 86_400_000).toISOString() });
    expect(future.body.state).toBe('scheduled');
    expect((await marketing.call('POST', `/admin/loyalty/qr-codes/${future.body.id}/disable`, {})).body.state).toBe('ended');

    for (const body of [{ points: 0, description: 'x', valid_to: inAWeek() }, { points: 5, description: 'x', valid_to: '2020-01-01T00:00:00Z' }, { points: 5, description: 'x' }, { points: 5, description: '', valid_to: inAWeek() }, { id: 'CHOSEN-VALUE', points: 5, description: 'x', valid_to: inAWeek() }]) {
      expect((await marketing.call('POST', '/admin/loyalty/qr-codes', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await auditOf('loyalty_qr_code', id)).map((e) => e.action)).toEqual(['loyalty_qr_code.disable', 'loyalty_qr_code.create']);
    const active = await support.call('GET', '/admin/loyalty/qr-codes?state=active');
    expect(active.body.items.some((q: { id: string }) => q.id === id)).toBe(false);
    expect(active.body.items.some((q: { id: string }) => q.id === other.body.id)).toBe(true);
  });

  it('lets support read but not change, refuses fulfilment and customers, and lists the forms\' choices', async () => {
    const choices = await support.call('GET', '/admin/loyalty/choices');
    expect(choices.body.tiers.map((t: { code: string }) => t.code)).toEqual(['bronze', 'silver', 'gold']);
    expect(choices.body.images).toContain('/media/loyalty/reward-lanyard.svg');

    const writes: [string, string, object][] = [
      ['POST', '/admin/loyalty/rewards', { points: 10, texts: { en: { name: 'x' } } }],
      ['PUT', `/admin/loyalty/rewards/${randomUUID()}`, { points: 10, texts: { en: { name: 'x' } } }],
      ['POST', '/admin/loyalty/earning-rules', { event_name: 'x_event', points: 1, texts: { en: { description: 'x' } } }],
      ['PUT', '/admin/loyalty/earning-rules/article_read', { points: 1, texts: { en: { description: 'x' } } }],
      ['POST', '/admin/loyalty/articles', { article_id: 'x-article', points: 1, texts: { en: { title: 'x' } } }],
      ['PUT', '/admin/loyalty/articles/x-article', { points: 1, texts: { en: { title: 'x' } } }],
      ['POST', '/admin/loyalty/articles/x-article/publish', {}],
      ['POST', '/admin/loyalty/qr-codes', { points: 1, description: 'x', valid_to: inAWeek() }],
      ['POST', '/admin/loyalty/qr-codes/EMBER-PACK-2026/disable', {}],
    ];
    const reads = ['/admin/loyalty/choices', '/admin/loyalty/rewards', '/admin/loyalty/earning-rules', '/admin/loyalty/articles', '/admin/loyalty/qr-codes', '/admin/loyalty/qr-codes/EMBER-PACK-2026'];
    const customer = await createCustomer(server);
    for (const [method, path, body] of writes) {
      expect((await support.call(method, path, body)).status, `support ${method} ${path}`).toBe(403);
      expect((await fulfilment.call(method, path, body)).status, `fulfilment ${method} ${path}`).toBe(403);
      expect((await restCall(server, method, path, body, { token: customer.token })).status, `customer ${method} ${path}`).toBe(401);
    }
    for (const path of reads) {
      expect((await support.call('GET', path)).status, `support ${path}`).toBe(200);
      expect((await fulfilment.call('GET', path)).status, `fulfilment ${path}`).toBe(403);
      expect((await restCall(server, 'GET', path, undefined, { token: customer.token })).status, `customer ${path}`).toBe(401);
      expect((await restCall(server, 'GET', path)).status, `nobody ${path}`).toBe(401);
    }
    // The seeded code is untouched by all of this.
    expect((await support.call('GET', '/admin/loyalty/qr-codes/EMBER-PACK-2026')).body).toMatchObject({ points: 25, state: 'active' });
  });
});
