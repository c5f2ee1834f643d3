import { phrase } from '../../platform/messages.js';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  AddressInputSchema, passwordProblems, type AddressInput, type PasswordRequirements, type PostalAddress, type Profile, type ProfileUpdate, type RegisterRequest,
} from '@ember/contracts';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { requireTx } from '../../platform/transaction.js';
import { AppError } from '../../platform/errors.js';
import { decoyHash, hashPassword, needsRehash, newToken, tokenHash, verifyPassword } from './identity.crypto.js';
import { checkCustomAttributes } from './identity.attributes.js';
import { contactKeys } from './identity.canonical.js';
import * as store from './identity.store.js';

/** A session ends 14 days after sign-in however much it is used (its absolute lifetime). */
const SESSION_TTL_MS = 14 * 24 * 3600_000;
/**
 * How stale a session's recorded last use may grow before a request writes it again: one write per
 * session every 5 minutes at most, so the idle limit may end a session up to 5 minutes early.
 */
const SESSION_TOUCH_SECONDS = 5 * 60;
/** A reset link works for 30 minutes, once, and only while it is the newest one asked for. */
const RESET_TTL_MS = 30 * 60_000;

export interface SessionUser {
  uuid: string;
  sessionId: string;
  tokenHash: string;
}

/** Where a registration comes from: the store view (its code and language) and the client's address. */
export interface RegistrationContext {
  store: { code: string; language: string };
  ip: string | null;
}

/** Called in the registering transaction once the customer exists; a throw refuses the registration. */
export type RegistrationHook = (tx: Tx, uuid: string, input: RegisterRequest, ctx: RegistrationContext) => Promise<void>;

/** The account e-mails the identity module sends, with what each one shows. */
export type AccountNotice =
  | { template: 'password_reset'; params: { link: string } }
  | { template: 'password_changed'; params: { reset_link: string } };

/** Sends an account e-mail in the caller's transaction; wired to messaging. */
export type AccountNotifier = (tx: Tx, message: AccountNotice & { email: string; language: string }) => Promise<void>;

/**
 * The absolute URL of a storefront path in a store view, from configuration only (PUBLIC_BASE_URL,
 * PUBLIC_BASE_URLS): a request's Host or X-Forwarded-Host never reaches a link (reset poisoning).
 */
export type PublicUrl = (storeCode: string, path: string) => string;

/** Normalises a phone number to E.164 with the store's country as default; null when it is not a valid number. */
export function normalisePhone(raw: string, defaultCountry: string): string | null {
  const parsed = parsePhoneNumberFromString(raw, defaultCountry as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** EMB-XXXX-XXXX in Crockford base32 (no I, L, O, U): easy to read aloud and type. */
export function newPromoCode(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 8; i++) out = CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)] + out;
  return `EMB-${out.slice(0, 4)}-${out.slice(4)}`;
}

/** The shop sells age-restricted products: customers must be adults. */
export const MINIMUM_AGE = 18;

/** A date of birth that is a real calendar date at most 120 years ago, of someone at least MINIMUM_AGE today. */
export function checkDateOfBirth(value: string, today = new Date()): void {
  const d = new Date(`${value}T00:00:00Z`);
  const valid = !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
  const oldest = Date.UTC(today.getUTCFullYear() - 120, today.getUTCMonth(), today.getUTCDate());
  if (!valid || d.getTime() > today.getTime() || d.getTime() < oldest) {
    throw new AppError('VALIDATION_FAILED', 'date_of_birth must be a real date in the past 120 years', { fields: { date_of_birth: 'invalid' } });
  }
  const adultFrom = Date.UTC(d.getUTCFullYear() + MINIMUM_AGE, d.getUTCMonth(), d.getUTCDate());
  if (adultFrom > today.getTime()) {
    throw new AppError('VALIDATION_FAILED', `Customers must be at least ${MINIMUM_AGE} years old`, { fields: { date_of_birth: 'underage' } });
  }
}

/** Ends a rehearsed registration's transaction (see `register`), so nothing of it stays. */
class Rehearsed extends Error {
  /** A rollback on purpose, not a fault (platform/transaction.ts logs it as expected). */
  readonly expected = true;
  override readonly name = 'RegistrationRehearsal';
}

