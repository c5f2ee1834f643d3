import { DEFAULT_REQUEST_TIMEOUT_MS, type Quiz, type QuizAnswerInput, type QuizScored, type QuizSubmission } from '@ember/contracts';
import type { ServerTarget } from './load-context';
import { contract, restCall, type RestService } from './rest';

/** The quizzes service (`/api/quizzes`): the only code that calls it. */

export type { Quiz, QuizAnswerInput, QuizScored, QuizSubmission };

export class QuizzesApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: string) {
    super(message);
    this.name = 'QuizzesApiError';
  }
}

const QUIZZES: RestService = {
  name: 'quizzes',
  timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS,
  fail: ({ status, code, message }) => new QuizzesApiError(message, status, status === 0 ? 'SERVICE_UNAVAILABLE' : code ?? 'INTERNAL'),
};

/** The flavour finder's quiz code. */
export const FLAVOR_FINDER = 'flavor-finder';

/** A quiz in the store view's language; null when the shop has none by that code. */
export async function fetchQuiz(store: string, code: string, server?: ServerTarget): Promise<Quiz | null> {
  try {
    return await restCall(QUIZZES, `/api/quizzes/${encodeURIComponent(code)}`, { store, server, schema: contract('QuizSchema') });
  } catch (error) {
    if (error instanceof QuizzesApiError && error.status === 404) return null;
    throw error;
  }
}

/** A guest's answers scored; the shop keeps nothing of them. */
export const scoreQuiz = (store: string, code: string, answers: QuizAnswerInput[]) =>
  restCall(QUIZZES, `/api/quizzes/${encodeURIComponent(code)}/results`, { store, method: 'POST', body: { answers }, schema: contract('QuizScoredSchema') });

/** A signed-in customer's answers scored and kept, to be shown again later. */
export const submitQuiz = (store: string, userUuid: string, code: string, answers: QuizAnswerInput[]) =>
  restCall(QUIZZES, `/api/quizzes/by-user/${encodeURIComponent(userUuid)}`, {
    store, method: 'POST', body: { quiz: code, answers }, schema: contract('QuizSubmissionSchema'),
  });

/** The customer's kept submissions of a quiz, newest first. */
export async function fetchSubmissions(store: string, userUuid: string, code: string): Promise<QuizSubmission[]> {
  const answer = await restCall(QUIZZES, `/api/quizzes/by-user/${encodeURIComponent(userUuid)}?quiz=${encodeURIComponent(code)}`, {
    store, schema: contract('QuizSubmissionListSchema'),
  });
  return answer.submissions;
}
