import { createHmac, randomUUID } from 'node:crypto';
import type { Trial, TrialConsoleQuery } from '@ember/contracts';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { phrase } from '../../platform/messages.js';
import { requireTx } from '../../platform/transaction.js';
import { money as toMoney } from '../catalog/catalog.mapper.js';
import { finalMinor, type CatalogService } from '../catalog/catalog.service.js';
import type { CartTrialFacts, CartTrialsPort } from '../cart/cart.rules.js';
import type { StoreService } from '../store/store.service.js';
import * as store from './trials.store.js';
import type { Actor, ClaimKind, ProgramRow, TrialRow, TrialStatus } from './trials.store.js';
import { isoOrNull } from '../../platform/sql.js';

export type { ProgramRow, TrialRow } from './trials.store.js';

const DAY_MS = 86_400_000;
/** States in which the trial's days still run or its outcome is open. */
const OPEN = new Set<TrialStatus>(['pending_payment', 'in_trial', 'return_requested', 'converting', 'payment_failed']);
const CLOSED = new Set<TrialStatus>(['returned', 'converted', 'cancelled', 'refused']);

/** What trials ask of identity: the keys that name the person behind an account (canonical e-mail, verified phone). */
export interface TrialIdentityPort {
  contactKeys(q: Queryable, uuid: string): Promise<string[]>;
}

/** A delivery address as a claim sees it: the same house however it is typed. */
export interface ClaimAddress {
  street: string[];
  postcode: string | null;
  country_code: string;
}

function addressKey(a: ClaimAddress): string {
  const squash = (s: string) => s.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]/g, '');
  return `${a.country_code.toUpperCase()}|${squash(a.postcode ?? '')}|${squash(a.street[0] ?? '')}`;
}

/**
 * Free trials (docs/decisions/0057): the programmes of the trial store views, one trial per person and
 * programme (claims on the account, the person's e-mail and verified phone, the delivery address and
 * the card's fingerprint, as keyed hashes the database keeps unique), the trial's states and history.
 * The lifecycle (reminders, conversion charges, order events) is workflows/trial-lifecycle.ts.
 */
export class TrialsService implements CartTrialsPort {
  constructor(
    private readonly db: Queryable,
    private readonly deps: { catalog: CatalogService; stores: StoreService; identity: TrialIdentityPort; claimSecret: string },
  ) {}

  private hash(kind: ClaimKind, value: string): string {
    return createHmac('sha256', this.deps.claimSecret).update(`${kind}:${value}`).digest('base64url');
  }

  /** The keys that stand for this person at this address (and with this card, once known). */
  private async keysFor(q: Queryable, customerUuid: string, address: ClaimAddress | null, fingerprint: string | null = null) {
    const keys: { kind: ClaimKind; key_hash: string }[] = [{ kind: 'account', key_hash: this.hash('account', customerUuid) }];
    for (const k of await this.deps.identity.contactKeys(q, customerUuid)) keys.push({ kind: 'contact', key_hash: this.hash('contact', k) });
    if (address) keys.push({ kind: 'address', key_hash: this.hash('address', addressKey(address)) });
    if (fingerprint) keys.push({ kind: 'card', key_hash: this.hash('card', fingerprint) });
    return keys;
  }

  async programs(q: Reader = this.db): Promise<ProgramRow[]> {
    return store.programs(q);
  }

  async programFor(q: Reader, storeCode: string): Promise<ProgramRow | null> {
    return (await store.programs(q)).find((p) => p.store_code === storeCode) ?? null;
  }

  /** What keeping one kit costs after the trial: the conversion product's price in the trial store view. */
  async amountAfterTrial(q: Queryable, program: ProgramRow): Promise<{ amount: number; currency: string } | null> {
    const view = (await this.deps.stores.list(q)).find((v) => v.code === program.store_code);
    if (!view) return null;
    const [doc] = await this.deps.catalog.productsBySkus(view, [program.conversion_sku], q);
    return doc ? { amount: finalMinor(doc), currency: doc.currency } : null;
  }