export interface RegistrationOptions {
  storeCode: string;
  language: string;
  ip: string | null;
  defaultCountry: string;
  consumePhoneVerification?: (tx: Tx, e164: string, verificationUuid: string) => Promise<boolean>;
}

/** A registration checked and its password hashed, before any database work. */
export interface PreparedRegistration {
  input: RegisterRequest;
  ctx: RegistrationOptions;
  email: string;
  telephone: string | null;
  hash: string;
  uuid: string;
}

/** Credentials checked by `checkCredentials`, ready for `login`. */
export interface CheckedLogin {
  uuid: string;
  password_hash: string;
  rehashed: string | null;
}

/** Customers, credentials and sessions (one domain behind both account-service families). */
export class IdentityService {
  constructor(
    /** Plain reads outside a transaction; every write takes the caller's transaction. */
    private readonly db: Reader,
    private readonly policy: PasswordRequirements,
    private readonly notify: AccountNotifier,
    /** The purposes a customer consented to (owned by the consents module). */
    private readonly purposesOf: (reader: Reader, uuid: string) => Promise<string[]> = async () => [],
    private readonly publicUrl: PublicUrl = (storeCode, path) => `http://localhost/${storeCode}${path}`,
    /** A session unused this long ends like a logged-out one (SESSION_IDLE_HOURS). */
    private readonly sessionIdleHours = 72,
  ) {}

  passwordRequirements(): PasswordRequirements {
    return this.policy;
  }

  private checkPassword(password: string, email: string): void {
    const problems = passwordProblems(password, this.policy, email);
    if (problems.length) throw new AppError('VALIDATION_FAILED', 'The password does not meet the requirements', { password: problems });
  }

  private readonly registrationHooks: RegistrationHook[] = [];

  /** Runs `hook` in every registration's transaction after the customer is written (referral's parent_code). */
  onRegistered(hook: RegistrationHook): void {
    this.registrationHooks.push(hook);
  }

  /** Checks a registration and hashes its password, before any database work; `register` writes it. */
  async prepareRegistration(
    input: RegisterRequest,
    ctx: RegistrationOptions,
  ): Promise<PreparedRegistration> {
    const email = input.strategy_data.identifier;
    // Holding an account means accepting the current terms and privacy policy (docs/decisions/0027).
    if (input.terms_accepted !== true) {
      throw new AppError('VALIDATION_FAILED', 'Accept the terms and conditions and the privacy policy to register', { fields: { terms_accepted: 'required' } });
    }
    this.checkPassword(input.strategy_data.password, email);
    checkDateOfBirth(input.date_of_birth);
    const telephone = input.phone ? normalisePhone(input.phone, ctx.defaultCountry) : null;
    if (input.phone && !telephone) throw new AppError('VALIDATION_FAILED', 'phone is not a valid phone number', { fields: { phone: 'invalid' } });
    const hash = await hashPassword(input.strategy_data.password);
    const uuid = randomUUID();
    if (input.sms_verification_uuid && (!telephone || !ctx.consumePhoneVerification)) {
      throw new AppError('VALIDATION_FAILED', 'phone is required with sms_verification_uuid', { fields: { phone: 'required' } });
    }
    return { input, ctx, email, telephone, hash, uuid };
  }

  /**
   * Creates a customer from a prepared registration in the caller's transaction. An e-mail already in
   * use creates nothing but answers the same (`created: false`, a fresh uuid nobody holds): the caller
   * tells the address's owner by e-mail instead of telling the caller (checklist 11). Such a
   * registration is rehearsed in full (the same checks and hooks, on a placeholder address) and then
   * throws, so the caller's transaction rolls back and nothing of it stays; the edge turns that into
   * the same answer with `registered` (`.catch((err) => identity.registered(err, prepared))`).
   */
  async register(tx: Tx, prepared: PreparedRegistration): Promise<{ user_uuid: string; created: boolean }> {
    requireTx(tx);
    const { input, ctx, email, telephone, hash, uuid } = prepared;
    const user = {
      uuid, email, firstname: input.firstname, lastname: input.lastname, date_of_birth: input.date_of_birth,
      telephone, gender: input.gender ?? null, store_code: ctx.storeCode,
    };
    const fresh = await store.insertUser(tx, user, hash);
    // The address is taken: the rest runs on a placeholder account that the caller's rollback removes.
    const inserted = fresh || (await store.insertUser(tx, { ...user, email: `rehearsal+${uuid}@invalid` }, hash));
    // Other modules (referral) record what the registration carries for them, in the same transaction.
    if (inserted) for (const hook of this.registrationHooks) await hook(tx, uuid, input, { store: { code: ctx.storeCode, language: ctx.language }, ip: ctx.ip });
    // A phone verified by SMS code before registering is marked verified, in the same transaction.
    if (inserted && input.sms_verification_uuid) {
      if (!(await ctx.consumePhoneVerification!(tx, telephone!, input.sms_verification_uuid))) {
        throw new AppError('VERIFICATION_REQUIRED', 'Verify this phone number with the code sent by SMS first');
      }
      await store.setVerifiedTelephone(tx, uuid, telephone!);
    }
    if (!fresh) throw new Rehearsed();
    return { user_uuid: uuid, created: inserted };
  }

