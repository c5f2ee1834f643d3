import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { OrderEvent } from '../orders/orders.store.js';
import * as store from './loyalty.store.js';
import type { SourceType } from './loyalty.store.js';
import type { Transactions } from '../../platform/transaction.js';

export interface LoyaltySettings {
  /** Days after which a credit lapses (0: never). */
  expiryDays: number;
  /** Days after placing when order points become available even without a delivery. */
  pendingDays: number;
  /** Days of earned points that decide the tier. */
  tierWindowDays: number;
  /** Client timeout the storefront uses for loyalty calls. */
  timeoutMs: number;
}

export const DEFAULT_LOYALTY_SETTINGS: LoyaltySettings = { expiryDays: 365, pendingDays: 30, tierWindowDays: 365, timeoutMs: 5000 };

const DAY_MS = 86_400_000;
/** Sources whose points count towards tiers (spending and expiry never lower a tier; reversals do). */
const EARNING_SOURCES: SourceType[] = ['order', 'article', 'qr_code', 'pack_code', 'referral'];

export interface PointsSummary {
  uuid: string;
  /** Spendable now: the balance less points held by campaigns applied to carts. */
  points: number;
  balance: number;
  held_points: number;
  pending_points: number;
  points_to_expire: number;
  expire_at: string | null;
  tier: TierView;
}

export interface TierView {
  code: string;
  name: string;
  image_url: string;
  threshold: number;
  earned_points: number;
  next_tier: { name: string; threshold: number; points_needed: number } | null;
}

export interface AppliedCampaign {
  loyalty_discount_uuid: string;
  campaign_uuid: string;
  loyalty_discount_points: number;
  /** Minor units of `currency`. */
  loyalty_discount_amount: number;
  currency: string;
}

export interface RewardView {
  uuid: string;
  campaign_id: string;
  kind: 'reward' | 'campaign';
  name: string;
  description: string;
  image_url: string | null;
  points: number;
  /** The campaign's discount as a decimal amount of `currency`; null for rewards. */
  price: number | null;
  currency: string | null;
  stock: number | null;
  is_eligible: boolean;
}

function isCheckViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === '23514';
}

/**
 * The loyalty club over one ledger: every credit and debit is one row with a unique source, the
 * database keeps the balance equal to the ledger's sum and never below zero (or below what campaigns
 * hold). Both HTTP families and the cart call these functions; writes run in the caller's transaction.
 */
export class LoyaltyService {
  constructor(
    private readonly db: Reader,
    readonly settings: LoyaltySettings = DEFAULT_LOYALTY_SETTINGS,
  ) {}

  // ---------- Markets ----------

  /** Whether loyalty runs in a store view: the spec's feature flag, the string "true". */
  async enabledIn(storeCode: string): Promise<boolean> {
    // A store view added after the loyalty migration is in the club until its row says otherwise.
    return ((await store.findMarket(this.db, storeCode))?.enabled ?? 'true') === 'true';
  }

  async configuration(storeCode: string) {
    const market = await store.findMarket(this.db, storeCode);
    return {
      store_code: storeCode,
      enabled: market?.enabled ?? 'true',
      timeout: market?.timeout_ms ?? this.settings.timeoutMs,
      points_expiry_days: this.settings.expiryDays,
      pending_days: this.settings.pendingDays,
      tier_window_days: this.settings.tierWindowDays,
      history_per_page: 10,
    };
  }

  // ---------- Ledger ----------

  /** Credits points once per source; false when the source was already credited. */
  async credit(tx: Tx, e: Omit<store.LedgerInsert, 'expire_at'> & { points: number }): Promise<boolean> {
    if (!Number.isSafeInteger(e.points) || e.points <= 0) return false;
    const expireAt = this.settings.expiryDays > 0 ? new Date(Date.now() + this.settings.expiryDays * DAY_MS) : null;
    return store.insertLedger(tx, { ...e, expire_at: expireAt });
  }