  /** The public view of the programmes, with their price after the trial. */
  async programList(q: Queryable = this.db) {
    const out = [];
    for (const p of await store.programs(q)) {
      const price = await this.amountAfterTrial(q, p);
      if (!price) continue;
      out.push({
        code: p.code, store_code: p.store_code, kit_sku: p.kit_sku, trial_days: p.trial_days, delivery_days: p.delivery_days,
        reminder_days: p.reminder_days, price_after_trial: toMoney(price.amount, price.currency),
      });
    }
    return out;
  }

  /**
   * Whether the customer may have the programme's trial: none of their keys (account, e-mail, verified
   * phone, and the address when given) is claimed by an earlier trial. An unknown programme is not eligible.
   */
  async isEligible(q: Queryable, programCode: string, customerUuid: string, address: ClaimAddress | null = null): Promise<boolean> {
    const program = (await store.programs(q)).find((p) => p.code === programCode);
    return program ? this.eligibleFor(q, program, customerUuid, address) : false;
  }

  private async eligibleFor(q: Queryable, program: ProgramRow, customerUuid: string, address: ClaimAddress | null): Promise<boolean> {
    return !(await store.anyClaimed(q, program.code, await this.keysFor(q, customerUuid, address)));
  }

  /** The cart's view of its trial store view's programme (CartTrialsPort). */
  async cartFacts(q: Reader, storeCode: string, customerUuid: string | null, address: ClaimAddress | null): Promise<CartTrialFacts | null> {
    const program = await this.programFor(q, storeCode);
    if (!program) return null;
    const price = await this.amountAfterTrial(q as Queryable, program);
    if (!price) return null;
    const eligible = customerUuid !== null && (await this.eligibleFor(q as Queryable, program, customerUuid, address));
    return { eligible, amountAfterTrial: price.amount };
  }

  /**
   * A trial starts in placeOrder's transaction with its order: the trial row and the claims of the
   * account, the person's contacts and the delivery address. A key another trial holds refuses the
   * order (nothing is written: the caller's transaction rolls back).
   */
  async startFromOrder(
    tx: Tx, input: { storeCode: string; customerUuid: string; orderId: string; orderNumber: string; amountAfterTrial: number; currency: string; address: ClaimAddress | null },
  ): Promise<string | null> {
    requireTx(tx);
    const program = await this.programFor(tx, input.storeCode);
    if (!program) return null;
    const id = randomUUID();
    if (!(await store.insertTrial(tx, {
      id, program_code: program.code, customer_uuid: input.customerUuid, store_code: input.storeCode, order_id: input.orderId,
      order_number: input.orderNumber, amount_after_trial: input.amountAfterTrial, currency: input.currency,
    }))) return (await store.findByOrder(tx, input.orderId))?.id ?? null;
    const taken = await store.claim(tx, program.code, id, await this.keysFor(tx, input.customerUuid, input.address));
    if (taken.length) throw new AppError('UNABLE_TO_PLACE_ORDER', phrase('cart.trialNotEligible'));
    await store.insertEvent(tx, { trial_id: id, kind: 'created', actor: 'customer', to_status: 'pending_payment' });
    return id;
  }

  /**
   * The card that paid the trial order claims its fingerprint; false when another trial of the
   * programme was paid with the same card (the trial is then refused by the caller).
   */
  async claimCard(tx: Tx, trial: TrialRow, fingerprint: string): Promise<boolean> {
    const taken = await store.claim(tx, trial.program_code, trial.id, [{ kind: 'card', key_hash: this.hash('card', fingerprint) }]);
    return taken.length === 0;
  }

  find(q: Queryable, id: string, opts: { lock?: boolean } = {}): Promise<TrialRow | null> {
    return store.find(q, id, opts);
  }

  findByOrder(q: Queryable, orderId: string, opts: { lock?: boolean } = {}): Promise<TrialRow | null> {
    return store.findByOrder(q, orderId, opts);
  }

