import { createHash, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Queryable, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enforce, type Budget, type RateLimiter } from '../../platform/rate-limit.js';
import type { MessagingService, OutgoingMessage } from '../messaging/messaging.service.js';
import { generateCode, hashCode, matchesCode, normaliseIdentifier, type VerificationChannel } from './verification.codes.js';
import {
  deleteItemsFor,
  findItemsFor,
  hasOpenValidatedItem,
  consumeItem,
  expirePendingFor,
  findItem,
  insertItem,
  markExpired,
  markLocked,
  markValidated,
  reserveAttempt,
  type VerificationStatus,
} from './verification.store.js';

export type { VerificationChannel } from './verification.codes.js';
export type { VerificationStatus } from './verification.store.js';

/** Purpose of items created over the public HTTP endpoints; consumers (registration, phone change) pass it back. */
export const ACTION_PURPOSE = 'action';

export const VERIFICATION_RULES = {
  ttlSeconds: 10 * 60,
  maxAttempts: 5,
  /** A validated item must be consumed within this time. */
  consumeWindowSeconds: 30 * 60,
} as const;

/** Sending costs money and can spam a victim: caps per target and per client address (checklist 46). */
const SEND_BUDGETS = {
  perTargetBurst: { limit: 1, windowMs: 30_000 },
  perTargetHour: { limit: 5, windowMs: 3_600_000 },
  perIpHour: { limit: 20, windowMs: 3_600_000 },
};
/** Guesses across many items from one address; each item also has its own five (checklist 16, 45). */
const VERIFY_BUDGET_PER_IP = { limit: 30, windowMs: 600_000 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PURPOSE = /^[a-z][a-z0-9_.-]{0,63}$/;
const CODE = /^\d{6}$/;
const LANGUAGE = /^[a-z]{2}$/;

export interface CreateItemInput {
  channel: VerificationChannel;
  /** Phone number or e-mail address as the user typed it. */
  identifier: string;
  purpose: string;
  /** Language of the message with the code (store view language). */
  language: string;
  /** Client address for the per-address send cap; null for server-initiated sends. */
  ip: string | null;
  /** Country national phone numbers are read in (store view default country). */
  defaultCountry?: string;
  /**
   * Sends this message to the target instead of the code. The item then behaves like any other
   * (status, attempts, expiry) but nobody learns its code: a flow that must not reveal that the
   * target belongs to someone else (registration, e-mail change) answers exactly as for a free one,
   * and the owner is told. Such an item leaves the target's real open codes alone.
   */
  insteadOfCode?: Pick<OutgoingMessage, 'template' | 'params'>;
  /** The signed-in account asking; the item then serves only that account's later steps. */
  userUuid?: string | null;
}

export interface CreatedItem {
  uuid: string;
  status: 'pending';
  channel: VerificationChannel;
  identifier: string;
  expires_at: Date;
}

export interface ItemView {
  uuid: string;
  status: VerificationStatus;
  channel: VerificationChannel;
  expires_at: Date;
}

/**
 * The outcome of a verification attempt. A refusal is returned, not thrown, so the caller commits the
 * counted attempt before reporting the error (throwing inside the transaction would roll it back).
 */
export interface VerifyResult {
  uuid: string;
  status: VerificationStatus;
  refusal?: AppError;
}

const notFound = () => new AppError('NOT_FOUND', 'Verification item not found');

function targetKey(channel: VerificationChannel, identifier: string): string {
  // Budgets are keyed by a digest, so phone numbers and addresses do not sit in Redis in clear.
  return `${channel}:${createHash('sha256').update(identifier).digest('base64url').slice(0, 22)}`;
}

function refusalFor(status: VerificationStatus, remaining = 0): AppError {
  switch (status) {
    case 'locked':
      return new AppError('VERIFICATION_LOCKED', 'Too many wrong codes: request a new code', { remaining_attempts: 0 });
    case 'expired':
      return new AppError('VERIFICATION_EXPIRED', 'The code has expired: request a new code');
    case 'validated':
      return new AppError('VERIFICATION_EXPIRED', 'The code has already been used');
    case 'pending':
      return new AppError('VERIFICATION_CODE_INVALID', 'The code is not correct', { remaining_attempts: remaining });
  }
}

/** One-time codes sent by SMS or e-mail, verified with a capped number of attempts and consumed once. */
export class VerificationService {
  constructor(
    private readonly messaging: MessagingService,
    private readonly limiter: RateLimiter,
    /** RATE_LIMIT_IP_FACTOR: per-address caps grow with it (many shoppers behind one address); per-target caps never do. */
    private readonly ipFactor = 1,
  ) {}

  private perIp(budget: { limit: number; windowMs: number }) {
    return { limit: Math.round(budget.limit * this.ipFactor), windowMs: budget.windowMs };
  }

  /** Creates an item, sends its code through the outbox in the same transaction and retires older open items for the target. */
  /** Codes sent to these identifiers (no hashes), for a data-subject export. */
  exportFor(db: Queryable, identifiers: string[]) {
    return findItemsFor(db, identifiers);
  }

  /**
   * Whether the caller (by client address: items are requested before an account exists, so they are
   * not bound to one) holds a validated, unused item for this target.
   */
  async hasOpenValidated(db: Queryable, target: { channel: VerificationChannel; identifier: string; purpose: string; ip: string; defaultCountry?: string }): Promise<boolean> {
    if (!isIP(target.ip)) return false;
    let identifier: string;
    try {
      identifier = normaliseIdentifier(target.channel, target.identifier, target.defaultCountry);
    } catch {
      return false;
    }
    return hasOpenValidatedItem(db, { channel: target.channel, identifier, purpose: target.purpose, windowSeconds: VERIFICATION_RULES.consumeWindowSeconds, ip: target.ip });
  }

  /** Erases every item for these identifiers (account cancellation). */
  eraseFor(tx: Tx, identifiers: string[]): Promise<number> {
    return deleteItemsFor(tx, identifiers);
  }

  async createItem(tx: Tx, input: CreateItemInput): Promise<CreatedItem> {
    if (!PURPOSE.test(input.purpose)) throw new Error(`Invalid verification purpose: ${input.purpose}`);
    const identifier = normaliseIdentifier(input.channel, input.identifier, input.defaultCountry);
    const target = targetKey(input.channel, identifier);
    const budgets: Budget[] = [
      { key: `verification:send:target:burst:${target}`, ...SEND_BUDGETS.perTargetBurst },
      { key: `verification:send:target:hour:${target}`, ...SEND_BUDGETS.perTargetHour },
    ];
    if (input.ip) budgets.push({ key: `verification:send:ip:${input.ip}`, ...this.perIp(SEND_BUDGETS.perIpHour) });
    await enforce(this.limiter, budgets);

    const code = generateCode();
    const uuid = randomUUID();
    if (!input.insteadOfCode) await expirePendingFor(tx, { channel: input.channel, identifier, purpose: input.purpose });
    const { expires_at } = await insertItem(tx, {
      uuid,
      channel: input.channel,
      identifier,
      codeHash: await hashCode(code),
      purpose: input.purpose,
      language: LANGUAGE.test(input.language) ? input.language : 'en',
      // Kept for abuse investigations; a forwarded header that is not an address is not stored.
      ip: input.ip && isIP(input.ip) ? input.ip : null,
      ttlSeconds: VERIFICATION_RULES.ttlSeconds,
      userUuid: input.userUuid ?? null,
    });
    await this.messaging.enqueue(tx, {
      channel: input.channel,
      recipient: identifier,
      language: input.language,
      ...(input.insteadOfCode ?? { template: 'verification_code', params: { code, minutes: VERIFICATION_RULES.ttlSeconds / 60 } }),
    } as OutgoingMessage);
    return { uuid, status: 'pending', channel: input.channel, identifier, expires_at };
  }

  /** An item's public state, or NOT_FOUND (the same for malformed and unknown uuids). */
  async getItem(db: Queryable, uuid: string): Promise<ItemView> {
    const item = UUID.test(uuid) ? await findItem(db, uuid.toLowerCase()) : null;
    if (!item) throw notFound();
    return { uuid: item.uuid, status: item.status, channel: item.channel, expires_at: item.expires_at };
  }

  /** An item's status only when the caller also names its target (legacy status call); otherwise NOT_FOUND. */
  async getStatusFor(db: Queryable, uuid: string, identifier: string, defaultCountry?: string): Promise<VerificationStatus> {
    const item = UUID.test(uuid) ? await findItem(db, uuid.toLowerCase()) : null;
    if (!item || !sameIdentifier(item.channel, item.identifier, identifier, defaultCountry)) throw notFound();
    return item.status;
  }

  /**
   * Checks a code. Each attempt is counted before the comparison by a guarded UPDATE, so parallel
   * guesses get five comparisons in total; the fifth wrong one locks the item, and a locked, expired
   * or already validated item refuses every code, the right one included.
   */
  async verifyItem(tx: Tx, uuid: string, code: string, opts: { ip?: string } = {}): Promise<VerifyResult> {
    if (opts.ip) await enforce(this.limiter, [{ key: `verification:verify:ip:${opts.ip}`, ...this.perIp(VERIFY_BUDGET_PER_IP) }]);
    const item = UUID.test(uuid) ? await findItem(tx, uuid.toLowerCase()) : null;
    if (!item) throw notFound();
    if (!CODE.test(code)) throw new AppError('VALIDATION_FAILED', 'The code must be six digits');
    const id = item.uuid;
    if (item.status !== 'pending') return this.refuse(tx, id, item.status);

    // The scrypt work happens before the row is locked, so concurrent attempts wait only for the counter.
    const matches = await matchesCode(item.code_hash, code);
    const reserved = await reserveAttempt(tx, id, VERIFICATION_RULES.maxAttempts);
    if (!reserved) {
      const now = await findItem(tx, id);
      const status = now?.status === 'pending' ? 'locked' : (now?.status ?? 'expired');
      return this.refuse(tx, id, status);
    }
    if (matches && (await markValidated(tx, id))) return { uuid: id, status: 'validated' };
    const remaining = VERIFICATION_RULES.maxAttempts - reserved.attempts;
    if (remaining > 0) return { uuid: id, status: 'pending', refusal: refusalFor('pending', remaining) };
    await markLocked(tx, id);
    return { uuid: id, status: 'locked', refusal: refusalFor('locked') };
  }

  /**
   * Uses a validated item once for a later step (registration, phone or e-mail change): true only for
   * the first call, within 30 minutes of validation, when channel, target and purpose all match.
   */
  async consumeValidated(
    tx: Tx,
    uuid: string,
    expect: { channel: VerificationChannel; identifier: string; purpose: string; defaultCountry?: string; userUuid?: string },
  ): Promise<boolean> {
    if (!UUID.test(uuid)) return false;
    let identifier: string;
    try {
      identifier = normaliseIdentifier(expect.channel, expect.identifier, expect.defaultCountry);
    } catch {
      return false;
    }
    return consumeItem(tx, {
      uuid: uuid.toLowerCase(),
      channel: expect.channel,
      identifier,
      purpose: expect.purpose,
      windowSeconds: VERIFICATION_RULES.consumeWindowSeconds,
      userUuid: expect.userUuid ?? null,
    });
  }

  private async refuse(tx: Tx, uuid: string, status: VerificationStatus): Promise<VerifyResult> {
    if (status === 'expired') await markExpired(tx, uuid);
    return { uuid, status, refusal: refusalFor(status) };
  }
}

function sameIdentifier(channel: VerificationChannel, stored: string, presented: string, defaultCountry?: string): boolean {
  try {
    return normaliseIdentifier(channel, presented, defaultCountry) === stored;
  } catch {
    return false;
  }
}