  /**
   * Debits points once per source from what is spendable (balance less held); INSUFFICIENT_POINTS
   * when not enough. The account row lock makes concurrent spenders wait for each other.
   */
  async debit(tx: Tx, e: Omit<store.LedgerInsert, 'expire_at' | 'points'> & { points: number }, opts: { includeHeld?: boolean } = {}): Promise<boolean> {
    const account = await store.lockAccount(tx, e.consumer_uuid);
    const spendable = account.balance - (opts.includeHeld ? 0 : account.held);
    if (e.points > spendable) throw new AppError('INSUFFICIENT_POINTS', 'Not enough points', { needed: e.points, available: Math.max(0, spendable) });
    try {
      return await store.insertLedger(tx, { ...e, points: -e.points });
    } catch (err) {
      if (isCheckViolation(err)) throw new AppError('INSUFFICIENT_POINTS', 'Not enough points');
      throw err;
    }
  }

  /** The consumer's points; the tier is named in `language` (the store view's). */
  async summary(consumer: string, language = 'en'): Promise<PointsSummary> {
    const [account, pending, expiry, tier] = await Promise.all([
      store.findAccount(this.db, consumer),
      store.pendingPointsOf(this.db, consumer),
      this.expiryOf(this.db, consumer),
      this.tierOf(consumer, this.db, language),
    ]);
    const balance = account?.balance ?? 0;
    const held = account?.held ?? 0;
    return {
      uuid: consumer,
      points: balance - held,
      balance,
      held_points: held,
      pending_points: pending,
      points_to_expire: expiry.points_to_expire,
      expire_at: expiry.expire_at,
      tier,
    };
  }

  /**
   * First in, first out: debits use up the oldest credits. The next lapse is the earliest expiry of a
   * credit not yet used up; points_to_expire is what is left of the credits lapsing on that day.
   */
  private async expiryOf(db: Queryable, consumer: string): Promise<{ expire_at: string | null; points_to_expire: number; lapsed: number }> {
    const { credits, debits } = await store.creditsAndDebits(db, consumer);
    let used = debits;
    const now = Date.now();
    let lapsed = 0;
    const upcoming = new Map<number, number>();
    for (const c of credits) {
      const take = Math.min(used, c.points);
      used -= take;
      const left = c.points - take;
      if (left <= 0 || !c.expire_at) continue;
      const at = new Date(c.expire_at).getTime();
      if (at <= now) lapsed += left;
      else {
        const day = Math.floor(at / DAY_MS) * DAY_MS;
        upcoming.set(day, (upcoming.get(day) ?? 0) + left);
      }
    }
    const next = [...upcoming.keys()].sort((a, b) => a - b)[0];
    return { expire_at: next === undefined ? null : new Date(next).toISOString(), points_to_expire: next === undefined ? 0 : upcoming.get(next)!, lapsed };
  }

  /** Expires lapsed points of up to `limit` consumers; each run's debit is keyed by the newest lapsed credit. */
  async expirePoints(run: Transactions, limit = 100): Promise<number> {
    let expired = 0;
    for (const c of await store.expiryCandidates(this.db, limit)) {
      await run(async (tx) => {
        const account = await store.lockAccount(tx, c.consumer_uuid);
        const { lapsed } = await this.expiryOf(tx, c.consumer_uuid);
        // Points a campaign holds for a cart stay: the customer was promised them.
        const points = Math.min(lapsed, account.balance - account.held);
        if (points > 0) {
          await store.insertLedger(tx, { consumer_uuid: c.consumer_uuid, points: -points, source_type: 'expiry', source_key: `${c.consumer_uuid}:${c.last_id}`, event: 'Points expired' });
          expired += points;
        } else {
          // Nothing left to expire: record a zero-effect marker is not allowed (points <> 0), so skip.
        }
      });
    }
    return expired;
  }

  async history(consumer: string, page: number, perPage: number) {
    const { rows, total } = await store.historyPage(this.db, consumer, perPage, (page - 1) * perPage);
    return {
      items: rows.map((r) => ({
        type: r.source_type,
        points: r.points,
        coupon: r.coupon,
        coupon_type: r.coupon_type,
        event: r.event,
        date: new Date(r.created_at).toISOString(),
        balance: r.balance,
        order_id: r.order_id,
      })),
      page,
      perPage,
      total,
      total_pages: Math.ceil(total / perPage),
    };
  }

