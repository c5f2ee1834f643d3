import type { Queryable, Tx } from '../../platform/db.js';

/** SQL on the loyalty_* tables; nothing else touches them. */

export type SourceType = 'order' | 'article' | 'qr_code' | 'pack_code' | 'referral' | 'reward' | 'adjustment' | 'expiry' | 'offline_purchase' | 'offline_return';

export interface LedgerInsert {
  consumer_uuid: string;
  points: number;
  source_type: SourceType;
  source_key: string;
  event?: string | null;
  coupon?: string | null;
  coupon_type?: string | null;
  order_id?: string | null;
  expire_at?: Date | null;
}

export interface LedgerRow {
  id: string;
  consumer_uuid: string;
  points: number;
  source_type: SourceType;
  source_key: string;
  event: string | null;
  coupon: string | null;
  coupon_type: string | null;
  order_id: string | null;
  expire_at: Date | null;
  created_at: Date;
}

const LEDGER_COLUMNS = `id::text AS id, consumer_uuid::text AS consumer_uuid, points, source_type, source_key, event, coupon,
  coupon_type, order_id, expire_at, created_at`;

/** Appends a ledger row unless its source already moved points; true when written. */
export async function insertLedger(tx: Tx, e: LedgerInsert): Promise<boolean> {
  const r = await tx.query(
    `INSERT INTO loyalty_ledger (consumer_uuid, points, source_type, source_key, event, coupon, coupon_type, order_id, expire_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT ON CONSTRAINT loyalty_ledger_source_once DO NOTHING`,
    [e.consumer_uuid, e.points, e.source_type, e.source_key, e.event ?? null, e.coupon ?? null, e.coupon_type ?? null, e.order_id ?? null, e.expire_at ?? null],
  );
  return r.rowCount === 1;
}

export async function hasLedgerSource(db: Queryable, sourceType: SourceType, sourceKey: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM loyalty_ledger WHERE source_type = $1 AND source_key = $2`, [sourceType, sourceKey]);
  return rows.length > 0;
}

export interface AccountRow {
  consumer_uuid: string;
  balance: number;
  held: number;
}

/** The consumer's balance row, created empty when missing, locked for the transaction when asked. */
export async function lockAccount(tx: Tx, consumer: string): Promise<AccountRow> {
  await tx.query(`INSERT INTO loyalty_account (consumer_uuid) VALUES ($1) ON CONFLICT DO NOTHING`, [consumer]);
  const { rows } = await tx.query<AccountRow>(
    `SELECT consumer_uuid::text AS consumer_uuid, balance, held FROM loyalty_account WHERE consumer_uuid = $1 FOR UPDATE`,
    [consumer],
  );
  return rows[0]!;
}

export async function findAccount(db: Queryable, consumer: string): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountRow>(
    `SELECT consumer_uuid::text AS consumer_uuid, balance, held FROM loyalty_account WHERE consumer_uuid = $1`,
    [consumer],
  );
  return rows[0] ?? null;
}

export async function addHeld(tx: Tx, consumer: string, delta: number): Promise<void> {
  await tx.query(`UPDATE loyalty_account SET held = held + $2, updated_at = now() WHERE consumer_uuid = $1`, [consumer, delta]);
}

/** Credits (oldest first, by the bigint id: its text alias would sort 1000 before 999) and the total of debits, for first-in-first-out expiry. */
export async function creditsAndDebits(db: Queryable, consumer: string): Promise<{ credits: { id: string; points: number; expire_at: Date | null }[]; debits: number }> {
  const { rows } = await db.query<{ id: string; points: number; expire_at: Date | null }>(
    `SELECT l.id::text AS id, points, expire_at FROM loyalty_ledger l WHERE consumer_uuid = $1 AND points > 0 ORDER BY l.id`,
    [consumer],
  );
  const d = await db.query<{ total: number }>(
    `SELECT COALESCE(-sum(points), 0)::int AS total FROM loyalty_ledger WHERE consumer_uuid = $1 AND points < 0`,
    [consumer],
  );
  return { credits: rows, debits: d.rows[0]!.total };
}

/**
 * Consumers with lapsed points still unspent and not yet expired up to their newest lapsed credit.
 * First in, first out, a lapsed point is left exactly when the credits up to the newest lapsed one
 * exceed all debits. Consumers who spent their lapsing points before the job came are no candidates:
 * the job writes nothing for them, so they would come back on every run and, past `limit` of
 * them, crowd out the consumers whose points must expire.
 */
export async function expiryCandidates(db: Queryable, limit: number): Promise<{ consumer_uuid: string; last_id: string }[]> {
  const { rows } = await db.query<{ consumer_uuid: string; last_id: string }>(
    `SELECT l.consumer_uuid::text AS consumer_uuid, max(l.id)::text AS last_id
       FROM loyalty_ledger l
      WHERE l.points > 0 AND l.expire_at <= now()
      GROUP BY l.consumer_uuid
     HAVING NOT EXISTS (SELECT 1 FROM loyalty_ledger x WHERE x.source_type = 'expiry' AND x.source_key = l.consumer_uuid::text || ':' || max(l.id)::text)
        AND (SELECT sum(c.points) FROM loyalty_ledger c WHERE c.consumer_uuid = l.consumer_uuid AND c.points > 0 AND c.id <= max(l.id))
          > (SELECT COALESCE(-sum(d.points), 0) FROM loyalty_ledger d WHERE d.consumer_uuid = l.consumer_uuid AND d.points < 0)
      LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Points earned (credits of earning sources, less order reversals) since a moment: what tiers are computed from. */
export async function earnedSince(db: Queryable, consumer: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `SELECT COALESCE(sum(points), 0)::int AS total FROM loyalty_ledger
      WHERE consumer_uuid = $1 AND created_at >= $2
        AND (source_type IN ('article', 'qr_code', 'pack_code', 'referral') AND points > 0 OR source_type = 'order')`,
    [consumer, since],
  );
  return Math.max(0, rows[0]!.total);
}

