import type { QuizAnswerInput } from '@ember/contracts';
import { AppError } from '../../platform/errors.js';

/** A quiz as scoring sees it: its questions in order, each answer with what it adds to each flavour. */
export interface ScoringQuiz {
  questions: { code: string; answers: { code: string; weights: Record<string, number> }[] }[];
}

export interface FlavorScore {
  flavor: string;
  score: number;
}

/**
 * Scores a quiz's answers (pure: no I/O, no clock). Every chosen answer adds its weights to the
 * flavours it names; a question left unanswered adds nothing. An answer to a question the quiz does
 * not have, one that is not an answer of its question, or a question answered twice is
 * VALIDATION_FAILED. The flavours that scored above zero come back best first; equal scores keep
 * `flavorOrder` (the catalogue's order of the blends), then the code, so the same answers always
 * recommend the same blends in the same order.
 */
export function scoreQuiz(quiz: ScoringQuiz, answers: readonly QuizAnswerInput[], flavorOrder: readonly string[]): FlavorScore[] {
  const questions = new Map(quiz.questions.map((q) => [q.code, q]));
  const seen = new Set<string>();
  const totals = new Map<string, number>();
  for (const { question, answer } of answers) {
    const q = questions.get(question);
    if (!q) throw new AppError('VALIDATION_FAILED', `The quiz has no question ${question}`);
    if (seen.has(question)) throw new AppError('VALIDATION_FAILED', `The question ${question} is answered twice`);
    seen.add(question);
    const a = q.answers.find((x) => x.code === answer);
    if (!a) throw new AppError('VALIDATION_FAILED', `${answer} is not an answer to ${question}`);
    for (const [flavor, weight] of Object.entries(a.weights)) totals.set(flavor, (totals.get(flavor) ?? 0) + weight);
  }
  const rank = (flavor: string) => {
    const i = flavorOrder.indexOf(flavor);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...totals]
    .filter(([, score]) => score > 0)
    .map(([flavor, score]) => ({ flavor, score }))
    .sort((a, b) => b.score - a.score || rank(a.flavor) - rank(b.flavor) || (a.flavor < b.flavor ? -1 : a.flavor > b.flavor ? 1 : 0));
}
