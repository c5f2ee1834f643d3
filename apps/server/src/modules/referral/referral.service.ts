import { randomInt } from 'node:crypto';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { requireTx } from '../../platform/transaction.js';
import { AppError } from '../../platform/errors.js';
import { phrase } from '../../platform/messages.js';
import { sharesContact } from '../identity/identity.canonical.js';
import type { LoyaltyService } from '../loyalty/loyalty.service.js';
import type { OrderEvent } from '../orders/orders.store.js';
import * as store from './referral.store.js';

/** Letters and digits that cannot be misread (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE = /^[A-Z0-9]{6,16}$/;

function newCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Referral: each customer has a code; a new customer names a referrer's code (parent_code) once;
 * the referee's first delivered order credits the referrer once (referral_reward's key and the
 * loyalty ledger's source key both guard it).
 */
export class ReferralService {
  constructor(
    private readonly db: Reader,
    private readonly loyalty: LoyaltyService,
    /** The keys identifying an account's person (canonical e-mail, verified phone), from identity. */
    private readonly contactKeys: (db: Queryable, uuid: string) => Promise<string[]>,
    private readonly tenantCode = 'ember',
  ) {}

  /** The customer's referral record, created with a fresh code on first use. */
  async ensureCustomer(tx: Tx, uuid: string): Promise<store.ReferralCustomerRow> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const outcome = await store.insertCustomer(tx, uuid, newCode(), this.tenantCode);
      if (outcome !== 'code_taken') return (await store.findByUuid(tx, uuid))!;
    }
    throw new Error('Could not allocate a referral code');
  }

  async customer(tx: Tx, uuid: string) {
    requireTx(tx);
    const row = await this.ensureCustomer(tx, uuid);
    return view(row);
  }

  async verify(code: string, asUuid: string | null): Promise<{ is_valid: boolean }> {
    const normalised = normaliseCode(code);
    if (!CODE.test(normalised)) return { is_valid: false };
    const row = await store.findByCode(this.db, normalised);
    if (!row) return { is_valid: false };
    return { is_valid: !asUuid || (row.uuid !== asUuid && !(await this.samePerson(this.db, asUuid, row.uuid))) };
  }

  /**
   * Sets who referred the customer: refused for an unknown code, the customer's own code, a code
   * whose chain leads back to the customer (a loop), a parent already set, or after a first purchase.
   */
  async setParent(tx: Tx, uuid: string, code: string) {
    const normalised = normaliseCode(code);
    await this.ensureCustomer(tx, uuid);
    const me = (await store.findByUuid(tx, uuid, true))!;
    if (!CODE.test(normalised)) throw new AppError('VALIDATION_FAILED', 'This referral code is not valid', { field: 'referral_code' });
    const parent = await store.findByCode(tx, normalised);
    if (!parent) throw new AppError('VALIDATION_FAILED', 'This referral code is not valid', { field: 'referral_code' });
    if (parent.uuid === uuid || (await this.samePerson(tx, uuid, parent.uuid))) throw new AppError('REFERRAL_NOT_ALLOWED', phrase('referral.ownCode'));
    if (me.parent_code === parent.code) return view(me);
    if (me.parent_code) throw new AppError('REFERRAL_NOT_ALLOWED', 'A referral code has already been used for this account');
    if (me.has_first_purchase) throw new AppError('REFERRAL_NOT_ALLOWED', 'A referral code can only be used before the first order');
    if ((await store.ancestors(tx, parent.code, 50)).includes(uuid)) throw new AppError('REFERRAL_NOT_ALLOWED', 'This referral code would refer you to yourself');
    if (!(await store.setParent(tx, uuid, parent.code))) throw new AppError('REFERRAL_NOT_ALLOWED', 'A referral code has already been used for this account');
    return view((await store.findByUuid(tx, uuid))!);
  }

  /** A second account of the referrer (an alias of the same mailbox, the same verified phone) is the referrer. */
  private async samePerson(reader: Reader, a: string, b: string): Promise<boolean> {
    return sharesContact(await this.contactKeys(reader, a), await this.contactKeys(reader, b));
  }

  async stats(tx: Tx, uuid: string) {
    requireTx(tx);
    const me = await this.ensureCustomer(tx, uuid);
    return store.stats(tx, uuid, me.code);
  }

  /**
   * The referrer's referrals, newest first, a page at a time (spec §9: five by default): when each
   * friend joined, how far they got and the points it earned. Never who the friend is.
   */
  async history(tx: Tx, uuid: string, page: number, limit: number) {
    requireTx(tx);
    const me = await this.ensureCustomer(tx, uuid);
    const { rows, total } = await store.historyPage(tx, uuid, me.code, limit, (page - 1) * limit);
    return {
      items: rows.map((r) => ({ joined_at: new Date(r.joined_at).toISOString(), status: r.status, points_earned: r.points_earned })),
      page,
      limit,
      total,
    };
  }

  async status() {
    const rule = await this.loyalty.earningRules().then((rules) => rules.find((r) => r.event_name === 'referral_first_order'));
    return { enabled: true, tenant_code: this.tenantCode, points_per_referral: rule?.points ?? 0 };
  }

  /** The order-event subscriber: a referee's first delivered order credits their referrer, once. */
  async onOrderEvent(tx: Tx, e: OrderEvent): Promise<void> {
    if (e.type === 'refunded' && e.customer_uuid) return this.onFirstOrderReturned(tx, e.customer_uuid, e.order_id);
    if (e.type !== 'delivered' || !e.customer_uuid) return;
    const me = await store.findByUuid(tx, e.customer_uuid, true);
    if (!me || me.has_first_purchase) return;
    await store.markFirstPurchase(tx, me.uuid, e.order_id);
    await this.creditReferrer(tx, { ...me, has_first_purchase: true, first_order_id: e.order_id });
  }

  /** A returned first order takes the referrer's reward back (what is still spendable), once. */
  private async onFirstOrderReturned(tx: Tx, uuid: string, orderId: string): Promise<void> {
    const me = await store.findByUuid(tx, uuid);
    if (!me || me.first_order_id !== orderId) return;
    const reward = await store.findReward(tx, uuid, true);
    if (!reward || reward.returned) return;
    const taken = reward.points > 0
      ? await this.loyalty.takeBack(tx, { consumer_uuid: reward.referrer_uuid, points: reward.points, source_type: 'referral', source_key: `${uuid}:returned`, event: 'Referred friend returned their order' })
      : 0;
    // The referrer's history shows the referral as returned, with what they kept of the reward.
    await store.markRewardReturned(tx, uuid, taken);
  }

  /** Credits the referrer of a customer whose first order completed, if not yet done (idempotent). */
  async replayReferrerCredit(tx: Tx, uuid: string): Promise<{ credited: boolean; referrer_rewarded: boolean }> {
    const me = await store.findByUuid(tx, uuid, true);
    if (!me || !me.has_first_purchase || !me.parent_code) return { credited: false, referrer_rewarded: Boolean(me && (await store.findReward(tx, uuid))) };
    const credited = await this.creditReferrer(tx, me);
    return { credited, referrer_rewarded: true };
  }

  private async creditReferrer(tx: Tx, me: store.ReferralCustomerRow): Promise<boolean> {
    if (!me.parent_code || !me.first_order_id) return false;
    const referrer = await store.findByCode(tx, me.parent_code);
    if (!referrer || referrer.uuid === me.uuid) return false;
    const rule = (await this.loyalty.earningRules(tx)).find((r) => r.event_name === 'referral_first_order');
    const points = rule?.points ?? 0;
    if (!(await store.insertReward(tx, { referee_uuid: me.uuid, referrer_uuid: referrer.uuid, order_id: me.first_order_id, points }))) return false;
    if (points > 0) {
      await this.loyalty.credit(tx, { consumer_uuid: referrer.uuid, points, source_type: 'referral', source_key: me.uuid, event: 'Friend referred' });
    }
    return true;
  }
}

function view(r: store.ReferralCustomerRow) {
  return { id: r.uuid, uuid: r.uuid, code: r.code, parent_code: r.parent_code, tenant_code: r.tenant_code, has_first_purchase: r.has_first_purchase };
}