  patch(tx: Tx, id: string, p: store.TrialPatch): Promise<void> {
    return store.patch(tx, id, p);
  }

  claimDue(
    tx: Tx, queue: Parameters<typeof store.claimDue>[1], at: Parameters<typeof store.claimDue>[2], limit: number, filter?: Parameters<typeof store.claimDue>[4],
  ): Promise<TrialRow[]> {
    return store.claimDue(tx, queue, at, limit, filter);
  }

  note(tx: Tx, id: string, kind: string, actor: Actor, reason: string | null = null): Promise<void> {
    return store.insertEvent(tx, { trial_id: id, kind, actor, reason });
  }

  /** Moves a trial to a state, keeping who and why; closed states free nothing but end the record. */
  async transition(tx: Tx, trial: TrialRow, to: TrialStatus, actor: Actor, kind: string, reason: string | null, extra: store.TrialPatch = {}): Promise<void> {
    requireTx(tx);
    await store.patch(tx, trial.id, { ...extra, status: to, ...(CLOSED.has(to) ? { closed_at: new Date() } : {}) });
    await store.insertEvent(tx, { trial_id: trial.id, kind, actor, from_status: trial.status, to_status: to, reason });
    // A trial that never ran leaves its person free to try again.
    if (to === 'cancelled' && trial.status === 'pending_payment') await store.releaseClaims(tx, trial.id);
    if (to === 'refused') await store.releaseClaims(tx, trial.id);
  }

  /** The trial order was paid: the days start (delivery allowance included) with the card it saved. */
  async begin(tx: Tx, trial: TrialRow, cardId: string, paidAt: Date): Promise<void> {
    const program = (await store.programs(tx)).find((p) => p.code === trial.program_code);
    const days = (program?.trial_days ?? 14) + (program?.delivery_days ?? 0);
    await this.transition(tx, trial, 'in_trial', 'system', 'started', null, {
      card_id: cardId, started_at: paidAt, ends_at: new Date(paidAt.getTime() + days * DAY_MS),
    });
  }

  /** The session customer's trials, newest first. */
  async list(q: Reader, customerUuid: string, now = new Date()): Promise<Trial[]> {
    const rows = await store.listForCustomer(q, customerUuid);
    const history = await store.events(q, rows.map((r) => r.id));
    return rows.map((r) => view(r, history.get(r.id) ?? [], now));
  }

  /** One of the customer's trials; another customer's answers exactly like a missing one. */
  async get(q: Reader, customerUuid: string, id: string): Promise<Trial> {
    const row = await store.find(q as Queryable, id);
    if (!row || row.customer_uuid !== customerUuid) throw new AppError('NOT_FOUND', 'Trial not found');
    return view(row, (await store.events(q, [row.id])).get(row.id) ?? [], new Date());
  }

  /**
   * The customer sends the device back before the trial ends: nothing more is charged while it travels;
   * the warehouse marks it returned (operator). After the end, or once converting, it is too late.
   */
  async requestReturn(tx: Tx, customerUuid: string, id: string, reason: string, comment: string | null, now = new Date()): Promise<void> {
    requireTx(tx);
    const row = await store.find(tx, id, { lock: true });
    if (!row || row.customer_uuid !== customerUuid) throw new AppError('NOT_FOUND', 'Trial not found');
    if (row.status === 'return_requested') return;
    if (row.status !== 'in_trial' || !row.ends_at || row.ends_at <= now) {
      throw new AppError('TRIAL_NOT_CHANGEABLE', 'The trial can be returned only while it runs');
    }
    await this.transition(tx, row, 'return_requested', 'customer', 'return_requested', reason, {
      return_requested_at: now, return_reason: comment ? `${reason}: ${comment}` : reason,
    });
  }