  // ---------- Tiers and rules ----------

  async tiers(language = 'en') {
    return (await store.listTiers(this.db, language)).map(({ code, name, image_url, threshold }) => ({ code, name, image_url, threshold }));
  }

  /** Computed on every read from points earned in the window, so a reversal lowers it at once. */
  async tierOf(consumer: string, db: Queryable = this.db, language = 'en'): Promise<TierView> {
    const since = new Date(Date.now() - this.settings.tierWindowDays * DAY_MS);
    const tiers = await store.listTiers(db, language);
    const earned = await store.earnedSince(db, consumer, since);
    let current = tiers[0] ?? { code: 'none', name: 'N/A', image_url: '', threshold: 0 };
    for (const t of tiers) if (earned >= t.threshold) current = t;
    const next = tiers.find((t) => t.threshold > earned) ?? null;
    return {
      code: current.code,
      name: current.name,
      image_url: current.image_url,
      threshold: current.threshold,
      earned_points: earned,
      next_tier: next ? { name: next.name, threshold: next.threshold, points_needed: next.threshold - earned } : null,
    };
  }

  earningRules(db: Queryable = this.db, language = 'en') {
    return store.listEarningRules(db, language);
  }

  /** An active earning rule read in the caller's transaction (or null): what another module's credit is sized by. */
  activeEarningRule(db: Queryable, eventName: string, language = 'en') {
    return store.findEarningRule(db, eventName, language);
  }

  async earningRule(eventName: string, language = 'en') {
    const rule = await store.findEarningRule(this.db, eventName, language);
    if (!rule) throw new AppError('ENTITY_NOT_FOUND', 'No data found');
    return rule;
  }

  /** Points of products in a store view; products without a rule answer zero (reads fall back to defaults). */
  async productPoints(storeCode: string, skus: string[]) {
    const rows = await store.productPoints(this.db, storeCode, skus);
    return skus.map((sku) => {
      const r = rows.find((x) => x.sku === sku);
      return {
        sku,
        points: r?.points ?? 0,
        rules: r?.rules ?? [],
        time_limited: Boolean(r?.time_to),
        time_to: r?.time_to ? new Date(r.time_to).toISOString() : null,
      };
    });
  }

  /**
   * The points a purchase in a physical store earns: the order rule's points per whole unit of the
   * total, as an online order earns them; none where the store view's club is off (docs/decisions/0069).
   */
  async offlinePurchasePoints(q: Reader, storeCode: string, totalMinor: number): Promise<number> {
    if ((await store.findMarket(q, storeCode))?.enabled === 'false') return 0;
    const rule = await store.findEarningRule(q, 'order_placed');
    return Math.floor(Math.max(0, totalMinor) / 100) * (rule?.points ?? 0);
  }

  // ---------- Orders (order events) ----------

  /** The order-event subscriber: pending points on placement, credit on delivery, reversal on cancel or refund. */
  async onOrderEvent(tx: Tx, e: OrderEvent): Promise<void> {
    if (!e.customer_uuid) return;
    if (e.type === 'placed') {
      if ((await store.findMarket(tx, e.store_code))?.enabled === 'false') return;
      const rule = await store.findEarningRule(tx, 'order_placed');
      const points = Math.floor(Math.max(0, e.grand_total) / 100) * (rule?.points ?? 0);
      if (points <= 0) return;
      await store.insertOrderPoints(tx, {
        order_id: e.order_id, order_number: e.order_number, consumer_uuid: e.customer_uuid, points,
        due_at: new Date(Date.now() + this.settings.pendingDays * DAY_MS),
      });
    } else if (e.type === 'delivered') {
      await this.releaseOrderPoints(tx, e.order_id);
    } else if (e.type === 'canceled') {
      await this.reverseOrderPoints(tx, e.order_id, 1);
      await this.returnCampaign(tx, e.order_id);
    } else if (e.type === 'refunded') {
      const fraction = e.refunded_total > 0 && e.grand_total > 0 ? Math.min(1, e.refunded_total / e.grand_total) : 1;
      await this.reverseOrderPoints(tx, e.order_id, fraction);
    }
  }