export async function historyPage(db: Queryable, consumer: string, limit: number, offset: number): Promise<{ rows: (LedgerRow & { balance: number })[]; total: number }> {
  const { rows } = await db.query<LedgerRow & { balance: number }>(
    `SELECT * FROM (
       SELECT ${LEDGER_COLUMNS}, (sum(points) OVER (ORDER BY id))::int AS balance FROM loyalty_ledger WHERE consumer_uuid = $1
     ) h ORDER BY h.id::bigint DESC LIMIT $2 OFFSET $3`,
    [consumer, limit, offset],
  );
  const c = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM loyalty_ledger WHERE consumer_uuid = $1`, [consumer]);
  return { rows, total: c.rows[0]!.n };
}

export async function sourceTypesOf(db: Queryable, consumer: string): Promise<{ source_type: SourceType; n: number; first_at: Date }[]> {
  const { rows } = await db.query<{ source_type: SourceType; n: number; first_at: Date }>(
    `SELECT source_type, count(*)::int AS n, min(created_at) AS first_at FROM loyalty_ledger WHERE consumer_uuid = $1 AND points > 0 GROUP BY source_type`,
    [consumer],
  );
  return rows;
}

// ---------- Markets, tiers, rules, product points ----------

export interface MarketRow {
  store_code: string;
  enabled: 'true' | 'false';
  timeout_ms: number | null;
}

export async function findMarket(db: Queryable, storeCode: string): Promise<MarketRow | null> {
  const { rows } = await db.query<MarketRow>(`SELECT store_code, enabled, timeout_ms FROM loyalty_market WHERE store_code = $1`, [storeCode]);
  return rows[0] ?? null;
}

export interface TierRow {
  code: string;
  name: string;
  image_url: string;
  threshold: number;
}

/** Tiers by threshold, named in `language` where a text exists (else the tier's own name). */
export async function listTiers(db: Queryable, language = 'en'): Promise<TierRow[]> {
  const { rows } = await db.query<TierRow>(
    `SELECT t.code, COALESCE(x.name, t.name) AS name, t.image_url, t.threshold
       FROM loyalty_tier t LEFT JOIN loyalty_tier_text x ON x.code = t.code AND x.language = $1
      ORDER BY t.threshold`,
    [language],
  );
  return rows;
}

export interface EarningRuleRow {
  event_name: string;
  points: number;
  description: string;
}

const EARNING_RULE_COLUMNS = `r.event_name, r.points, COALESCE(x.description, r.description) AS description
   FROM loyalty_earning_rule r LEFT JOIN loyalty_earning_rule_text x ON x.event_name = r.event_name AND x.language = $1`;

export async function listEarningRules(db: Queryable, language = 'en'): Promise<EarningRuleRow[]> {
  const { rows } = await db.query<EarningRuleRow>(`SELECT ${EARNING_RULE_COLUMNS} WHERE r.is_active ORDER BY r.event_name`, [language]);
  return rows;
}

export async function findEarningRule(db: Queryable, eventName: string, language = 'en'): Promise<EarningRuleRow | null> {
  const { rows } = await db.query<EarningRuleRow>(`SELECT ${EARNING_RULE_COLUMNS} WHERE r.event_name = $2 AND r.is_active`, [language, eventName]);
  return rows[0] ?? null;
}

export interface ProductPointsRow {
  sku: string;
  points: number;
  rules: string[];
  time_to: Date | null;
}

export async function productPoints(db: Queryable, storeCode: string, skus: string[]): Promise<ProductPointsRow[]> {
  const { rows } = await db.query<ProductPointsRow>(
    `SELECT sku, points, rules, time_to FROM loyalty_product_points
      WHERE store_code = $1 AND sku = ANY($2::text[]) AND (time_to IS NULL OR time_to > now())`,
    [storeCode, skus],
  );
  return rows;
}

export async function upsertProductPoints(db: Queryable, p: ProductPointsRow & { store_code: string }): Promise<void> {
  await db.query(
    `INSERT INTO loyalty_product_points (sku, store_code, points, rules, time_to) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (sku, store_code) DO UPDATE SET points = EXCLUDED.points, rules = EXCLUDED.rules, time_to = EXCLUDED.time_to`,
    [p.sku, p.store_code, p.points, p.rules, p.time_to],
  );
}

// ---------- Order points ----------

export interface OrderPointsRow {
  order_id: string;
  order_number: string;
  consumer_uuid: string;
  points: number;
  status: 'pending' | 'credited' | 'reversed';
  reversed_points: number;
  due_at: Date;
  created_at: Date;
}

const ORDER_POINTS_COLUMNS = `order_id, order_number, consumer_uuid::text AS consumer_uuid, points, status, reversed_points, due_at, created_at`;

export async function insertOrderPoints(tx: Tx, r: { order_id: string; order_number: string; consumer_uuid: string; points: number; due_at: Date }): Promise<void> {
  await tx.query(
    `INSERT INTO loyalty_order_points (order_id, order_number, consumer_uuid, points, due_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (order_id) DO NOTHING`,
    [r.order_id, r.order_number, r.consumer_uuid, r.points, r.due_at],
  );
}

export async function findOrderPoints(db: Queryable, orderId: string, lock = false): Promise<OrderPointsRow | null> {
  const { rows } = await db.query<OrderPointsRow>(
    `SELECT ${ORDER_POINTS_COLUMNS} FROM loyalty_order_points WHERE order_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [orderId],
  );
  return rows[0] ?? null;
}

