import type { Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { phrase } from '../../platform/messages.js';
import type { LoyaltyService } from '../loyalty/loyalty.service.js';
import { checkMatches, formatCode, makeCode, MAX_BATCH_SIZE, parseCode } from './pack-codes.code.js';
import * as store from './pack-codes.store.js';

export interface PackCodeSettings {
  /** The HMAC key of every printed code's check (PACK_CODE_SECRET). */
  key: string;
  /** Registrations a customer may make per calendar month (UTC). */
  monthlyAllowance: number;
}

/** What became of a registration: `registered`, or why not (every other value answers hasError). */
export type RegistrationResult = 'registered' | 'not_genuine' | 'already_registered' | 'limit_reached' | 'not_registrable';

export interface RegistrationAnswer {
  code: string;
  result: RegistrationResult;
  /** Registrations left to the customer in this period, after this one. */
  inventory: number;
  is_genuine: boolean;
  /** Genuine and never registered (by anyone) under a rule that earns. */
  is_registrable: boolean;
  /** The earning rule the code's batch names (genuine codes only). */
  loyalty_rule: { event_name: string; points: number; description: string } | null;
  /** The product the pack is of (genuine codes only). */
  sku: string | null;
  /** Points credited by this registration. */
  points: number;
  limitReached: boolean;
  hasError: boolean;
}

/** The first day of the calendar month (UTC) a moment falls in: the allowance's period. */
export function periodStart(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/**
 * Pack-code registration (spec §7 "Product registration"): a genuine code registers once, ever,
 * and credits its batch's earning rule through the loyalty ledger (source key = the code), within
 * the customer's allowance per month. Writes run in the caller's transaction.
 */
export class PackCodesService {
  constructor(
    private readonly db: Reader,
    private readonly loyalty: LoyaltyService,
    readonly settings: PackCodeSettings,
  ) {}

  async register(tx: Tx, consumer: string, input: string, ctx: { storeCode: string; language: string; now?: Date }): Promise<RegistrationAnswer> {
    const parsed = parseCode(input);
    if (!parsed) {
      throw new AppError('VALIDATION_FAILED', phrase('packCode.malformed'), { hasError: true, is_genuine: false, is_registrable: false, fields: { code: 'malformed' } });
    }
    const period = periodStart(ctx.now ?? new Date());
    const allowance = this.settings.monthlyAllowance;
    const base = { code: formatCode(parsed.code), points: 0, limitReached: false, hasError: true };
    const left = async () => Math.max(0, allowance - (await store.usedInPeriod(tx, consumer, period)));
    // The keyed check first: a guessed code costs no batch lookup.
    const batch = checkMatches(this.settings.key, parsed) ? await store.findBatch(tx, parsed.batchId) : null;
    if (!batch || parsed.serial >= batch.size) {
      return { ...base, result: 'not_genuine', inventory: await left(), is_genuine: false, is_registrable: false, loyalty_rule: null, sku: null };
    }
    const found = await this.loyalty.activeEarningRule(tx, batch.earning_rule, ctx.language);
    const rule = found ? { event_name: found.event_name, points: found.points, description: found.description } : null;
    const genuine = { ...base, is_genuine: true, loyalty_rule: rule, sku: batch.sku };
    if (!rule) return { ...genuine, result: 'not_registrable', inventory: await left(), is_registrable: false };
    // The registration row first: a parallel registration of the same code waits on it and then finds it taken.
    const fresh = await store.insertRegistration(tx, {
      code: parsed.code, batch_id: batch.id, serial: parsed.serial, consumer_uuid: consumer, points: rule.points, earning_rule: rule.event_name, store_code: ctx.storeCode,
    });
    if (!fresh) return { ...genuine, result: 'already_registered', inventory: await left(), is_registrable: false };
    const used = await store.useAllowance(tx, consumer, period, allowance);
    if (used === null) {
      await store.deleteRegistration(tx, parsed.code);
      return { ...genuine, result: 'limit_reached', inventory: 0, is_registrable: true, limitReached: true };
    }
    const credited = await this.loyalty.credit(tx, { consumer_uuid: consumer, points: rule.points, source_type: 'pack_code', source_key: parsed.code, event: rule.description });
    return { ...genuine, result: 'registered', inventory: Math.max(0, allowance - used), is_registrable: true, points: credited ? rule.points : 0, hasError: false };
  }

  /** The customer's registrations, newest first, with what is left of this period's allowance. */
  async registrations(consumer: string, page: number, perPage: number, now = new Date()) {
    const [{ rows, total }, used] = await Promise.all([
      store.registrationsOf(this.db, consumer, perPage, (page - 1) * perPage),
      store.usedInPeriod(this.db, consumer, periodStart(now)),
    ]);
    return {
      items: rows.map((r) => ({ code: formatCode(r.code), sku: r.sku, points: r.points, earning_rule: r.earning_rule, registered_at: new Date(r.registered_at).toISOString() })),
      page,
      perPage,
      total,
      total_pages: Math.ceil(total / perPage),
      allowance: this.settings.monthlyAllowance,
      inventory: Math.max(0, this.settings.monthlyAllowance - used),
    };
  }

  /**
   * Issues a batch for a product and production date: its id and the canonical codes of serials
   * 0 .. size-1. ALREADY_EXISTS when the product has a batch of that day.
   */
  async issueBatch(tx: Tx, input: { sku: string; producedOn: string; size: number; earningRule?: string }) {
    if (!Number.isInteger(input.size) || input.size < 1 || input.size > MAX_BATCH_SIZE) {
      throw new AppError('VALIDATION_FAILED', `size: 1 to ${MAX_BATCH_SIZE}`);
    }
    const earningRule = input.earningRule ?? 'pack_code_registered';
    if (!(await this.loyalty.activeEarningRule(tx, earningRule))) throw new AppError('ENTITY_NOT_FOUND', `No active earning rule ${earningRule}`);
    const batch = await store.insertBatch(tx, { sku: input.sku, produced_on: input.producedOn, size: input.size, earning_rule: earningRule });
    if (!batch) throw new AppError('ALREADY_EXISTS', `${input.sku} already has a batch produced on ${input.producedOn}`);
    return { batch, codes: (function* (key: string) { for (let s = 0; s < batch.size; s++) yield makeCode(key, batch.id, s); })(this.settings.key) };
  }
}