  /**
   * Takes back a credit (a referral whose first order was returned): at most what is still spendable,
   * once per key. Returns the points taken.
   */
  async takeBack(tx: Tx, e: { consumer_uuid: string; points: number; source_type: SourceType; source_key: string; event: string }): Promise<number> {
    const account = await store.lockAccount(tx, e.consumer_uuid);
    const points = Math.min(e.points, account.balance - account.held);
    if (points <= 0) return 0;
    return (await store.insertLedger(tx, { ...e, points: -points })) ? points : 0;
  }

  /** Makes an order's pending points spendable (delivered, or pending for the configured days). */
  async releaseOrderPoints(tx: Tx, orderId: string): Promise<void> {
    const row = await store.findOrderPoints(tx, orderId, true);
    if (!row || row.status !== 'pending') return;
    const points = row.points - row.reversed_points;
    if (points > 0) {
      await this.credit(tx, { consumer_uuid: row.consumer_uuid, points, source_type: 'order', source_key: orderId, order_id: row.order_number, event: `Order ${row.order_number}` });
    }
    await store.updateOrderPoints(tx, orderId, points > 0 ? 'credited' : 'reversed', row.reversed_points);
  }

  async releaseDuePendingPoints(run: Transactions, limit = 100): Promise<number> {
    const due = await store.duePendingOrders(this.db, limit);
    for (const id of due) await run((tx) => this.releaseOrderPoints(tx, id));
    return due.length;
  }

  /**
   * Reverses an order's points in proportion (1 = all). Pending points are simply not credited;
   * credited ones are debited, at most what the customer still has spendable (the balance never goes
   * below zero, and points already spent stay spent).
   */
  async reverseOrderPoints(tx: Tx, orderId: string, fraction: number): Promise<void> {
    const row = await store.findOrderPoints(tx, orderId, true);
    if (!row) return;
    const target = Math.min(row.points, Math.round(row.points * fraction));
    const delta = target - row.reversed_points;
    if (delta <= 0) return;
    if (row.status === 'pending') {
      await store.updateOrderPoints(tx, orderId, target === row.points ? 'reversed' : 'pending', target);
      return;
    }
    const account = await store.lockAccount(tx, row.consumer_uuid);
    const points = Math.min(delta, account.balance - account.held);
    if (points > 0) {
      await store.insertLedger(tx, {
        consumer_uuid: row.consumer_uuid, points: -points, source_type: 'order', source_key: `${orderId}:reversal:${target}`,
        order_id: row.order_number, event: `Order ${row.order_number} reversed`,
      });
    }
    await store.updateOrderPoints(tx, orderId, target === row.points ? 'reversed' : 'credited', target);
  }

  /** The loyalty side of one of the customer's orders; "No data found" when it earned and spent nothing. */
  async orderInfo(consumer: string, ref: string) {
    const earned = await store.findOrderPointsByRef(this.db, consumer, ref);
    const spent = earned ? await store.campaignForOrder(this.db, earned.order_id) : null;
    if (!earned) throw new AppError('ENTITY_NOT_FOUND', 'No data found');
    return {
      order_id: earned.order_id,
      order_number: earned.order_number,
      points: earned.points - earned.reversed_points,
      status: earned.status,
      pending_points: earned.status === 'pending' ? earned.points - earned.reversed_points : 0,
      reversed_points: earned.reversed_points,
      spent_points: spent && spent.status === 'spent' ? spent.points : 0,
      available_at: earned.status === 'pending' ? new Date(earned.due_at).toISOString() : null,
    };
  }

  // ---------- Rewards ----------