export async function findOrderPointsByRef(db: Queryable, consumer: string, ref: string): Promise<OrderPointsRow | null> {
  const { rows } = await db.query<OrderPointsRow>(
    `SELECT ${ORDER_POINTS_COLUMNS} FROM loyalty_order_points WHERE consumer_uuid = $1 AND (order_id = $2 OR order_number = upper($2))`,
    [consumer, ref],
  );
  return rows[0] ?? null;
}

export async function updateOrderPoints(tx: Tx, orderId: string, status: OrderPointsRow['status'], reversed: number): Promise<void> {
  await tx.query(
    `UPDATE loyalty_order_points SET status = $2, reversed_points = $3, updated_at = now() WHERE order_id = $1`,
    [orderId, status, reversed],
  );
}

export async function pendingPointsOf(db: Queryable, consumer: string): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `SELECT COALESCE(sum(points - reversed_points), 0)::int AS total FROM loyalty_order_points WHERE consumer_uuid = $1 AND status = 'pending'`,
    [consumer],
  );
  return rows[0]!.total;
}

export async function duePendingOrders(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ order_id: string }>(
    `SELECT order_id FROM loyalty_order_points WHERE status = 'pending' AND due_at <= now() ORDER BY due_at LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.order_id);
}

// ---------- Rewards, redemptions, cart campaigns ----------

export interface RewardRow {
  uuid: string;
  kind: 'reward' | 'campaign';
  name: string;
  description: string;
  image_url: string | null;
  points: number;
  discount_amount: number | null;
  currency: string | null;
  stock: number | null;
  min_tier: string | null;
  store_code: string | null;
  is_active: boolean;
}

const REWARD_COLUMNS = `uuid::text AS uuid, kind, name, description, image_url, points, discount_amount, currency, stock, min_tier, store_code, is_active`;
/** The reward's columns with its name and description in the language of parameter $1, where written. */
const REWARD_COLUMNS_IN = `r.uuid::text AS uuid, r.kind, COALESCE(x.name, r.name) AS name, COALESCE(x.description, r.description) AS description,
  r.image_url, r.points, r.discount_amount, r.currency, r.stock, r.min_tier, r.store_code, r.is_active
  FROM loyalty_reward r LEFT JOIN loyalty_reward_text x ON x.reward_uuid = r.uuid AND x.language = $1`;

export async function listRewards(db: Queryable, storeCode: string, language = 'en'): Promise<RewardRow[]> {
  const { rows } = await db.query<RewardRow>(
    `SELECT ${REWARD_COLUMNS_IN} WHERE r.is_active AND (r.store_code IS NULL OR r.store_code = $2) ORDER BY r.points, name`,
    [language, storeCode],
  );
  return rows;
}

/** One reward; `language` names it for display (a locking read takes the row's own texts). */
export async function findReward(db: Queryable, uuid: string, lock = false, language = 'en'): Promise<RewardRow | null> {
  const { rows } = lock
    ? await db.query<RewardRow>(`SELECT ${REWARD_COLUMNS} FROM loyalty_reward WHERE uuid = $1 FOR UPDATE`, [uuid])
    : await db.query<RewardRow>(`SELECT ${REWARD_COLUMNS_IN} WHERE r.uuid = $2`, [language, uuid]);
  return rows[0] ?? null;
}

export async function insertReward(db: Queryable, r: Omit<RewardRow, 'is_active'>): Promise<void> {
  await db.query(
    `INSERT INTO loyalty_reward (uuid, kind, name, description, image_url, points, discount_amount, currency, stock, min_tier, store_code)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [r.uuid, r.kind, r.name, r.description, r.image_url, r.points, r.discount_amount, r.currency, r.stock, r.min_tier, r.store_code],
  );
}

