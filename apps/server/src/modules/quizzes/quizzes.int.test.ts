import { createCustomer, restCall, type TestCustomer } from '@ember/test-support';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const LIGHT_FRUITY = [
  { question: 'strength', answer: 'light' },
  { question: 'taste', answer: 'fruity' },
  { question: 'finish', answer: 'zesty' },
  { question: 'moment', answer: 'outdoors' },
  { question: 'style', answer: 'new' },
];

const score = (answers: unknown, store = 'gb', code = 'flavor-finder') => restCall(server, 'POST', `/api/quizzes/${code}/results`, { answers }, { store });
const submit = (c: TestCustomer, body: unknown, uuid = c.uuid, store = 'gb') => restCall(server, 'POST', `/api/quizzes/by-user/${uuid}`, body, { token: c.token, store });
const listOf = (c: TestCustomer, uuid = c.uuid, store = 'gb', query = '') => restCall(server, 'GET', `/api/quizzes/by-user/${uuid}${query}`, undefined, { token: c.token, store });

async function submissionsOf(uuid: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM quizzes_submission WHERE user_uuid = $1', [uuid]);
  return rows[0]!.n;
}

/** Whether the store view sells the product: it has a price there. */
async function soldIn(sku: string, store: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM catalog_product_price pr JOIN catalog_product p ON p.id = pr.product_id WHERE p.sku = $1 AND pr.store_code = $2', [sku, store],
  );
  return rows.length === 1;
}