  /** The answer to a rehearsed registration whose transaction rolled back; any other failure is thrown on. */
  registered(err: unknown, prepared: PreparedRegistration): { user_uuid: string; created: boolean } {
    if (err instanceof Rehearsed) return { user_uuid: prepared.uuid, created: false };
    throw err;
  }

  /**
   * Checks credentials (a plain read, then the password check without holding a connection); unknown
   * e-mail and wrong password answer the same. The edge then opens the session with `login`.
   */
  async checkCredentials(email: string, password: string): Promise<CheckedLogin> {
    const found = await store.findLoginByEmail(this.db, email);
    const ok = await verifyPassword(password, found?.password_hash ?? (await decoyHash()));
    if (!found || !ok) throw new AppError('UNAUTHORISED', phrase('account.wrongCredentials'));
    // Said only to someone who proved the password, so it tells a stranger nothing about the address.
    if (found.status === 'deactivated') throw new AppError('INACTIVE', 'This account is not active.');
    if (found.status !== 'active') throw new AppError('UNAUTHORISED', phrase('account.wrongCredentials'));
    // An older hash (scrypt, or weaker Argon2id parameters) is replaced now that the password is known.
    const rehashed = needsRehash(found.password_hash) ? await hashPassword(password) : null;
    return { uuid: found.uuid, password_hash: found.password_hash, rehashed };
  }

  /** Opens a session for checked credentials in the caller's transaction. */
  async login(tx: Tx, found: CheckedLogin, meta: { ip: string; userAgent: string | null }) {
    requireTx(tx);
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    if (found.rehashed) await store.replacePasswordHash(tx, found.uuid, found.password_hash, found.rehashed);
    await store.insertSession(tx, { id: randomUUID(), user_uuid: found.uuid, token_hash: tokenHash(token), expires_at: expiresAt, ip: meta.ip, user_agent: meta.userAgent?.slice(0, 300) ?? null });
    return { user_uuid: found.uuid, token, magento_token: token, expires_at: expiresAt.toISOString() };
  }

