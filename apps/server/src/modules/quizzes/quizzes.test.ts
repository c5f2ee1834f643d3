import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { scoreQuiz, type ScoringQuiz } from './quizzes.scoring.js';

const QUIZ: ScoringQuiz = {
  questions: [
    { code: 'strength', answers: [{ code: 'light', weights: { frost: 3, citrus: 2, sienna: -2 } }, { code: 'strong', weights: { sienna: 3, teak: 2 } }] },
    { code: 'taste', answers: [{ code: 'fresh', weights: { mint: 3, frost: 1 } }, { code: 'fruity', weights: { citrus: 2, berry: 3 } }] },
    { code: 'style', answers: [{ code: 'classic', weights: { amber: 2, teak: 2 } }, { code: 'none', weights: {} }] },
  ],
};
const ORDER = ['amber', 'teak', 'turquoise', 'sienna', 'bronze', 'mint', 'frost', 'citrus', 'berry'];

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('scoreQuiz', () => {
  it('adds the weights of every chosen answer and ranks the flavours best first', () => {
    expect(scoreQuiz(QUIZ, [{ question: 'strength', answer: 'light' }, { question: 'taste', answer: 'fruity' }], ORDER)).toEqual([
      { flavor: 'citrus', score: 4 },
      { flavor: 'frost', score: 3 },
      { flavor: 'berry', score: 3 },
    ]);
  });

  it('leaves out flavours whose score is zero or below', () => {
    const scores = scoreQuiz(QUIZ, [{ question: 'strength', answer: 'light' }], ORDER);
    expect(scores.map((s) => s.flavor)).toEqual(['frost', 'citrus']);
    expect(scores.some((s) => s.flavor === 'sienna')).toBe(false);
  });

  it('breaks equal scores by the catalogue order of the blends, whatever the order of answers or weights', () => {
    const a = scoreQuiz(QUIZ, [{ question: 'strength', answer: 'strong' }, { question: 'style', answer: 'classic' }], ORDER);
    const b = scoreQuiz(QUIZ, [{ question: 'style', answer: 'classic' }, { question: 'strength', answer: 'strong' }], ORDER);
    // teak 4, then sienna 3; amber 2
    expect(a).toEqual([{ flavor: 'teak', score: 4 }, { flavor: 'sienna', score: 3 }, { flavor: 'amber', score: 2 }]);
    expect(b).toEqual(a);
    // Three flavours tie: the one earlier in the catalogue comes first.
    const tie = scoreQuiz({ questions: [{ code: 'q', answers: [{ code: 'a', weights: { berry: 1, frost: 1, amber: 1 } }] }] }, [{ question: 'q', answer: 'a' }], ORDER);
    expect(tie.map((s) => s.flavor)).toEqual(['amber', 'frost', 'berry']);
  });

  it('breaks ties among flavours the order does not name by their code', () => {
    const tie = scoreQuiz({ questions: [{ code: 'q', answers: [{ code: 'a', weights: { zeta: 1, alpha: 1, amber: 1 } }] }] }, [{ question: 'q', answer: 'a' }], ORDER);
    expect(tie.map((s) => s.flavor)).toEqual(['amber', 'alpha', 'zeta']);
  });

  it('scores unanswered questions as nothing', () => {
    expect(scoreQuiz(QUIZ, [{ question: 'taste', answer: 'fresh' }], ORDER)).toEqual([{ flavor: 'mint', score: 3 }, { flavor: 'frost', score: 1 }]);
    expect(scoreQuiz(QUIZ, [{ question: 'style', answer: 'none' }], ORDER)).toEqual([]);
  });

  it('refuses an answer that does not belong to its question', () => {
    const e = refusal(() => scoreQuiz(QUIZ, [{ question: 'strength', answer: 'fruity' }], ORDER));
    expect(e.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a question the quiz does not have', () => {
    expect(refusal(() => scoreQuiz(QUIZ, [{ question: 'colour', answer: 'light' }], ORDER)).code).toBe('VALIDATION_FAILED');
  });

  it('refuses a question answered twice', () => {
    const e = refusal(() => scoreQuiz(QUIZ, [{ question: 'strength', answer: 'light' }, { question: 'strength', answer: 'strong' }], ORDER));
    expect(e.code).toBe('VALIDATION_FAILED');
  });
});