/** Takes quantity from a reward's stock (unlimited when NULL); false when not enough is left. */
export async function takeRewardStock(tx: Tx, uuid: string, quantity: number): Promise<boolean> {
  const r = await tx.query(
    `UPDATE loyalty_reward SET stock = CASE WHEN stock IS NULL THEN NULL ELSE stock - $2 END
      WHERE uuid = $1 AND (stock IS NULL OR stock >= $2)`,
    [uuid, quantity],
  );
  return r.rowCount === 1;
}

export async function insertRedemption(tx: Tx, r: { uuid: string; reward_uuid: string; consumer_uuid: string; quantity: number; points: number; coupon: string }): Promise<void> {
  await tx.query(
    `INSERT INTO loyalty_redemption (uuid, reward_uuid, consumer_uuid, quantity, points, coupon) VALUES ($1, $2, $3, $4, $5, $6)`,
    [r.uuid, r.reward_uuid, r.consumer_uuid, r.quantity, r.points, r.coupon],
  );
}

export interface CartCampaignRow {
  uuid: string;
  cart_id: string;
  consumer_uuid: string;
  campaign_uuid: string;
  points: number;
  amount: number;
  currency: string;
  status: 'held' | 'spent' | 'released' | 'returned';
  order_id: string | null;
}

const CART_CAMPAIGN_COLUMNS = `uuid::text AS uuid, cart_id, consumer_uuid::text AS consumer_uuid, campaign_uuid::text AS campaign_uuid, points, amount, currency, status, order_id`;

export async function heldCampaign(db: Queryable, cartId: string, lock = false): Promise<CartCampaignRow | null> {
  const { rows } = await db.query<CartCampaignRow>(
    `SELECT ${CART_CAMPAIGN_COLUMNS} FROM loyalty_cart_campaign WHERE cart_id = $1 AND status = 'held'${lock ? ' FOR UPDATE' : ''}`,
    [cartId],
  );
  return rows[0] ?? null;
}

export async function campaignForOrder(db: Queryable, orderId: string, lock = false): Promise<CartCampaignRow | null> {
  const { rows } = await db.query<CartCampaignRow>(
    `SELECT ${CART_CAMPAIGN_COLUMNS} FROM loyalty_cart_campaign WHERE order_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [orderId],
  );
  return rows[0] ?? null;
}

export async function insertCartCampaign(tx: Tx, r: Omit<CartCampaignRow, 'status' | 'order_id'>): Promise<void> {
  await tx.query(
    `INSERT INTO loyalty_cart_campaign (uuid, cart_id, consumer_uuid, campaign_uuid, points, amount, currency) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.uuid, r.cart_id, r.consumer_uuid, r.campaign_uuid, r.points, r.amount, r.currency],
  );
}

export async function setCartCampaignStatus(tx: Tx, uuid: string, status: CartCampaignRow['status'], orderId: string | null): Promise<void> {
  await tx.query(
    `UPDATE loyalty_cart_campaign SET status = $2, order_id = COALESCE($3, order_id), updated_at = now() WHERE uuid = $1`,
    [uuid, status, orderId],
  );
}

// ---------- Articles, QR codes ----------

export interface ArticleRow {
  article_id: string;
  title: string;
  summary: string;
  body: string;
  image_url: string | null;
  points: number;
  levels: string[];
  is_available: boolean;
  published_at: Date;
  is_read: boolean;
}