  /**
   * The session a token belongs to, if it is live (within its absolute lifetime and not idle past the
   * limit); finding it counts as a use of it.
   */
  async sessionFor(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 100) return null;
    const hash = tokenHash(token);
    const s = await store.useLiveSession(this.db, hash, this.sessionIdleHours * 3600, SESSION_TOUCH_SECONDS);
    return s ? { uuid: s.user_uuid, sessionId: s.id, tokenHash: hash } : null;
  }

  async logout(tx: Tx, session: SessionUser): Promise<void> {
    requireTx(tx);
    await store.revokeSession(tx, session.tokenHash);
  }

  /** The customer's profile, read through `reader` (the caller's transaction inside one). */
  async profile(uuid: string, reader: Reader = this.db): Promise<Profile> {
    const user = await store.findUser(reader, uuid);
    if (!user || user.status !== 'active') throw new AppError('NOT_FOUND', 'User not found');
    const [addresses, extra, purposes] = await Promise.all([this.addresses(uuid, reader), store.listCustomAttributes(reader, uuid), this.purposesOf(reader, uuid)]);
    return {
      uuid: user.uuid,
      is_age_verified: user.is_age_verified,
      is_pending_email_verification: user.pending_email !== null,
      personalInfo: {
        email: user.email, firstname: user.firstname, lastname: user.lastname,
        dob: user.date_of_birth, telephone: user.telephone, gender: user.gender,
      },
      addresses,
      extra,
      purposes,
      meta: { allow_date_of_birth_update: user.allow_date_of_birth_update, allow_name_update: user.allow_name_update },
    };
  }

  /** The active account's facts age verification checks (names, date of birth, e-mail, age flag), or null. */
  async ageFacts(db: Queryable, uuid: string): Promise<{
    uuid: string; email: string; firstname: string; lastname: string; date_of_birth: string | null; store_code: string; is_age_verified: boolean;
    /** A verification bound these: they change only through a new one. */ date_of_birth_bound: boolean; names_bound: boolean;
  } | null> {
    const user = await store.findUser(db, uuid);
    if (!user || user.status !== 'active') return null;
    return {
      uuid: user.uuid, email: user.email, firstname: user.firstname, lastname: user.lastname, date_of_birth: user.date_of_birth, store_code: user.store_code,
      is_age_verified: user.is_age_verified, date_of_birth_bound: !user.allow_date_of_birth_update, names_bound: !user.allow_name_update,
    };
  }

  /**
   * Sets is_age_verified from the age-verification records; never reachable from a customer's own input.
   * A verified check also binds what it confirmed: the date of birth always, the names when its method
   * says so (age_verification_method.binds_names); from then on only a new verification changes them.
   */
  async recordAgeVerification(tx: Tx, uuid: string, verified: boolean, confirmed?: { date_of_birth: string; bindsNames: boolean; firstname: string; lastname: string }): Promise<void> {
    await store.setAgeVerified(tx, uuid, verified);
    if (verified && confirmed) await store.lockVerifiedFacts(tx, uuid, confirmed);
  }

  /**
   * Updates the fields a customer may set. A date of birth or name the age verification bound is
   * refused when it would change (sending the current value again is fine, as the profile form does).
   */
  async updateProfile(tx: Tx, uuid: string, patch: ProfileUpdate): Promise<Profile> {
    requireTx(tx);
    if (patch.date_of_birth) checkDateOfBirth(patch.date_of_birth);
    const user = await store.lockUser(tx, uuid);
    if (!user || user.status !== 'active') throw new AppError('NOT_FOUND', 'User not found');
    if (patch.date_of_birth !== undefined && patch.date_of_birth !== user.date_of_birth && !user.allow_date_of_birth_update) {
      throw new AppError('PERMISSION_DENIED', phrase('profile.dateOfBirthLocked'), { fields: { date_of_birth: 'locked' } });
    }
    const renames = (patch.firstname !== undefined && patch.firstname !== user.firstname) || (patch.lastname !== undefined && patch.lastname !== user.lastname);
    if (renames && !user.allow_name_update) {
      throw new AppError('PERMISSION_DENIED', phrase('profile.namesLocked'), { fields: { firstname: 'locked', lastname: 'locked' } });
    }
    await store.updateUser(tx, uuid, patch);
    return this.profile(uuid, tx);
  }

  /** Whether `password` is the account's current password (re-authentication before sensitive actions). */
  async passwordMatches(uuid: string, password: string): Promise<boolean> {
    const hash = await store.findPasswordHash(this.db, uuid);
    if (!hash) {
      // Same work for an account without a password, so timing tells nothing.
      await verifyPassword(password, await decoyHash());
      return false;
    }
    return verifyPassword(password, hash);
  }

  /**
   * Replaces a session whose holder just proved it again (inside the caller's transaction): a new
   * 256-bit token, stored only as its digest and marked re-authenticated now, while the old token
   * dies with it (checklist 12: a new token on every authentication and re-authentication).
   */
  async replaceReauthenticatedSession(tx: Tx, session: SessionUser, meta: { ip: string; userAgent: string | null }) {
    if (!(await store.revokeForReauthentication(tx, session.sessionId))) throw new AppError('UNAUTHORISED', 'Sign in to continue');
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await store.insertReauthenticatedSession(tx, { id: randomUUID(), user_uuid: session.uuid, token_hash: tokenHash(token), expires_at: expiresAt, ip: meta.ip, user_agent: meta.userAgent?.slice(0, 300) ?? null });
    return { token, expires_at: expiresAt.toISOString() };
  }

  /** Whether the session was re-authenticated within `seconds`. */
  reauthenticatedWithin(session: SessionUser, seconds: number): Promise<boolean> {
    return store.reauthenticatedWithin(this.db, session.sessionId, seconds);
  }

  /**
   * Checks a password change (a plain read, then the password checks without holding a connection)
   * and answers the new hash; the edge then stores it with `changePassword`.
   */
  async checkPasswordChange(session: SessionUser, current: string, next: string, confirmation: string): Promise<string> {
    if (next !== confirmation) throw new AppError('VALIDATION_FAILED', 'The new passwords do not match', { fields: { new_password_confirmation: 'mismatch' } });
    const user = await store.findUser(this.db, session.uuid);
    const hash = await store.findPasswordHash(this.db, session.uuid);
    // A wrong current password is a field error, not a lost session (which is UNAUTHORISED).
    if (!user || !hash || !(await verifyPassword(current, hash))) {
      throw new AppError('VALIDATION_FAILED', 'The current password is not correct', { fields: { current_password: 'incorrect' } });
    }
    this.checkPassword(next, user.email);
    return hashPassword(next);
  }

  /** Stores a checked new password hash in the caller's transaction and ends every other session. */
  async changePassword(tx: Tx, session: SessionUser, newHash: string): Promise<void> {
    requireTx(tx);
    await store.setPasswordHash(tx, session.uuid, newHash);
    await store.revokeUserSessions(tx, session.uuid, session.sessionId);
  }

  /**
   * Mails a single-use reset link when the address has an account; answers the same either way. The
   * link's origin comes from configuration for the store view; a new link retires every earlier one.
   */
  async requestPasswordReset(tx: Tx, email: string, ctx: { storeCode: string; language: string }): Promise<void> {
    requireTx(tx);
    const user = await store.findUserByEmail(tx, email);
    if (!user || user.status !== 'active') return;
    const token = newToken();
    // The account row is locked so two requests at once cannot both leave a live token behind.
    await store.lockUser(tx, user.uuid);
    await store.retirePasswordResets(tx, user.uuid);
    await store.insertPasswordReset(tx, tokenHash(token), user.uuid, new Date(Date.now() + RESET_TTL_MS));
    await this.notify(tx, {
      template: 'password_reset', email: user.email, language: ctx.language,
      params: { link: this.publicUrl(ctx.storeCode, `/reset-password?token=${token}`) },
    });
  }

  /**
   * Sets a new password with a reset token (single use) and ends every session of the account. It signs
   * nobody in: the customer signs in with the new password, and the account's address is told of the change.
   */
  async resetPassword(tx: Tx, token: string, password: string, confirmation: string, ctx: { storeCode: string; language: string }): Promise<void> {
    requireTx(tx);
    if (password !== confirmation) throw new AppError('VALIDATION_FAILED', 'The passwords do not match', { fields: { password_confirmation: 'mismatch' } });
    const uuid = await store.consumePasswordReset(tx, tokenHash(token));
    if (!uuid) throw new AppError('NOT_FOUND', 'This reset link is invalid or has expired');
    const user = await store.findUser(tx, uuid);
    this.checkPassword(password, user!.email);
    await store.setPasswordHash(tx, uuid, await hashPassword(password));
    await store.retirePasswordResets(tx, uuid);
    await store.revokeUserSessions(tx, uuid);
    await this.notify(tx, {
      template: 'password_changed', email: user!.email, language: ctx.language,
      params: { reset_link: this.publicUrl(ctx.storeCode, '/forgot-password') },
    });
  }

  /**
   * Records the e-mail a customer wants to move to; it takes effect once its code is verified. Returns
   * whether another account uses the address: the caller then answers as usual but tells that address's
   * owner instead of sending a code (checklist 11), and confirming can never succeed.
   */
  async setPendingEmail(tx: Tx, uuid: string, email: string): Promise<{ taken: boolean }> {
    const taken = await store.isContactTaken(tx, email, uuid);
    await store.setPendingEmail(tx, uuid, email);
    return { taken };
  }

  /** The account's current e-mail address and telephone (for notices to the old ones after a change). */
  async contacts(db: Queryable, uuid: string): Promise<{ email: string; telephone: string | null } | null> {
    const user = await store.findUser(db, uuid);
    return user ? { email: user.email, telephone: user.telephone } : null;
  }

  /** The active account's e-mail, read through the caller's handle; an account that is not active is not found, as in `profile`. */
  async activeEmail(reader: Reader, uuid: string): Promise<string> {
    const user = await store.findUser(reader, uuid);
    if (!user || user.status !== 'active') throw new AppError('NOT_FOUND', 'User not found');
    return user.email;
  }

  /** A newly registered address waits for its code like a changed one (is_pending_email_verification). */
  async markEmailPending(tx: Tx, uuid: string, email: string): Promise<void> {
    await store.setPendingEmail(tx, uuid, email);
  }

  pendingEmail(uuid: string): Promise<string | null> {
    return store.findPendingEmail(this.db, uuid);
  }

  /** Makes the verified pending e-mail the account's address. */
  async confirmEmail(tx: Tx, uuid: string, email: string): Promise<void> {
    try {
      if (!(await store.confirmPendingEmail(tx, uuid, email))) throw new AppError('VERIFICATION_REQUIRED', 'No e-mail change is waiting for this code');
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new AppError('ALREADY_EXISTS', 'An account with this e-mail address already exists');
      throw err;
    }
  }

  async setVerifiedTelephone(tx: Tx, uuid: string, telephone: string): Promise<void> {
    await store.setVerifiedTelephone(tx, uuid, telephone);
  }

  hasVerifiedTelephone(uuid: string, e164: string): Promise<boolean> {
    return store.hasVerifiedTelephone(this.db, uuid, e164);
  }

  /**
   * The registration address still waiting for its code, or (`taken`) the address a registration of a
   * taken address was made for; NOT_FOUND when none waits (unknown, confirmed or closed accounts alike).
   */
  async pendingRegistration(uuid: string): Promise<{ email: string; taken: boolean }> {
    const email = await store.findPendingRegistrationEmail(this.db, uuid);
    if (email) return { email, taken: false };
    const attempted = await store.findRegistrationAttemptEmail(this.db, uuid);
    if (attempted) return { email: attempted, taken: true };
    throw new AppError('NOT_FOUND', 'No registration is waiting for an e-mail code');
  }

  /** Remembers the uuid a registration of a taken address answered with (see `register`). */
  async recordRegistrationAttempt(tx: Tx, uuid: string, email: string): Promise<void> {
    await store.insertRegistrationAttempt(tx, uuid, email);
  }

  /** A storefront page's absolute URL in a store view, from configuration only. */
  linkTo(storeCode: string, path: string): string {
    return this.publicUrl(storeCode, path);
  }

  /**
   * Re-authentication before a sensitive change (e-mail, phone): the account's current password.
   * A wrong one is a field error like in a password change; every account has a password (docs/decisions/0010).
   */
  async checkCurrentPassword(uuid: string, password: string): Promise<void> {
    const hash = await store.findPasswordHash(this.db, uuid);
    // Compared against a decoy when the account has no credential, so both cost the same.
    const ok = await verifyPassword(password, hash ?? (await decoyHash()));
    if (!hash || !ok) throw new AppError('VALIDATION_FAILED', phrase('account.currentPasswordIncorrect'), { fields: { current_password: 'incorrect' } });
  }

  /** The keys that identify the account's person across accounts (identity.canonical.ts); empty for an unknown account. */
  async contactKeys(db: Queryable, uuid: string): Promise<string[]> {
    const c = await store.findContact(db, uuid);
    return c ? contactKeys({ email: c.email, verifiedTelephone: c.verified_telephone }) : [];
  }

  /** The active account of an e-mail address and the store view it registered in; null when there is none (leads match by address). */
  async activeAccountByEmail(q: Queryable, email: string): Promise<{ uuid: string; store_code: string } | null> {
    const user = await store.findUserByEmail(q, email.trim().toLowerCase());
    return user?.status === 'active' ? { uuid: user.uuid, store_code: user.store_code } : null;
  }

  /** Whether an account with this uuid is active (purchases made in a store are matched to it). */
  async isActiveAccount(q: Queryable, uuid: string): Promise<boolean> {
    return (await store.findUser(q, uuid))?.status === 'active';
  }

  isContactTaken(value: string): Promise<boolean> {
    return store.isContactTaken(this.db, value);
  }

  /** The customer's personal promo code: the live one, or a new one valid for a year (40 random bits). */
  async promoCode(tx: Tx, uuid: string): Promise<{ code: string; created_at: string; expires_at: string }> {
    requireTx(tx);
    for (let attempt = 0; attempt < 5; attempt++) {
      const live = await store.findLivePromoCode(tx, uuid);
      if (live) return { code: live.code, created_at: live.created_at.toISOString(), expires_at: live.expires_at.toISOString() };
      await store.insertPromoCode(tx, uuid, newPromoCode(), new Date(Date.now() + 365 * 86_400_000));
    }
    throw new Error('could not allocate a promo code');
  }

  /** Personal coupons the customer holds (their promo code for now; provider coupons join later). */
  async coupons(uuid: string) {
    const live = await store.findLivePromoCode(this.db, uuid);
    return live ? [{ code: live.code, type: 'personal_promo_code', expires_at: live.expires_at.toISOString() }] : [];
  }

  customAttributes(uuid: string, reader: Reader = this.db): Promise<Record<string, string>> {
    return store.listCustomAttributes(reader, uuid);
  }

  /** Sets custom attributes (an empty value removes one) after checking them against their definitions. */
  async setCustomAttributes(tx: Tx, uuid: string, values: { code: string; value: string }[]): Promise<Record<string, string>> {
    requireTx(tx);
    checkCustomAttributes(values.filter((v) => v.value !== ''));
    await store.upsertCustomAttributes(tx, uuid, values);
    return this.customAttributes(uuid, tx);
  }

  /** Ends the account now: personal data replaced or deleted, every session revoked (inside the caller's transaction). */
  async cancel(tx: Tx, uuid: string): Promise<void> {
    await store.anonymiseUser(tx, uuid);
  }

  /** Deactivates the account with the customer's reason: data kept, sessions ended, sign-in refused. */
  async deactivate(tx: Tx, uuid: string, reason: string): Promise<void> {
    requireTx(tx);
    await store.setUserStatus(tx, uuid, 'deactivated', reason);
    await store.revokeUserSessions(tx, uuid);
  }

  /**
   * An operator deactivates an account (sign-in answers INACTIVE, every session ends at once) or
   * reactivates it; a cancelled account stays cancelled. Answers the status it now has.
   */
  async setActiveByOperator(tx: Tx, uuid: string, active: boolean, reason: string): Promise<'active' | 'deactivated'> {
    requireTx(tx);
    const changed = await store.setUserActive(tx, uuid, active, reason);
    if (!changed) throw new AppError('NOT_FOUND', 'Customer not found');
    if (!active) await store.revokeUserSessions(tx, uuid);
    return active ? 'active' : 'deactivated';
  }

  /** Everything identity holds about a customer, for a data-subject export. */
  async exportData(uuid: string) {
    const [profile, sessions, promoCodes] = await Promise.all([this.profile(uuid), store.listSessions(this.db, uuid), store.promoCodesForExport(this.db, uuid)]);
    return { profile, sessions, promo_codes: promoCodes };
  }

  async addresses(uuid: string, reader: Reader = this.db) {
    return (await store.listAddresses(reader, uuid)).map((a) => ({
      id: a.id, firstname: a.firstname, lastname: a.lastname, street: a.street, city: a.city,
      postcode: a.postcode ?? undefined, country_code: a.country_code, region: a.region ?? undefined,
      telephone: a.telephone ?? undefined, is_default_billing: a.is_default_billing,
      is_default_shipping: a.is_default_shipping, isSubscription: a.is_subscription,
    }));
  }

  /** Marks the entry a subscription delivers to (`isSubscription`), unmarking any other; null unmarks all. */
  flagSubscriptionAddress(tx: Tx, uuid: string, id: number | null): Promise<void> {
    return store.flagSubscriptionAddress(tx, uuid, id);
  }

  private addressValues(a: AddressInput, defaultCountry: string): store.AddressValues {
    const telephone = a.telephone ? normalisePhone(a.telephone, a.country_code || defaultCountry) : null;
    if (a.telephone && !telephone) throw new AppError('VALIDATION_FAILED', 'telephone is not a valid phone number', { fields: { telephone: 'invalid' } });
    return {
      firstname: a.firstname, lastname: a.lastname, street: a.street, city: a.city, postcode: a.postcode ?? null,
      country_code: a.country_code, region: a.region ?? null, telephone,
    };
  }

  async addAddress(tx: Tx, uuid: string, a: AddressInput, defaultCountry: string) {
    requireTx(tx);
    const values = this.addressValues(a, defaultCountry);
    const id = await (async () => {
      const newId = await store.insertAddress(tx, uuid, values);
      if (a.is_default_billing) await store.setDefaultAddress(tx, uuid, newId, 'billing');
      if (a.is_default_shipping) await store.setDefaultAddress(tx, uuid, newId, 'shipping');
      return newId;
    })().catch(rethrowCountry);
    return (await this.addresses(uuid, tx)).find((x) => x.id === id)!;
  }

  /**
   * An order's address joins the customer's book (Magento's `save_in_address_book`), in the order's
   * transaction: the same address already there (compared without regard to case and spacing) is
   * kept instead of a copy. The address becomes the default of its kind when the book has none. A
   * telephone that is not a valid number is left out rather than refusing the order. An address the
   * book's contract would not take (no first name, which some markets allow at checkout) is not
   * saved. Answers the id of the book entry, or null.
   */
  async rememberOrderAddress(tx: Tx, uuid: string, a: OrderAddress, kind: 'billing' | 'shipping', defaultCountry: string): Promise<number | null> {
    const telephone = a.telephone ? normalisePhone(a.telephone, a.country_code || defaultCountry) : null;
    const street = a.street.map((line) => line.trim()).filter((line, i) => i === 0 || line !== '');
    const values: store.AddressValues = {
      firstname: a.firstname.trim(), lastname: a.lastname.trim(), street, city: a.city.trim(),
      postcode: a.postcode?.trim() || null, country_code: a.country_code, region: a.region?.trim() || null, telephone,
    };
    const fits = AddressInputSchema.safeParse({
      ...values, postcode: values.postcode ?? undefined, region: values.region ?? undefined, telephone: values.telephone ?? undefined,
    });
    if (!fits.success) return null;
    const book = await store.listAddresses(tx, uuid);
    const key = addressKey(values);
    const id = book.find((b) => addressKey(b) === key)?.id ?? await store.insertAddress(tx, uuid, values);
    if (!book.some((b) => (kind === 'billing' ? b.is_default_billing : b.is_default_shipping))) await store.setDefaultAddress(tx, uuid, id, kind);
    return id;
  }

  async updateAddress(tx: Tx, uuid: string, id: number, a: AddressInput, defaultCountry: string) {
    requireTx(tx);
    const values = this.addressValues(a, defaultCountry);
    await (async () => {
      if (!(await store.updateAddress(tx, uuid, id, values))) throw new AppError('NOT_FOUND', 'Address not found');
      if (a.is_default_billing) await store.setDefaultAddress(tx, uuid, id, 'billing');
      if (a.is_default_shipping) await store.setDefaultAddress(tx, uuid, id, 'shipping');
    })().catch(rethrowCountry);
    return (await this.addresses(uuid, tx)).find((x) => x.id === id)!;
  }

  async deleteAddress(tx: Tx, uuid: string, id: number): Promise<void> {
    requireTx(tx);
    const deleted = await store.deleteAddress(tx, uuid, id);
    if (!deleted) throw new AppError('NOT_FOUND', 'Address not found');
  }

  async setDefaultAddress(tx: Tx, uuid: string, id: number, kind: 'billing' | 'shipping') {
    requireTx(tx);
    const ok = await store.setDefaultAddress(tx, uuid, id, kind);
    if (!ok) throw new AppError('NOT_FOUND', 'Address not found');
    return this.addresses(uuid, tx);
  }
}

/** A postal address as an order carries it (a cart address, already checked against the store's rules). */
/** The postal part of an order's address, as the order hands it to the book. */
export type OrderAddress = PostalAddress;

/** What makes two book addresses the same one: every field, ignoring case and runs of spaces (and spaces in postcodes). */
function addressKey(a: store.AddressValues): string {
  const norm = (v: string | null | undefined) => (v ?? '').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return JSON.stringify([
    norm(a.firstname), norm(a.lastname), a.street.map(norm).filter(Boolean), norm(a.city),
    norm(a.postcode).replace(/ /g, ''), a.country_code.toUpperCase(), norm(a.region), (a.telephone ?? '').trim(),
  ]);
}

/** An unknown country code breaks the foreign key: that is bad input, not a server fault. */
function rethrowCountry(err: unknown): never {
  if ((err as { code?: string }).code === '23503') throw new AppError('VALIDATION_FAILED', 'country_code is not a known country', { fields: { country_code: 'invalid' } });
  throw err;
}