describe('GET /api/quizzes/{code}', () => {
  it('answers the flavour finder in English in gb, its questions in order with their answers, cacheable for everyone', async () => {
    const r = await restCall(server, 'GET', '/api/quizzes/flavor-finder', undefined, { store: 'gb' });
    expect(r.status).toBe(200);
    expect(r.body.title).toBe('Find your flavour');
    expect(r.body.questions.map((q: { code: string }) => q.code)).toEqual(['strength', 'taste', 'finish', 'moment', 'style']);
    expect(r.body.questions[0]).toEqual({
      code: 'strength', text: 'How intense do you like your blend?',
      answers: [{ code: 'light', text: 'Light and delicate' }, { code: 'medium', text: 'Balanced' }, { code: 'strong', text: 'Full and intense' }],
    });
    expect(r.headers.get('cache-control')).toContain('public');
  });

  it('answers German words in de and ch', async () => {
    for (const store of ['de', 'ch']) {
      const r = await restCall(server, 'GET', '/api/quizzes/flavor-finder', undefined, { store });
      expect(r.body.title).toBe('Welche Mischung passt zu Ihnen?');
      expect(r.body.questions[1].text).toBe('Welcher Geschmack spricht Sie am meisten an?');
      expect(r.body.questions[1].answers[2]).toEqual({ code: 'fruity', text: 'Fruchtig' });
    }
  });

  it('answers 404 for a quiz that does not exist and 400 for a code that cannot be one', async () => {
    expect((await restCall(server, 'GET', '/api/quizzes/no-such-quiz', undefined, { store: 'gb' })).body.error.code).toBe('NOT_FOUND');
    const bad = await restCall(server, 'GET', '/api/quizzes/Not%20a%20code', undefined, { store: 'gb' });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/quizzes/{code}/results (a guest)', () => {
  it('recommends the best-scoring flavours with a product the store view sells, and keeps nothing', async () => {
    const { rows: before } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM quizzes_submission');
    const r = await score(LIGHT_FRUITY);
    expect(r.status).toBe(200);
    // citrus 2+3+3+2+1 = 11, berry 0+3+1+0+2 = 6, turquoise 2+0+0+1 = 3; frost 3 ties turquoise and comes later in the catalogue
    expect(r.body.results.map((x: { flavor: string }) => x.flavor)).toEqual(['citrus', 'berry', 'turquoise']);
    expect(r.body.results[0]).toMatchObject({ flavor: 'citrus', label: 'Citrus', score: 11, product: { sku: 'STK-CITRUS-PACK', url_key: 'ember-sticks-citrus-pack' } });
    for (const x of r.body.results) expect(await soldIn(x.product.sku, 'gb')).toBe(true);
    expect(r.body.questions[0]).toEqual({ code: 'strength', text: 'How intense do you like your blend?', answer: { code: 'light', text: 'Light and delicate' } });
    expect(r.body.answers).toEqual(LIGHT_FRUITY);
    // Other suites may keep submissions meanwhile on a shared database; none of this scoring's kind appears.
    const { rows: after } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM quizzes_submission WHERE submitted_at > now() - interval '1 minute' AND answers = $1::jsonb`, [JSON.stringify(LIGHT_FRUITY)],
    );
    expect(after[0]!.n).toBe(0);
    expect(before[0]!.n).toBeGreaterThanOrEqual(0);
  });

  it('recommends the same flavours for the same answers, whatever their order, and words them in German in de', async () => {
    const r = await score([...LIGHT_FRUITY].reverse(), 'de');
    expect(r.status).toBe(200);
    expect(r.body.results.map((x: { flavor: string }) => x.flavor)).toEqual(['citrus', 'berry', 'turquoise']);
    expect(r.body.results.map((x: { label: string }) => x.label)).toEqual(['Zitrus', 'Beere', 'Türkis']);
    expect(r.body.questions[0].answer).toEqual({ code: 'light', text: 'Leicht und zart' });
    for (const x of r.body.results) expect(await soldIn(x.product.sku, 'de')).toBe(true);
  });

  it('scores unanswered questions as nothing and marks them unanswered', async () => {
    const r = await score([{ question: 'taste', answer: 'fresh' }]);
    expect(r.status).toBe(200);
    expect(r.body.results.map((x: { flavor: string }) => x.flavor)).toEqual(['mint', 'frost', 'turquoise']);
    expect(r.body.questions.filter((q: { answer: unknown }) => q.answer === null)).toHaveLength(4);
  });

  it('refuses wrong answers with 400 and no quiz with 404', async () => {
    const cases: unknown[] = [
      [{ question: 'strength', answer: 'fruity' }],
      [{ question: 'colour', answer: 'light' }],
      [{ question: 'strength', answer: 'light' }, { question: 'strength', answer: 'strong' }],
      [],
      [{ question: 'strength' }],
      [{ question: 'strength', answer: 'light', extra: 1 }],
      'light',
    ];
    for (const answers of cases) {
      const r = await score(answers);
      expect(r.status, JSON.stringify(answers)).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await score(LIGHT_FRUITY, 'gb', 'no-such-quiz')).status).toBe(404);
  });
});

describe('/api/quizzes/by-user/{userUuid}', () => {
  it('keeps a customer\'s submission and lists it again, newest first, with results, questions and answers', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    const first = await submit(c, { quiz: 'flavor-finder', answers: [{ question: 'taste', answer: 'fresh' }] });
    expect(first.status).toBe(201);
    const second = await submit(c, { quiz: 'flavor-finder', answers: LIGHT_FRUITY });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ quiz: 'flavor-finder', store_code: 'gb', answers: LIGHT_FRUITY });
    expect(second.body.results[0].product.sku).toBe('STK-CITRUS-PACK');
    expect(await submissionsOf(c.uuid)).toBe(2);

    const list = await listOf(c);
    expect(list.status).toBe(200);
    expect(list.body.submissions.map((s: { id: string }) => s.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body.submissions[0]).toEqual(second.body);
    expect((await listOf(c, c.uuid, 'gb', '?quiz=other-quiz')).body.submissions).toEqual([]);
    expect(list.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the questions in the language they were asked in, and shows the flavours in the store view\'s', async () => {
    const c = await createCustomer(server, { store: 'de' });
    const kept = await submit(c, { quiz: 'flavor-finder', answers: LIGHT_FRUITY }, c.uuid, 'de');
    expect(kept.status).toBe(201);
    expect(kept.body.questions[1]).toEqual({ code: 'taste', text: 'Welcher Geschmack spricht Sie am meisten an?', answer: { code: 'fruity', text: 'Fruchtig' } });
    const list = await listOf(c, c.uuid, 'de');
    expect(list.body.submissions[0].results[0].label).toBe('Zitrus');
  });

  it('answers another customer\'s uuid like a missing one (404), and no session 401', async () => {
    const a = await createCustomer(server, { store: 'gb' });
    const b = await createCustomer(server, { store: 'gb' });
    expect((await submit(a, { quiz: 'flavor-finder', answers: LIGHT_FRUITY })).status).toBe(201);
    const other = await listOf(b, a.uuid);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('NOT_FOUND');
    const missing = await listOf(b, '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect((await submit(b, { quiz: 'flavor-finder', answers: LIGHT_FRUITY }, a.uuid)).status).toBe(404);
    expect(await submissionsOf(a.uuid)).toBe(1);

    const anonymous = await restCall(server, 'GET', `/api/quizzes/by-user/${a.uuid}`, undefined, { store: 'gb' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORISED');
    expect((await restCall(server, 'POST', `/api/quizzes/by-user/${a.uuid}`, { quiz: 'flavor-finder', answers: LIGHT_FRUITY }, { store: 'gb' })).status).toBe(401);
  });

  it('refuses bad answers with 400 and keeps nothing', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    for (const body of [
      { quiz: 'flavor-finder', answers: [{ question: 'strength', answer: 'fruity' }] },
      { quiz: 'flavor-finder', answers: [] },
      { quiz: 'flavor-finder' },
      { quiz: 'flavor-finder', answers: LIGHT_FRUITY, user: 'x' },
    ]) {
      const r = await submit(c, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await submit(c, { quiz: 'no-such-quiz', answers: LIGHT_FRUITY })).status).toBe(404);
    expect((await restCall(server, 'GET', '/api/quizzes/by-user/not-a-uuid', undefined, { token: c.token, store: 'gb' })).status).toBe(400);
    expect(await submissionsOf(c.uuid)).toBe(0);
  });

  it('exports the customer\'s submissions and erases them when the account is cancelled', async () => {
    const c = await createCustomer(server, { store: 'gb' });
    expect((await submit(c, { quiz: 'flavor-finder', answers: LIGHT_FRUITY })).status).toBe(201);
    const reauth = await restCall(server, 'POST', `/account/users/${c.uuid}/reauthenticate`, { password: c.password }, { token: c.token });
    expect(reauth.status).toBe(200);
    const token = reauth.body.token as string;
    const exported = await restCall(server, 'GET', '/account/users/privacy', undefined, { token, store: 'gb' });
    expect(exported.status).toBe(200);
    expect(exported.body.quiz_submissions).toEqual([expect.objectContaining({
      quiz: 'flavor-finder', store_code: 'gb', results: expect.arrayContaining([{ flavor: 'citrus', score: 11 }]),
    })]);
    expect((await restCall(server, 'POST', `/account/users/${c.uuid}/cancel`, undefined, { token, store: 'gb' })).status).toBe(204);
    expect(await submissionsOf(c.uuid)).toBe(0);
  });
});