/** Articles newest first; is_read for the consumer when one is given. */
/** An article's columns with its texts in the language of parameter $1, where written. */
const ARTICLE_COLUMNS_IN = `a.article_id, COALESCE(x.title, a.title) AS title, COALESCE(x.summary, a.summary) AS summary,
  COALESCE(x.body, a.body) AS body, a.image_url, a.points, a.levels, a.is_available, a.published_at`;
const ARTICLE_FROM_IN = `loyalty_article a LEFT JOIN loyalty_article_text x ON x.article_id = a.article_id AND x.language = $1`;

export async function listArticles(db: Queryable, consumer: string | null, language = 'en'): Promise<ArticleRow[]> {
  const { rows } = await db.query<ArticleRow>(
    `SELECT ${ARTICLE_COLUMNS_IN},
            ($2::uuid IS NOT NULL AND EXISTS (
              SELECT 1 FROM loyalty_ledger l WHERE l.source_type = 'article' AND l.source_key = a.article_id || ':' || $2::text)) AS is_read
       FROM ${ARTICLE_FROM_IN} WHERE a.published_at <= now() ORDER BY a.published_at DESC, a.article_id`,
    [language, consumer],
  );
  return rows;
}

export async function findArticle(db: Queryable, articleId: string, language = 'en'): Promise<Omit<ArticleRow, 'is_read'> | null> {
  const { rows } = await db.query<Omit<ArticleRow, 'is_read'>>(
    `SELECT ${ARTICLE_COLUMNS_IN} FROM ${ARTICLE_FROM_IN} WHERE a.article_id = $2 AND a.published_at <= now()`,
    [language, articleId],
  );
  return rows[0] ?? null;
}

export async function insertArticle(db: Queryable, a: { article_id: string; title: string; summary: string; body: string; points: number; levels?: string[]; is_available?: boolean }): Promise<void> {
  await db.query(
    `INSERT INTO loyalty_article (article_id, title, summary, body, points, levels, is_available) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [a.article_id, a.title, a.summary, a.body, a.points, a.levels ?? [], a.is_available ?? true],
  );
}

export interface QrCodeRow {
  id: string;
  points: number;
  description: string;
  valid_from: Date;
  valid_to: Date;
}

export async function findQrCode(db: Queryable, id: string): Promise<QrCodeRow | null> {
  const { rows } = await db.query<QrCodeRow>(`SELECT id, points, description, valid_from, valid_to FROM loyalty_qr_code WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function insertQrCode(db: Queryable, q: QrCodeRow): Promise<void> {
  await db.query(`INSERT INTO loyalty_qr_code (id, points, description, valid_from, valid_to) VALUES ($1, $2, $3, $4, $5)`, [q.id, q.points, q.description, q.valid_from, q.valid_to]);
}

// --- data-subject export and erasure (loyalty.privacy.ts) -------------------------------------

/** Everything the club holds about one consumer: account, every ledger entry, order points, redemptions, cart holds. */
export async function exportConsumer(db: Queryable, consumer: string) {
  const q = async (sql: string) => (await db.query<Record<string, unknown>>(sql, [consumer])).rows;
  const [account] = await q('SELECT balance, held, updated_at FROM loyalty_account WHERE consumer_uuid = $1::uuid');
  return {
    account: account ?? null,
    ledger: await q(`SELECT points, source_type, event, coupon, order_id, created_at, expire_at FROM loyalty_ledger WHERE consumer_uuid = $1::uuid ORDER BY id`),
    order_points: await q('SELECT order_number, points, status, reversed_points, due_at, created_at FROM loyalty_order_points WHERE consumer_uuid = $1::uuid ORDER BY created_at'),
    redemptions: await q('SELECT uuid::text AS uuid, reward_uuid::text AS reward_uuid, quantity, points, coupon, created_at FROM loyalty_redemption WHERE consumer_uuid = $1::uuid ORDER BY created_at'),
    cart_campaigns: await q('SELECT campaign_uuid::text AS campaign_uuid, points, amount, currency, status, order_id, created_at FROM loyalty_cart_campaign WHERE consumer_uuid = $1::uuid ORDER BY created_at'),
  };
}

/** A loyalty account's balance as the caller's transaction sees it (0 without an account). */
export async function loyaltyBalance(db: Queryable, consumer: string): Promise<number> {
  const { rows } = await db.query<{ balance: number }>(`SELECT balance FROM loyalty_account WHERE consumer_uuid = $1::uuid`, [consumer]);
  return rows[0]?.balance ?? 0;
}
