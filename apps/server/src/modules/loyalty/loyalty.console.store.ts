import type { Reader, Tx } from '../../platform/transaction.js';
import { Conditions, escapeLike } from '../../platform/sql.js';

/** The console's SQL on the club's rewards, earning rules, articles and QR codes, with their texts per language. */

type Texts<T> = Record<string, T>;

// ---------- Rewards ----------

export interface RewardAdminRow {
  uuid: string;
  kind: 'reward' | 'campaign';
  name: string;
  description: string;
  points: number;
  discount_amount: number | null;
  currency: string | null;
  stock: number | null;
  min_tier: string | null;
  store_code: string | null;
  image_url: string | null;
  is_active: boolean;
  created_at: Date;
  texts: Texts<{ name: string; description: string }>;
  total: number;
}

const REWARD_SELECT = `r.uuid::text AS uuid, r.kind, r.name, r.description, r.points, r.discount_amount, r.currency, r.stock, r.min_tier, r.store_code,
  r.image_url, r.is_active, r.created_at,
  COALESCE((SELECT json_object_agg(x.language, json_build_object('name', x.name, 'description', x.description))
              FROM loyalty_reward_text x WHERE x.reward_uuid = r.uuid), '{}'::json) AS texts`;

export async function listRewards(q: Reader, f: { q?: string; kind?: string; active?: boolean; limit: number; offset: number }): Promise<{ rows: RewardAdminRow[]; total: number }> {
  const c = new Conditions();
  if (f.q) c.and(`lower(r.name) LIKE '%' || lower(${c.p(escapeLike(f.q))}) || '%'`);
  if (f.kind) c.and(`r.kind = ${c.p(f.kind)}`);
  if (f.active !== undefined) c.and(`r.is_active = ${c.p(f.active)}`);
  const { rows } = await q.query<RewardAdminRow>(
    `SELECT ${REWARD_SELECT}, count(*) OVER ()::int AS total FROM loyalty_reward r ${c.where()}
      ORDER BY r.created_at DESC, r.uuid LIMIT ${c.p(f.limit)} OFFSET ${c.p(f.offset)}`,
    c.params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findReward(q: Reader, uuid: string, lock = false): Promise<RewardAdminRow | null> {
  if (lock) await q.query(`SELECT 1 FROM loyalty_reward WHERE uuid = $1 FOR UPDATE`, [uuid]);
  const { rows } = await q.query<RewardAdminRow>(`SELECT ${REWARD_SELECT}, 1 AS total FROM loyalty_reward r WHERE r.uuid = $1`, [uuid]);
  return rows[0] ?? null;
}

export interface RewardWrite {
  kind: 'reward' | 'campaign';
  name: string;
  description: string;
  points: number;
  discount_amount: number | null;
  currency: string | null;
  stock: number | null;
  min_tier: string | null;
  store_code: string | null;
  image_url: string | null;
  is_active: boolean;
}

export async function insertReward(tx: Tx, uuid: string, r: RewardWrite): Promise<void> {
  await tx.query(
    `INSERT INTO loyalty_reward (uuid, kind, name, description, image_url, points, discount_amount, currency, stock, min_tier, store_code, is_active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [uuid, r.kind, r.name, r.description, r.image_url, r.points, r.discount_amount, r.currency, r.stock, r.min_tier, r.store_code, r.is_active],
  );
}

export async function updateReward(tx: Tx, uuid: string, r: Omit<RewardWrite, 'kind'>): Promise<void> {
  await tx.query(
    `UPDATE loyalty_reward SET name = $2, description = $3, image_url = $4, points = $5, discount_amount = $6, currency = $7, stock = $8,
            min_tier = $9, store_code = $10, is_active = $11 WHERE uuid = $1`,
    [uuid, r.name, r.description, r.image_url, r.points, r.discount_amount, r.currency, r.stock, r.min_tier, r.store_code, r.is_active],
  );
}

/** The reward's text in a language other than the source's; null removes it (the English text shows). */
export async function setRewardText(tx: Tx, uuid: string, language: string, text: { name: string; description: string } | null): Promise<void> {
  if (!text) {
    await tx.query(`DELETE FROM loyalty_reward_text WHERE reward_uuid = $1 AND language = $2`, [uuid, language]);
    return;
  }
  await tx.query(
    `INSERT INTO loyalty_reward_text (reward_uuid, language, name, description) VALUES ($1, $2, $3, $4)
     ON CONFLICT (reward_uuid, language) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description`,
    [uuid, language, text.name, text.description],
  );
}

// ---------- Tiers and pictures ----------

export async function tiers(q: Reader): Promise<{ code: string; name: string; threshold: number }[]> {
  const { rows } = await q.query<{ code: string; name: string; threshold: number }>(`SELECT code, name, threshold FROM loyalty_tier ORDER BY threshold`);
  return rows;
}

// ---------- Earning rules ----------

export interface RuleAdminRow {
  event_name: string;
  points: number;
  description: string;
  is_active: boolean;
  texts: Texts<{ description: string }>;
}

const RULE_SELECT = `r.event_name, r.points, r.description, r.is_active,
  COALESCE((SELECT json_object_agg(x.language, json_build_object('description', x.description))
              FROM loyalty_earning_rule_text x WHERE x.event_name = r.event_name), '{}'::json) AS texts`;

export async function listRules(q: Reader): Promise<RuleAdminRow[]> {
  const { rows } = await q.query<RuleAdminRow>(`SELECT ${RULE_SELECT} FROM loyalty_earning_rule r ORDER BY r.event_name`);
  return rows;
}

export async function findRule(q: Reader, eventName: string, lock = false): Promise<RuleAdminRow | null> {
  if (lock) await q.query(`SELECT 1 FROM loyalty_earning_rule WHERE event_name = $1 FOR UPDATE`, [eventName]);
  const { rows } = await q.query<RuleAdminRow>(`SELECT ${RULE_SELECT} FROM loyalty_earning_rule r WHERE r.event_name = $1`, [eventName]);
  return rows[0] ?? null;
}

/** A new rule; false when the event has one already. */
export async function insertRule(tx: Tx, r: { event_name: string; points: number; description: string; is_active: boolean }): Promise<boolean> {
  const res = await tx.query(
    `INSERT INTO loyalty_earning_rule (event_name, points, description, is_active) VALUES ($1, $2, $3, $4) ON CONFLICT (event_name) DO NOTHING`,
    [r.event_name, r.points, r.description, r.is_active],
  );
  return res.rowCount === 1;
}

export async function updateRule(tx: Tx, r: { event_name: string; points: number; description: string; is_active: boolean }): Promise<void> {
  await tx.query(`UPDATE loyalty_earning_rule SET points = $2, description = $3, is_active = $4 WHERE event_name = $1`, [r.event_name, r.points, r.description, r.is_active]);
}

export async function setRuleText(tx: Tx, eventName: string, language: string, text: { description: string } | null): Promise<void> {
  if (!text) {
    await tx.query(`DELETE FROM loyalty_earning_rule_text WHERE event_name = $1 AND language = $2`, [eventName, language]);
    return;
  }
  await tx.query(
    `INSERT INTO loyalty_earning_rule_text (event_name, language, description) VALUES ($1, $2, $3)
     ON CONFLICT (event_name, language) DO UPDATE SET description = EXCLUDED.description`,
    [eventName, language, text.description],
  );
}

// ---------- Articles ----------

export interface ArticleAdminRow {
  article_id: string;
  title: string;
  summary: string;
  body: string;
  points: number;
  levels: string[];
  image_url: string | null;
  is_available: boolean;
  published_at: Date | null;
  texts: Texts<{ title: string; summary: string; body: string }>;
  total: number;
}

const ARTICLE_SELECT = `a.article_id, a.title, a.summary, a.body, a.points, a.levels, a.image_url, a.is_available, a.published_at,
  COALESCE((SELECT json_object_agg(x.language, json_build_object('title', x.title, 'summary', x.summary, 'body', x.body))
              FROM loyalty_article_text x WHERE x.article_id = a.article_id), '{}'::json) AS texts`;

export async function listArticles(q: Reader, f: { q?: string; state?: 'draft' | 'scheduled' | 'published'; limit: number; offset: number }): Promise<{ rows: ArticleAdminRow[]; total: number }> {
  const c = new Conditions();
  if (f.q) {
    const text = c.p(escapeLike(f.q));
    c.and(`(lower(a.title) LIKE '%' || lower(${text}) || '%' OR a.article_id LIKE lower(${text}) || '%')`);
  }
  if (f.state === 'draft') c.and('a.published_at IS NULL');
  if (f.state === 'scheduled') c.and('a.published_at > now()');
  if (f.state === 'published') c.and('a.published_at <= now()');
  const { rows } = await q.query<ArticleAdminRow>(
    `SELECT ${ARTICLE_SELECT}, count(*) OVER ()::int AS total FROM loyalty_article a ${c.where()}
      ORDER BY a.published_at DESC NULLS FIRST, a.article_id LIMIT ${c.p(f.limit)} OFFSET ${c.p(f.offset)}`,
    c.params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findArticle(q: Reader, articleId: string, lock = false): Promise<ArticleAdminRow | null> {
  if (lock) await q.query(`SELECT 1 FROM loyalty_article WHERE article_id = $1 FOR UPDATE`, [articleId]);
  const { rows } = await q.query<ArticleAdminRow>(`SELECT ${ARTICLE_SELECT}, 1 AS total FROM loyalty_article a WHERE a.article_id = $1`, [articleId]);
  return rows[0] ?? null;
}

export interface ArticleWrite {
  title: string;
  summary: string;
  body: string;
  points: number;
  levels: string[];
  image_url: string | null;
  is_available: boolean;
}

/** A draft (no publication time); false when the id is taken. */
export async function insertArticle(tx: Tx, id: string, a: ArticleWrite): Promise<boolean> {
  const res = await tx.query(
    `INSERT INTO loyalty_article (article_id, title, summary, body, image_url, points, levels, is_available, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL) ON CONFLICT (article_id) DO NOTHING`,
    [id, a.title, a.summary, a.body, a.image_url, a.points, a.levels, a.is_available],
  );
  return res.rowCount === 1;
}

export async function updateArticle(tx: Tx, id: string, a: ArticleWrite): Promise<void> {
  await tx.query(
    `UPDATE loyalty_article SET title = $2, summary = $3, body = $4, image_url = $5, points = $6, levels = $7, is_available = $8 WHERE article_id = $1`,
    [id, a.title, a.summary, a.body, a.image_url, a.points, a.levels, a.is_available],
  );
}

/** Publishes at a time (now when none is given), or takes the article back to a draft (`null`). */
export async function setPublishedAt(tx: Tx, id: string, at: Date | null | 'now'): Promise<void> {
  await tx.query(`UPDATE loyalty_article SET published_at = CASE WHEN $2::text = 'now' THEN now() ELSE $3::timestamptz END WHERE article_id = $1`, [
    id, at === 'now' ? 'now' : 'at', at === 'now' ? null : at,
  ]);
}

export async function setArticleText(tx: Tx, id: string, language: string, text: { title: string; summary: string; body: string } | null): Promise<void> {
  if (!text) {
    await tx.query(`DELETE FROM loyalty_article_text WHERE article_id = $1 AND language = $2`, [id, language]);
    return;
  }
  await tx.query(
    `INSERT INTO loyalty_article_text (article_id, language, title, summary, body) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (article_id, language) DO UPDATE SET title = EXCLUDED.title, summary = EXCLUDED.summary, body = EXCLUDED.body`,
    [id, language, text.title, text.summary, text.body],
  );
}

// ---------- QR codes ----------

export interface QrAdminRow {
  id: string;
  points: number;
  description: string;
  valid_from: Date;
  valid_to: Date;
  state: 'scheduled' | 'active' | 'ended';
  scans: number;
  total: number;
}

const QR_STATE = `CASE WHEN q.valid_from > now() THEN 'scheduled' WHEN q.valid_to > now() THEN 'active' ELSE 'ended' END`;
/** Customers who earned the code's points: the ledger's `qr_code` sources are `<id>:<customer>`. */
const QR_SELECT = `q.id, q.points, q.description, q.valid_from, q.valid_to, ${QR_STATE} AS state,
  (SELECT count(*)::int FROM loyalty_ledger l WHERE l.source_type = 'qr_code' AND left(l.source_key, length(q.id) + 1) = q.id || ':') AS scans`;

export async function listQrCodes(q: Reader, f: { state?: 'scheduled' | 'active' | 'ended'; limit: number; offset: number }): Promise<{ rows: QrAdminRow[]; total: number }> {
  const c = new Conditions();
  if (f.state) c.and(`${QR_STATE} = ${c.p(f.state)}`);
  const { rows } = await q.query<QrAdminRow>(
    `SELECT ${QR_SELECT}, count(*) OVER ()::int AS total FROM loyalty_qr_code q ${c.where()}
      ORDER BY q.valid_to DESC, q.id LIMIT ${c.p(f.limit)} OFFSET ${c.p(f.offset)}`,
    c.params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function findQrCode(q: Reader, id: string, lock = false): Promise<QrAdminRow | null> {
  if (lock) await q.query(`SELECT 1 FROM loyalty_qr_code WHERE id = $1 FOR UPDATE`, [id]);
  const { rows } = await q.query<QrAdminRow>(`SELECT ${QR_SELECT}, 1 AS total FROM loyalty_qr_code q WHERE q.id = $1`, [id]);
  return rows[0] ?? null;
}

/** A new code; false when the value is taken (the caller makes another). */
export async function insertQrCode(tx: Tx, r: { id: string; points: number; description: string; valid_from: Date | null; valid_to: Date }): Promise<boolean> {
  const res = await tx.query(
    `INSERT INTO loyalty_qr_code (id, points, description, valid_from, valid_to) VALUES ($1, $2, $3, COALESCE($4, now()), $5) ON CONFLICT (id) DO NOTHING`,
    [r.id, r.points, r.description, r.valid_from, r.valid_to],
  );
  return res.rowCount === 1;
}

/**
 * Ends a code's validity now: scans are refused from this moment. A code that had not started yet
 * ends too (its window closes at once, so its start moves back to just before).
 */
export async function endQrCode(tx: Tx, id: string): Promise<void> {
  await tx.query(
    `UPDATE loyalty_qr_code SET valid_from = LEAST(valid_from, now() - interval '1 millisecond'), valid_to = now() WHERE id = $1`,
    [id],
  );
}