  /** Rewards and campaigns of a store view, named and described in `language` (the store view's). */
  async rewards(storeCode: string, consumer: string | null, language = 'en'): Promise<RewardView[]> {
    const [rows, summary] = await Promise.all([store.listRewards(this.db, storeCode, language), consumer ? this.summary(consumer) : Promise.resolve(null)]);
    const tiers = await store.listTiers(this.db);
    return rows.map((r) => {
      const tierOk = !r.min_tier || (summary !== null && summary.tier.threshold >= (tiers.find((t) => t.code === r.min_tier)?.threshold ?? Infinity));
      return {
        uuid: r.uuid,
        campaign_id: r.uuid,
        kind: r.kind,
        name: r.name,
        description: r.description,
        image_url: r.image_url,
        points: r.points,
        price: r.discount_amount === null ? null : r.discount_amount / 100,
        currency: r.currency,
        stock: r.stock,
        is_eligible: summary !== null && summary.points >= r.points && r.stock !== 0 && tierOk,
      };
    });
  }

  /**
   * Buys a reward with points: stock and balance are both taken in this transaction, so of parallel
   * attempts only as many succeed as points (and stock) allow.
   */
  async redeem(tx: Tx, consumer: string, rewardUuid: string, quantity = 1, storeCode?: string, language = 'en') {
    // Named in the shopper's language: the history shows the reward as they chose it.
    const reward = await store.findReward(tx, rewardUuid, false, language);
    if (!reward || !reward.is_active || reward.kind !== 'reward' || (storeCode && reward.store_code && reward.store_code !== storeCode)) {
      throw new AppError('ENTITY_NOT_FOUND', 'No data found');
    }
    if (reward.min_tier) {
      const tiers = await store.listTiers(tx);
      const tier = await this.tierOf(consumer, tx);
      if (tier.threshold < (tiers.find((t) => t.code === reward.min_tier)?.threshold ?? Infinity)) throw new AppError('NOT_ELIGIBLE', 'Your tier cannot redeem this reward yet');
    }
    // Unlimited rewards skip the stock update, so their redemptions do not queue on the reward's row.
    if (reward.stock !== null && !(await store.takeRewardStock(tx, rewardUuid, quantity))) throw new AppError('INSUFFICIENT_STOCK', 'This reward is out of stock');
    const uuid = randomUUID();
    const coupon = `RW-${randomBytes(6).toString('hex').toUpperCase()}`;
    const points = reward.points * quantity;
    await this.debit(tx, { consumer_uuid: consumer, points, source_type: 'reward', source_key: uuid, event: reward.name, coupon, coupon_type: 'reward' });
    await store.insertRedemption(tx, { uuid, reward_uuid: rewardUuid, consumer_uuid: consumer, quantity, points, coupon });
    return { redemption_uuid: uuid, reward_uuid: rewardUuid, quantity, points, coupon };
  }

  // ---------- Cart campaigns ----------

  /**
   * Applies a campaign to a cart: its points are held (not yet debited) so no other cart of the
   * customer can use them; replaces a campaign the cart already had.
   */
  async applyCampaignToCart(tx: Tx, input: { consumer: string; cartId: string; campaignUuid: string; currency: string; storeCode: string }): Promise<AppliedCampaign> {
    const campaign = await store.findReward(tx, input.campaignUuid);
    if (!campaign || !campaign.is_active || campaign.kind !== 'campaign' || (campaign.store_code && campaign.store_code !== input.storeCode)) {
      throw new AppError('ENTITY_NOT_FOUND', 'No data found');
    }
    if (campaign.currency !== input.currency) throw new AppError('NOT_ELIGIBLE', 'This campaign is not offered in this currency');
    await this.removeCampaignFromCart(tx, input.consumer, input.cartId);
    const account = await store.lockAccount(tx, input.consumer);
    if (account.balance - account.held < campaign.points) {
      throw new AppError('INSUFFICIENT_POINTS', 'Not enough points', { needed: campaign.points, available: account.balance - account.held });
    }
    const uuid = randomUUID();
    try {
      await store.addHeld(tx, input.consumer, campaign.points);
    } catch (err) {
      if (isCheckViolation(err)) throw new AppError('INSUFFICIENT_POINTS', 'Not enough points');
      throw err;
    }
    await store.insertCartCampaign(tx, { uuid, cart_id: input.cartId, consumer_uuid: input.consumer, campaign_uuid: campaign.uuid, points: campaign.points, amount: campaign.discount_amount!, currency: campaign.currency! });
    return { loyalty_discount_uuid: uuid, campaign_uuid: campaign.uuid, loyalty_discount_points: campaign.points, loyalty_discount_amount: campaign.discount_amount!, currency: campaign.currency! };
  }

