import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import * as store from './forms.store.js';
import type { FormChannel, FormType } from './forms.store.js';
import { requireTx } from '../../platform/transaction.js';

export type { FormChannel, FormType } from './forms.store.js';

/** Largest payload kept, as UTF-8 JSON; the database enforces the same bound. */
export const MAX_PAYLOAD_BYTES = 16_384;

export interface SubmissionInput {
  type: FormType;
  channel: FormChannel;
  payload: Record<string, unknown>;
  collection_point_token?: string;
  consent_purposes: string[];
  data_subject?: Record<string, string>;
}

export interface SubmissionContext {
  /** The signed-in customer the submission belongs to (from the session only), or null for anonymous data. */
  account: { uuid: string; email: string } | null;
  storeCode: string;
  language: string;
  ip: string | null;
}

/** The short reference a customer quotes when writing back about a submission. */
export function formReference(uuid: string): string {
  return `F-${uuid.slice(0, 8).toUpperCase()}`;
}

/** Contact, complaint and feedback forms: stored with their validated payload and acknowledged by e-mail in the same transaction. */
export class FormsService {
  constructor(
    private readonly db: Reader,
    private readonly messaging: MessagingService,
    /** Purpose ids among these that do not exist (owned by the consents module). */
    private readonly unknownPurposes: (reader: Reader, ids: string[]) => Promise<string[]>,
  ) {}

  /** Stores a submission and queues its acknowledgement to the account's address, or the data subject's when anonymous. */
  async submit(tx: Tx, input: SubmissionInput, ctx: SubmissionContext) {
    requireTx(tx);
    if (Buffer.byteLength(JSON.stringify(input.payload)) > MAX_PAYLOAD_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The form payload is larger than ${MAX_PAYLOAD_BYTES} bytes`);
    }
    const purposes = [...new Set(input.consent_purposes)];
    const unknown = purposes.length ? await this.unknownPurposes(tx, purposes) : [];
    if (unknown.length) throw new AppError('VALIDATION_FAILED', 'Unknown consent purposes', { fields: { consent_purposes: unknown } });
    const recipient = ctx.account?.email ?? input.data_subject?.email ?? null;
    if (!recipient) {
      throw new AppError('VALIDATION_FAILED', 'An e-mail address to answer to is required', { fields: { 'data_subject.email': 'required' } });
    }
    const uuid = randomUUID();
    const reference = formReference(uuid);
    const { created_at } = await store.insertSubmission(tx, {
      uuid, type: input.type, channel: input.channel, user_uuid: ctx.account?.uuid ?? null, email: recipient,
      data_subject: input.data_subject ?? null, payload: input.payload, collection_point_token: input.collection_point_token ?? null,
      consent_purposes: purposes, store_code: ctx.storeCode, language: ctx.language,
      ip: ctx.ip && isIP(ctx.ip) ? ctx.ip : null,
    });
    await this.messaging.enqueue(tx, {
      channel: 'email', recipient, template: 'form_acknowledgement', language: ctx.language,
      params: { reference, complaint: input.type === 'COMPLAINT' },
    });
    return { uuid, reference, type: input.type, created_at: created_at.toISOString() };
  }

  /** Whether the customer has ever filed a complaint while signed in. */
  hasComplaints(userUuid: string): Promise<boolean> {
    return store.hasSubmissionOfType(this.db, userUuid, 'COMPLAINT');
  }

  /** The customer's submissions, for a data-subject export. */
  async exportFor(userUuid: string) {
    return (await store.findSubmissionsOf(this.db, userUuid)).map((s) => ({ ...s, reference: formReference(s.uuid), created_at: s.created_at.toISOString() }));
  }

  /** Anonymises the customer's submissions inside the cancellation transaction; type, channel and time stay for statistics. */
  anonymiseFor(tx: Tx, userUuid: string, emails: string[]): Promise<number> {
    return store.anonymiseSubmissions(tx, userUuid, emails);
  }
}
