import { randomUUID } from 'node:crypto';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enforce, type RateLimiter } from '../../platform/rate-limit.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { StoreView } from '../store/store.service.js';
import * as store from './age-verification.store.js';
import {
  TEST_PROVIDER, ageOn, databaseResult, isSignatureValid, newEventId, newReference, signPayload, workflowPage, workflowResult,
  type ProviderResult, type TestIdentity,
} from './age-verification.provider.js';
import { AgeVerificationCallbackBodySchema as CallbackBodySchema, type AgeCheckDecisionBody, type AgeCheckDetail, type AgeCheckQuery } from '@ember/contracts';
import { assertMaySell, type SaleCheck } from './age-verification.selling.js';
import type { Transactions } from '../../platform/transaction.js';

/** The minimum age where a market names none. */
export const DEFAULT_MINIMUM_AGE = 18;
/** How long an asynchronous workflow may take before its verification expires. */
export const ASYNC_TTL_SECONDS = 15 * 60;
const SYNC_TTL_SECONDS = 60;
const HOUR = 3_600_000;
const RETURN_PATH = /^\/[a-z][a-z0-9_]{1,31}(\/[A-Za-z0-9\-._~/]*)?(#\/[A-Za-z0-9\-._~/]*)?$/;

export interface AgeVerificationOptions {
  storeMode: 'TEST' | 'LIVE';
  /** HMAC key of provider callbacks. */
  callbackSecret: string;
  /** How long the TEST workflow takes between submission and its callback. */
  testDelayMs: number;
  ipFactor: number;
}

export interface Person {
  user_uuid: string | null;
  email: string;
  firstname: string;
  lastname: string;
  date_of_birth: string;
}

export interface StartInput {
  sessionUuid: string | null;
  store: StoreView;
  method_code: string;
  country_code: string;
  user_email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  dateOfBirth?: string | undefined;
  workflow_name?: string | undefined;
  callback?: string | undefined;
  identity_verification_id?: string | undefined;
  ip: string;
}

export type VerificationView = ReturnType<typeof toView>;

export function toView(r: store.RequestRow) {
  return {
    identity_verification_id: r.uuid,
    status: r.status,
    reason: r.reason,
    method_code: r.method_code,
    country_code: r.country_code,
    provider: r.provider,
    workflow_name: r.workflow_name,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
    completed_at: r.completed_at ? r.completed_at.toISOString() : null,
  };
}

/**
 * Age verification (spec §7): per-country methods, verification requests with their lifecycle and
 * audit trail, the built-in TEST provider, and the selling rule every checkout path calls.
 */
export class AgeVerificationService {
  constructor(
    private readonly db: Reader,
    private readonly identity: IdentityService,
    private readonly catalog: CatalogService,
    private readonly limiter: RateLimiter,
    private readonly options: AgeVerificationOptions,
  ) {}

  /** The active methods of a country; a provider that is not configured in this store mode is left out. */
  async availableMethods(db: Queryable, country: string) {
    const methods = await store.findMethods(db, country.toUpperCase());
    return methods
      .filter((m) => this.isProviderAvailable(m.provider))
      .map((m) => ({ code: m.code, kind: m.kind, provider: m.provider, is_async: m.is_async, workflow_name: m.workflow_name, is_hidden: m.kind === 'hidden' }));
  }

  async hasHiddenVerification(db: Queryable, country: string): Promise<boolean> {
    return (await this.availableMethods(db, country)).some((m) => m.is_hidden);
  }

  async minimumAge(db: Queryable, country: string): Promise<number> {
    return (await store.findCountryRules(db, country))?.minimum_age ?? DEFAULT_MINIMUM_AGE;
  }

  /** Runs a synchronous method (database check, hidden check) and records its result at once. */
  async verify(tx: Tx, input: StartInput): Promise<VerificationView> {
    const method = await this.methodFor(tx, input, false);
    if (method.kind === 'hidden' && !input.sessionUuid) throw new AppError('UNAUTHORISED', 'Sign in to verify your age with the data we hold');
    await this.countAttempt(input);
    const person = await this.personFor(tx, input, method);
    const request = await this.open(tx, input, method, person, SYNC_TTL_SECONDS);
    await this.applyResult(tx, request, databaseResult(person));
    return toView((await store.findRequest(tx, request.uuid))!);
  }

  /** Opens a provider workflow (document scan, bank check); its result arrives by signed callback. */
  async initAsync(tx: Tx, input: StartInput): Promise<VerificationView & { workflow_url: string }> {
    const method = await this.methodFor(tx, input, true);
    if (input.workflow_name && input.workflow_name !== method.workflow_name) {
      throw new AppError('VALIDATION_FAILED', 'Unknown workflow for this method', { fields: { workflow_name: 'unknown' } });
    }
    await this.countAttempt(input);
    const person = await this.personFor(tx, input, method);
    const request = await this.open(tx, input, method, person, ASYNC_TTL_SECONDS);
    await store.insertTestSession(tx, request.provider_reference, request.uuid);
    return { ...toView(request), workflow_url: `/age-verification/test-provider/workflows/${request.provider_reference}` };
  }

  /** A verification's state; one bound to an account answers only that account, like a missing one otherwise. */
  async status(db: Queryable, uuid: string, sessionUuid: string | null): Promise<VerificationView> {
    const r = await store.findRequest(db, uuid);
    if (!r || (r.user_uuid !== null && r.user_uuid !== sessionUuid)) throw new AppError('NOT_FOUND', 'Verification not found');
    return toView(r);
  }

  /** The account's age state: the derived flag and the latest attempt. */
  async accountStatus(db: Queryable, userUuid: string) {
    const facts = await this.identity.ageFacts(db, userUuid);
    if (!facts) throw new AppError('NOT_FOUND', 'User not found');
    const latest = await store.findLatestFor(db, userUuid);
    return { is_age_verified: facts.is_age_verified, verification: latest ? toView(latest) : null };
  }

  /**
   * Binds a verification to the signed-in account (legacy verify-age, /users/{uuid}/av, profile
   * age-verification): only a verified one for this account, or one made with its e-mail before
   * sign-in, whose confirmed date of birth is the account's.
   */
  async attach(tx: Tx, userUuid: string, verificationUuid: string) {
    const facts = await this.identity.ageFacts(tx, userUuid);
    const r = await store.findRequest(tx, verificationUuid);
    if (!facts || !r || !(r.user_uuid === userUuid || (r.user_uuid === null && r.email === facts.email.toLowerCase()))) {
      throw new AppError('NOT_FOUND', 'Verification not found');
    }
    if (r.status !== 'verified') throw new AppError('VERIFICATION_REQUIRED', `This verification is ${r.status.replace('_', ' ')}, not verified`);
    if (r.verified_date_of_birth !== facts.date_of_birth) {
      throw new AppError('PERMISSION_DENIED', 'The verified date of birth is not the one on this account');
    }
    if (!(await store.assignUser(tx, r.uuid, userUuid))) throw new AppError('NOT_FOUND', 'Verification not found');
    await store.insertEvent(tx, { request_uuid: r.uuid, provider: r.provider, kind: 'attached', outcome: 'verified', detail: { user_uuid: userUuid } });
    await this.identity.recordAgeVerification(tx, userUuid, true, await this.confirmedFacts(tx, r));
    return this.accountStatus(tx, userUuid);
  }

  /**
   * Handles a provider callback. Refusals (bad signature, malformed, unknown, replay, late) are
   * logged and returned, so the log commits before the caller answers with the error.
   */
  async handleCallback(tx: Tx, provider: string, rawBody: string, signature: string | undefined): Promise<{ refusal: AppError | null; status?: string }> {
    const refuse = async (outcome: string, error: AppError, requestUuid: string | null = null, detail: Record<string, unknown> = {}) => {
      await store.insertEvent(tx, { request_uuid: requestUuid, provider: provider.slice(0, 20), kind: 'callback_refused', outcome, detail });
      return { refusal: error };
    };
    if (provider !== TEST_PROVIDER || !this.isProviderAvailable(provider)) return refuse('unknown_provider', new AppError('NOT_FOUND', 'Unknown provider'));
    if (!isSignatureValid(this.options.callbackSecret, rawBody, signature)) return refuse('bad_signature', new AppError('UNAUTHORISED', 'Bad callback signature'));
    let parsed: ReturnType<typeof CallbackBodySchema.safeParse>;
    try {
      parsed = CallbackBodySchema.safeParse(JSON.parse(rawBody));
    } catch {
      return refuse('malformed', new AppError('VALIDATION_FAILED', 'Callback body is not JSON'));
    }
    if (!parsed.success) return refuse('malformed', new AppError('VALIDATION_FAILED', 'Callback body is malformed'));
    const cb = parsed.data;
    const request = await store.lockRequestByReference(tx, provider, cb.reference);
    if (!request) return refuse('unknown_verification', new AppError('NOT_FOUND', 'Verification not found'), null, { reference: cb.reference.slice(0, 100), event_id: cb.event_id });
    if (!(await store.rememberCallback(tx, provider, cb.event_id, request.uuid))) {
      return refuse('replay', new AppError('ALREADY_EXISTS', 'Callback already received'), request.uuid, { event_id: cb.event_id });
    }
    if (request.status === 'expired') {
      await store.markExpired(tx, request.uuid);
      return refuse('late', new AppError('VERIFICATION_EXPIRED', 'Verification has expired'), request.uuid, { event_id: cb.event_id, outcome: cb.outcome });
    }
    if (request.status !== 'pending' && request.status !== 'needs_review') {
      return refuse('already_final', new AppError('ALREADY_EXISTS', 'Verification is already final'), request.uuid, { event_id: cb.event_id });
    }
    const status = await this.applyResult(tx, request, cb, { event_id: cb.event_id });
    return { refusal: null, status };
  }

  /** The TEST provider's workflow page for a reference (the reference is the page's only key, as with real providers). */
  async testWorkflowPage(db: Queryable, reference: string): Promise<string> {
    const session = await this.openTestSession(db, reference);
    const state = session.status === 'pending' ? (session.identity ? 'submitted' : 'open') : 'closed';
    return workflowPage({ reference, kind: session.kind, state, returnUrl: returnUrl(session.return_path, session.request_uuid) });
  }

  /** Records the identity shown in the TEST workflow; the callback follows after the configured delay. */
  async submitTestWorkflow(tx: Tx, reference: string, identity: TestIdentity): Promise<string> {
    const session = await this.openTestSession(tx, reference);
    if (session.status === 'pending') {
      const submitted = await store.submitTestSession(tx, reference, identity, identity === 'timeout' ? null : this.options.testDelayMs);
      if (submitted) await store.insertEvent(tx, { request_uuid: session.request_uuid, provider: TEST_PROVIDER, kind: 'started', outcome: 'workflow_submitted', detail: { identity } });
    }
    return returnUrl(session.return_path, session.request_uuid);
  }

  /** Sends the TEST provider's due callbacks through `deliver` (an HTTP request to the shop's callback route). */
  async runDueTestCallbacks(run: Transactions, deliver: (body: string, signature: string) => Promise<number>): Promise<number> {
    const due = await run((tx) => store.claimDueTestSessions(tx, 20));
    for (const session of due) {
      const result = workflowResult(session.identity as TestIdentity, session.date_of_birth);
      if (!result) continue;
      const body = JSON.stringify({ event_id: newEventId(), reference: session.reference, ...result });
      const status = await deliver(body, signPayload(this.options.callbackSecret, body)).catch(() => 599);
      if (status >= 500) await run((tx) => store.retryTestSession(tx, session.reference, 5_000));
    }
    return due.length;
  }

  /** The selling rule (docs/decisions/0012); see age-verification.selling.ts. */
  assertMaySell(tx: Tx, check: SaleCheck): Promise<void> {
    return assertMaySell({ identity: this.identity, catalog: this.catalog, minimumAge: (db, c) => this.minimumAge(db, c) }, tx, check);
  }

  /** The customer's verifications for a data-subject export. */
  exportFor(db: Queryable, userUuid: string) {
    return store.findRequestsForExport(db, userUuid);
  }

  /** Signs a body as the TEST provider does (for tools and tests that stand in for it). */
  signAsTestProvider(body: string, at?: number): string {
    return signPayload(this.options.callbackSecret, body, at);
  }

  private isProviderAvailable(provider: string): boolean {
    // Only the built-in provider exists; LIVE mode needs a real adapter, so TEST methods are not offered there.
    return provider === TEST_PROVIDER && this.options.storeMode === 'TEST';
  }

  private async openTestSession(db: Queryable, reference: string) {
    const session = reference.length <= 64 ? await store.findTestSession(db, reference) : null;
    if (!session) throw new AppError('NOT_FOUND', 'Verification not found');
    return session;
  }

  private async methodFor(db: Queryable, input: StartInput, asynchronous: boolean): Promise<store.MethodRow> {
    const method = await store.findMethod(db, input.country_code.toUpperCase(), input.method_code);
    if (!method || !this.isProviderAvailable(method.provider)) {
      throw new AppError('VALIDATION_FAILED', 'This verification method is not offered in this country', { fields: { method_code: 'unavailable' } });
    }
    if (method.is_async !== asynchronous) {
      throw new AppError('VALIDATION_FAILED', asynchronous ? 'This method runs at once: use verify' : 'This method runs as a workflow: use init-async-verification', { fields: { method_code: 'wrong_flow' } });
    }
    return method;
  }

  private async countAttempt(input: StartInput): Promise<void> {
    const key = input.sessionUuid ?? (input.user_email ?? '').toLowerCase();
    await enforce(this.limiter, [
      { key: `age-verification:ip:${input.ip}`, limit: Math.round(30 * this.options.ipFactor), windowMs: HOUR },
      { key: `age-verification:id:${key}`, limit: 10, windowMs: HOUR },
    ]);
  }

  /** Who is verified: the signed-in account's own data, or (before sign-in) the data given. */
  private async personFor(db: Queryable, input: StartInput, method: store.MethodRow): Promise<Person> {
    if (input.sessionUuid) {
      const facts = await this.identity.ageFacts(db, input.sessionUuid);
      if (!facts) throw new AppError('UNAUTHORISED', 'Sign in to continue');
      if (input.user_email && input.user_email.toLowerCase() !== facts.email.toLowerCase()) {
        throw new AppError('VALIDATION_FAILED', 'The e-mail is not the one of this account', { fields: { user_email: 'mismatch' } });
      }
      if (!facts.date_of_birth) throw new AppError('VALIDATION_FAILED', 'Add your date of birth to your profile first', { fields: { dateOfBirth: 'required' } });
      const person = { user_uuid: facts.uuid, email: facts.email.toLowerCase(), firstname: facts.firstname, lastname: facts.lastname, date_of_birth: facts.date_of_birth };
      // Facts a verification bound change only through a new one: the customer names the new values and the
      // provider must confirm them. The hidden check confirms nothing new, so it only ever checks what the account holds.
      const rebinding = method.kind !== 'hidden';
      if (input.dateOfBirth && input.dateOfBirth !== facts.date_of_birth) {
        if (!facts.date_of_birth_bound || !rebinding) {
          throw new AppError('VALIDATION_FAILED', 'The date of birth is not the one of this account', { fields: { dateOfBirth: 'mismatch' } });
        }
        person.date_of_birth = input.dateOfBirth;
      }
      if (facts.names_bound && rebinding && method.binds_names) {
        person.firstname = input.firstName ?? person.firstname;
        person.lastname = input.lastName ?? person.lastname;
      }
      return person;
    }
    const missing = Object.entries({ user_email: input.user_email, firstName: input.firstName, lastName: input.lastName, dateOfBirth: input.dateOfBirth })
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length) throw new AppError('VALIDATION_FAILED', 'Name, date of birth and e-mail are needed', { fields: Object.fromEntries(missing.map((k) => [k, 'required'])) });
    return { user_uuid: null, email: input.user_email!.toLowerCase(), firstname: input.firstName!, lastname: input.lastName!, date_of_birth: input.dateOfBirth! };
  }

  private async open(tx: Tx, input: StartInput, method: store.MethodRow, person: Person, ttlSeconds: number): Promise<store.RequestRow> {
    if (input.callback !== undefined && !RETURN_PATH.test(input.callback)) {
      throw new AppError('VALIDATION_FAILED', 'callback must be a path of this shop', { fields: { callback: 'invalid' } });
    }
    const previous = input.identity_verification_id ? await store.findRequest(tx, input.identity_verification_id) : null;
    if (input.identity_verification_id && (!previous || previous.user_uuid !== person.user_uuid || previous.email !== person.email)) {
      throw new AppError('NOT_FOUND', 'Verification not found');
    }
    const uuid = randomUUID();
    await store.insertRequest(tx, {
      uuid,
      user_uuid: person.user_uuid,
      email: person.email,
      country_code: method.country_code,
      method_code: method.code,
      provider: method.provider,
      provider_reference: newReference(),
      workflow_name: method.workflow_name,
      firstname: person.firstname,
      lastname: person.lastname,
      date_of_birth: person.date_of_birth,
      minimum_age: await this.minimumAge(tx, method.country_code),
      return_path: input.callback ?? `/${input.store.code}/account#/age-verification`,
      previous_uuid: previous?.uuid ?? null,
      ip: input.ip,
      ttl_seconds: ttlSeconds,
    });
    await store.insertEvent(tx, { request_uuid: uuid, provider: method.provider, kind: 'started', outcome: 'pending', detail: { method_code: method.code } });
    return (await store.findRequest(tx, uuid))!;
  }

  /** The console's review queue: checks in one state (waiting for review by default), oldest first. */
  async reviewQueue(db: Queryable, query: AgeCheckQuery) {
    const { rows, total } = await store.listForReview(db, {
      status: query.status, country: query.country, q: query.q, limit: query.page_size, offset: (query.page - 1) * query.page_size,
    });
    return { items: rows.map(reviewRow), page_info: { page: query.page, page_size: query.page_size, total } };
  }

  /** One check as a reviewer sees it: the claimed person, the market's minimum age and every event. */
  async reviewDetail(db: Queryable, uuid: string): Promise<AgeCheckDetail> {
    const request = await store.findRequest(db, uuid);
    if (!request) throw new AppError('ENTITY_NOT_FOUND', 'Age check not found');
    const events = await store.findEvents(db, uuid);
    return {
      ...reviewRow(request),
      firstname: request.firstname, lastname: request.lastname, date_of_birth: request.date_of_birth,
      verified_date_of_birth: request.verified_date_of_birth, minimum_age: request.minimum_age,
      age_today: ageOn(request.verified_date_of_birth ?? request.date_of_birth),
      events: events.map((e) => ({ kind: e.kind, outcome: e.outcome, detail: e.detail, created_at: e.created_at.toISOString() })),
    };
  }

  /**
   * A reviewer's verdict on a check waiting for review. Approval confirms a date of birth (the
   * claimed one unless the reviewer read another) and is refused for anyone under the market's
   * minimum age; the account is then verified exactly as by a provider. Answers the check before
   * and after, for the audit log.
   */
  async review(tx: Tx, uuid: string, body: AgeCheckDecisionBody, reviewer: string): Promise<{ before: AgeCheckDetail; after: AgeCheckDetail }> {
    const request = await store.lockRequest(tx, uuid);
    if (!request) throw new AppError('ENTITY_NOT_FOUND', 'Age check not found');
    const before = await this.reviewDetail(tx, uuid);
    if (request.status !== 'needs_review') {
      throw new AppError('OPERATION_NOT_ALLOWED', `Only a check waiting for review can be decided; this one is ${request.status}`, { status: request.status });
    }
    const dob = body.decision === 'verified' ? (body.date_of_birth ?? request.date_of_birth) : null;
    if (dob && ageOn(dob) < request.minimum_age) {
      throw new AppError('OPERATION_NOT_ALLOWED', `The person is under the market's minimum age of ${request.minimum_age}`, { minimum_age: request.minimum_age });
    }
    const reason = body.decision === 'verified' ? 'manual_review' : 'manual_review_rejected';
    await store.completeRequest(tx, uuid, { status: body.decision, reason, verified_date_of_birth: dob });
    await store.insertEvent(tx, { request_uuid: uuid, provider: request.provider, kind: 'result', outcome: body.decision, detail: { reviewed_by: reviewer, note: body.reason } });
    if (body.decision === 'verified' && request.user_uuid) {
      await this.identity.recordAgeVerification(tx, request.user_uuid, true, await this.confirmedFacts(tx, { ...request, verified_date_of_birth: dob }));
    }
    return { before, after: await this.reviewDetail(tx, uuid) };
  }

  /** Turns a provider's answer into the request's result; the shop's own age rule has the last word. */
  private async applyResult(tx: Tx, request: store.RequestRow, result: ProviderResult, detail: Record<string, unknown> = {}): Promise<string> {
    let { outcome, reason } = result;
    const dob = result.date_of_birth;
    if (outcome === 'verified') {
      const facts = request.user_uuid ? await this.identity.ageFacts(tx, request.user_uuid) : null;
      if (!dob) [outcome, reason] = ['needs_review', 'no_date_of_birth'];
      else if (ageOn(dob) < request.minimum_age) [outcome, reason] = ['rejected', 'under_age'];
      // The provider must confirm the date of birth the request named: the account's, or the new one a re-verification claims.
      else if (facts && request.date_of_birth !== dob) [outcome, reason] = ['needs_review', 'date_of_birth_mismatch'];
    }
    const changed = await store.completeRequest(tx, request.uuid, { status: outcome, reason, verified_date_of_birth: outcome === 'verified' ? dob : null });
    if (!changed) return request.status;
    await store.insertEvent(tx, { request_uuid: request.uuid, provider: request.provider, kind: 'result', outcome, detail: { ...detail, reason, provider_outcome: result.outcome } });
    if (outcome === 'verified' && request.user_uuid) {
      await this.identity.recordAgeVerification(tx, request.user_uuid, true, await this.confirmedFacts(tx, { ...request, verified_date_of_birth: dob }));
    }
    return outcome;
  }

  /** What a verified check binds on the account: its date of birth, and the names where the method confirms them. */
  private async confirmedFacts(db: Queryable, r: Pick<store.RequestRow, 'country_code' | 'method_code' | 'verified_date_of_birth' | 'firstname' | 'lastname'>) {
    return {
      date_of_birth: r.verified_date_of_birth!, firstname: r.firstname, lastname: r.lastname,
      bindsNames: await store.methodBindsNames(db, r.country_code, r.method_code),
    };
  }
}

/** Where the provider sends the customer back: the storefront path given at the start, naming the verification. */
export function returnUrl(returnPath: string | null, uuid: string): string {
  const base = returnPath ?? '/';
  return `${base}${base.includes('?') ? '&' : '?'}verification=${uuid}`;
}

function reviewRow(r: store.RequestRow) {
  return {
    uuid: r.uuid, status: r.status, reason: r.reason, country_code: r.country_code, method_code: r.method_code, provider: r.provider,
    customer_uuid: r.user_uuid, email: r.email, created_at: new Date(r.created_at).toISOString(), completed_at: r.completed_at ? new Date(r.completed_at).toISOString() : null,
  };
}