  /** Drops the cart's campaign and frees its held points; nothing when none is applied. */
  async removeCampaignFromCart(tx: Tx, consumer: string, cartId: string): Promise<void> {
    const held = await store.heldCampaign(tx, cartId, true);
    if (!held || held.consumer_uuid !== consumer) return;
    await store.lockAccount(tx, consumer);
    await store.addHeld(tx, consumer, -held.points);
    await store.setCartCampaignStatus(tx, held.uuid, 'released', null);
  }

  /** The campaign held for a cart, with its name (the discount's label). */
  /** The campaign a cart holds points for, named in `language` (the cart's store view's) for its discount line. */
  async appliedCampaign(db: Queryable, cartId: string, language = 'en'): Promise<(AppliedCampaign & { name: string }) | null> {
    const held = await store.heldCampaign(db, cartId);
    if (!held) return null;
    const campaign = await store.findReward(db, held.campaign_uuid, false, language);
    return {
      loyalty_discount_uuid: held.uuid, campaign_uuid: held.campaign_uuid, loyalty_discount_points: held.points,
      loyalty_discount_amount: held.amount, currency: held.currency, name: campaign?.name ?? 'Loyalty campaign',
    };
  }

  /**
   * Called by placeOrder in its transaction: the held points are debited and tied to the order. A
   * failed placement rolls this back with everything else; the hold then stays on the cart.
   */
  async spendCampaignForOrder(tx: Tx, cartId: string, orderId: string, orderNumber: string): Promise<AppliedCampaign | null> {
    const held = await store.heldCampaign(tx, cartId, true);
    if (!held) return null;
    await store.lockAccount(tx, held.consumer_uuid);
    await store.addHeld(tx, held.consumer_uuid, -held.points);
    const campaign = await store.findReward(tx, held.campaign_uuid);
    await this.debit(tx, {
      consumer_uuid: held.consumer_uuid, points: held.points, source_type: 'reward', source_key: `campaign:${held.uuid}`,
      event: campaign?.name ?? 'Campaign', order_id: orderNumber, coupon_type: 'campaign',
    });
    await store.setCartCampaignStatus(tx, held.uuid, 'spent', orderId);
    return { loyalty_discount_uuid: held.uuid, campaign_uuid: held.campaign_uuid, loyalty_discount_points: held.points, loyalty_discount_amount: held.amount, currency: held.currency };
  }

  /** A cancelled order gives its campaign's points back, once. */
  async returnCampaign(tx: Tx, orderId: string): Promise<void> {
    const spent = await store.campaignForOrder(tx, orderId, true);
    if (!spent || spent.status !== 'spent') return;
    const campaign = await store.findReward(tx, spent.campaign_uuid);
    await this.credit(tx, {
      consumer_uuid: spent.consumer_uuid, points: spent.points, source_type: 'reward', source_key: `campaign:${spent.uuid}:return`,
      event: campaign?.name ?? 'Campaign', order_id: null, coupon_type: 'campaign',
    });
    await store.setCartCampaignStatus(tx, spent.uuid, 'returned', null);
  }

  // ---------- Articles, QR codes, achievements ----------

  /** Club articles in `language` (the store view's), falling back to the source text. */
  async articles(consumer: string | null, language = 'en') {
    return (await store.listArticles(this.db, consumer, language)).map((a) => ({
      article_id: a.article_id,
      title: a.title,
      summary: a.summary,
      image_url: a.image_url,
      value: a.points,
      is_read: a.is_read,
      is_available: a.is_available,
      levels: a.levels,
      published_at: new Date(a.published_at).toISOString(),
    }));
  }