  /**
   * An operator's change: the device arrived back (returned), a return that never came (back to the
   * trial, ending now: the job converts it), or the trial cancelled.
   */
  async operatorChange(tx: Tx, id: string, to: 'returned' | 'return_missing' | 'cancelled', reason: string): Promise<TrialRow> {
    requireTx(tx);
    const row = await store.find(tx, id, { lock: true });
    if (!row) throw new AppError('NOT_FOUND', 'Trial not found');
    if (to === 'returned') {
      if (!['in_trial', 'return_requested', 'payment_failed'].includes(row.status)) throw new AppError('TRIAL_NOT_CHANGEABLE', `A ${row.status} trial cannot be marked returned`);
      await this.transition(tx, row, 'returned', 'operator', 'returned', reason, { retry_at: null });
    } else if (to === 'return_missing') {
      if (row.status !== 'return_requested') throw new AppError('TRIAL_NOT_CHANGEABLE', 'Only a trial being returned can miss its return');
      await this.transition(tx, row, 'in_trial', 'operator', 'return_missing', reason, { ends_at: new Date(), reminder_sent_at: row.reminder_sent_at ?? new Date() });
    } else {
      if (!OPEN.has(row.status) || row.status === 'converting') throw new AppError('TRIAL_NOT_CHANGEABLE', `A ${row.status} trial cannot be cancelled`);
      await this.transition(tx, row, 'cancelled', 'operator', 'cancelled', reason, { retry_at: null });
    }
    return (await store.find(tx, id))!;
  }

  exportFor(q: Reader, customerUuid: string): Promise<unknown[]> {
    return store.exportFor(q, customerUuid);
  }

  erase(tx: Tx, customerUuid: string): Promise<void> {
    return store.erase(tx, customerUuid);
  }

  /** The console's list: trials in a state, a store view, of a customer or an order, newest first. */
  async consoleList(q: Reader, query: TrialConsoleQuery) {
    const { rows, total } = await store.listForConsole(q, { status: query.status, store: query.store, q: query.q, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    return { items: rows.map(consoleRow), page_info: { page: query.page, page_size: query.page_size, total } };
  }

  /** One trial as an operator sees it: its return, its conversion (with the charge's retries) and its history. */
  async consoleDetail(q: Reader, id: string) {
    const row = await store.find(q, id);
    if (!row) throw new AppError('NOT_FOUND', 'Trial not found');
    const history = (await store.events(q, [id])).get(id) ?? [];
    return {
      ...consoleRow(row),
      return_requested_at: isoOrNull(row.return_requested_at), return_reason: row.return_reason, conversion_order_number: row.conversion_order_number,
      retry_at: isoOrNull(row.retry_at), closed_at: isoOrNull(row.closed_at),
      history: history.map((e) => ({ kind: e.kind, actor: e.actor, from_status: e.from_status, to_status: e.to_status, reason: e.reason, created_at: isoOrNull(e.created_at)! })),
    };
  }
}

function view(r: TrialRow, history: store.EventRow[], now: Date): Trial {
  return {
    id: r.id,
    program: r.program_code,
    store_code: r.store_code,
    status: r.status,
    order_number: r.order_number,
    plan_type: 'TRIAL',
    amount_after_trial: toMoney(r.amount_after_trial, r.currency),
    started_at: r.started_at?.toISOString() ?? null,
    ends_at: r.ends_at?.toISOString() ?? null,
    can_return: r.status === 'in_trial' && r.ends_at !== null && r.ends_at > now,
    return_requested_at: r.return_requested_at?.toISOString() ?? null,
    conversion_order_number: r.conversion_order_number,
    history: history.map((e) => ({ kind: e.kind, actor: e.actor, to_status: e.to_status, reason: e.reason, created_at: e.created_at.toISOString() })),
  };
}


function consoleRow(r: TrialRow) {
  return {
    id: r.id, program_code: r.program_code, customer_uuid: r.customer_uuid, store_code: r.store_code, order_number: r.order_number, status: r.status,
    amount_after_trial: Number(r.amount_after_trial), currency: r.currency, started_at: isoOrNull(r.started_at), ends_at: isoOrNull(r.ends_at),
    conversion_attempts: r.conversion_attempts, created_at: isoOrNull(r.created_at)!,
  };
}
