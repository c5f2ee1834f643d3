import { DEFAULT_REQUEST_TIMEOUT_MS, type Trial } from '@ember/contracts';
import { contract, restCall, type ContractSource, type RestMethod, type RestService } from './rest';

/**
 * The trial service (`/api/trials`): the only code that calls it. Same-origin calls with the session
 * cookie; the server answers only for the session's own trials.
 */

export type { Trial };

export class TrialsApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: string) {
    super(message);
    this.name = 'TrialsApiError';
  }
}

const TRIALS: RestService = {
  name: 'trial',
  timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS,
  fail: ({ status, code, message }) => new TrialsApiError(message, status, status === 0 ? 'SERVICE_UNAVAILABLE' : code ?? 'INTERNAL'),
};

function call<T>(path: string, store: string, schema: ContractSource<T>, init: { method?: RestMethod; body?: unknown } = {}): Promise<T> {
  return restCall(TRIALS, path, { store, schema, method: init.method, body: init.body });
}

export const fetchTrialPrograms = async (store: string) => (await call('/api/trials/programs', store, contract('TrialProgramListSchema'))).programs;

/** Whether the customer may have the programme's trial; any failure counts as "no" and is not retried (spec §7). */
export async function isTrialEligible(store: string, program: string, consumer: string): Promise<boolean> {
  try {
    const answer = await call(`/api/trials/is-eligible/${encodeURIComponent(program)}/${encodeURIComponent(consumer)}`, store, contract('TrialEligibilitySchema'));
    return answer.is_eligible;
  } catch {
    return false;
  }
}

export async function fetchTrials(store: string): Promise<Trial[]> {
  return (await call('/api/trials/user', store, contract('TrialListSchema'))).trials;
}

export const returnTrial = (store: string, id: string, reason: string) =>
  call(`/api/trials/${encodeURIComponent(id)}/return`, store, contract('TrialSchema'), { method: 'PUT', body: { reason } });