  async article(articleId: string, consumer: string | null, language = 'en') {
    const a = await store.findArticle(this.db, articleId, language);
    if (!a) throw new AppError('ENTITY_NOT_FOUND', 'No data found');
    const isRead = consumer ? await store.hasLedgerSource(this.db, 'article', `${articleId}:${consumer}`) : false;
    return { article_id: a.article_id, title: a.title, summary: a.summary, body: a.body, image_url: a.image_url, value: a.points, is_read: isRead, is_available: a.is_available, levels: a.levels };
  }

  /** Reading an article earns its points once per consumer; reading again changes nothing. */
  async readArticle(tx: Tx, consumer: string, articleId: string, language = 'en') {
    // The history keeps the title as the reader read it, in their store view's language.
    const a = await store.findArticle(tx, articleId, language);
    if (!a) throw new AppError('ENTITY_NOT_FOUND', 'No data found');
    if (!a.is_available) throw new AppError('NOT_ELIGIBLE', 'This article earns no points');
    const credited = await this.credit(tx, { consumer_uuid: consumer, points: a.points, source_type: 'article', source_key: `${articleId}:${consumer}`, event: a.title });
    return { article_id: articleId, value: a.points, is_read: true, credited, points: credited ? a.points : 0 };
  }

  async qrCode(id: string, consumer: string | null) {
    const q = await store.findQrCode(this.db, id);
    if (!q) throw new AppError('ENTITY_NOT_FOUND', 'No data found');
    const now = Date.now();
    return {
      id: q.id,
      qr_code_id: q.id,
      points: q.points,
      description: q.description,
      valid_from: new Date(q.valid_from).toISOString(),
      valid_to: new Date(q.valid_to).toISOString(),
      is_valid: new Date(q.valid_from).getTime() <= now && now < new Date(q.valid_to).getTime(),
      is_scanned: consumer ? await store.hasLedgerSource(this.db, 'qr_code', `${id}:${consumer}`) : false,
    };
  }

  /** Scanning a QR code earns its points once per consumer, only within its validity. */
  async scanQrCode(tx: Tx, consumer: string, id: string) {
    const q = await store.findQrCode(tx, id);
    if (!q) throw new AppError('ENTITY_NOT_FOUND', 'No data found');
    const now = Date.now();
    if (now < new Date(q.valid_from).getTime() || now >= new Date(q.valid_to).getTime()) throw new AppError('NOT_ELIGIBLE', 'This QR code is not valid now');
    const credited = await this.credit(tx, { consumer_uuid: consumer, points: q.points, source_type: 'qr_code', source_key: `${id}:${consumer}`, event: q.description || 'QR code' });
    return { qr_code_id: id, credited, points: credited ? q.points : 0 };
  }

  /** Achievements derived from the ledger and the tier: nothing stored that could disagree with it. */
  async achievements(consumer: string) {
    const [sources, tier] = await Promise.all([store.sourceTypesOf(this.db, consumer), this.tierOf(consumer)]);
    const at = (t: SourceType) => sources.find((s) => s.source_type === t);
    const list = [
      { code: 'first_order', name: 'First order delivered', source: at('order') },
      { code: 'first_article', name: 'First article read', source: at('article') },
      { code: 'first_qr_code', name: 'First QR code scanned', source: at('qr_code') },
      { code: 'first_referral', name: 'First friend referred', source: at('referral') },
    ].map(({ code, name, source }) => ({ code, name, achieved: Boolean(source), achieved_at: source ? new Date(source.first_at).toISOString() : null }));
    const tiers = await store.listTiers(this.db);
    for (const t of tiers.slice(1)) list.push({ code: `tier_${t.code}`, name: `Reached ${t.name}`, achieved: tier.earned_points >= t.threshold, achieved_at: null });
    return list;
  }

  /** Every source type whose points count towards tiers (documentation and tests). */
  static readonly earningSources = EARNING_SOURCES;
}
