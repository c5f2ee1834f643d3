import { DEFAULT_REQUEST_TIMEOUT_MS, type LeadConfirmation } from '@ember/contracts';
import { contract, restCall, type RestService } from './rest';

/** The leads service (`/api/leads`): the only code that calls it. */

export class LeadsApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: string | undefined) {
    super(message);
    this.name = 'LeadsApiError';
  }
}

const LEADS: RestService = {
  name: 'leads',
  timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS,
  fail: ({ status, code, message }) => new LeadsApiError(message, status, code),
};

export type { LeadConfirmation };

/** Confirms the consents a lead asked for with the token of the e-mailed link; the same answer every time once confirmed. */
export const confirmLead = (store: string, token: string) =>
  restCall(LEADS, `/api/leads/consents/validate/${encodeURIComponent(token)}`, { store, method: 'POST', schema: contract('LeadConfirmationSchema') });
