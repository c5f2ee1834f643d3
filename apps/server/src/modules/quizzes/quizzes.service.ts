import { randomUUID } from 'node:crypto';
import type { Quiz, QuizAnswerInput, QuizResult, QuizScored, QuizSubmission } from '@ember/contracts';
import type { Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { StoreView } from '../store/store.service.js';
import { scoreQuiz, type FlavorScore, type ScoringQuiz } from './quizzes.scoring.js';
import {
  deleteSubmissionsOf, findFlavors, findQuizAnswers, findQuizHead, findSubmissions, insertSubmission, trimSubmissions,
  type StoredQuestion, type SubmissionRow,
} from './quizzes.store.js';

/** How many flavours a result recommends. */
export const RECOMMENDATIONS = 3;
/** How many submissions of a quiz a customer keeps: older ones are dropped when a new one is kept. */
export const KEPT_SUBMISSIONS = 10;

/** A quiz loaded in one language: what the page shows and what scoring needs. */
interface LoadedQuiz {
  quiz: Quiz;
  scoring: ScoringQuiz;
}

/** A scored submission before it is kept or shown: flavours with their scores, the questions as asked. */
export interface Scored {
  quiz: string;
  answers: QuizAnswerInput[];
  questions: StoredQuestion[];
  scores: FlavorScore[];
}

export class QuizzesService {
  constructor(private readonly db: Reader, private readonly deps: { catalog: CatalogService }) {}

  /** A quiz in the store view's language (English where a word is missing); NOT_FOUND for an unknown code. */
  async quiz(db: Reader, view: StoreView, code: string): Promise<Quiz> {
    return (await this.load(db, view, code)).quiz;
  }

  /**
   * Scores answers to a quiz without keeping anything: the flavours that scored, best first, and the
   * questions with the words of the answers chosen. Wrong answers are VALIDATION_FAILED (scoreQuiz).
   */
  async score(db: Reader, view: StoreView, code: string, answers: QuizAnswerInput[]): Promise<Scored> {
    const { quiz, scoring } = await this.load(db, view, code);
    const flavors = await findFlavors(db, view.language);
    const scores = scoreQuiz(scoring, answers, flavors.map((f) => f.code));
    const chosen = new Map(answers.map((a) => [a.question, a.answer]));
    const questions = quiz.questions.map((q) => {
      const answer = q.answers.find((a) => a.code === chosen.get(q.code));
      return { code: q.code, text: q.text, answer: answer ? { code: answer.code, text: answer.text } : null };
    });
    return { quiz: code, answers: answers.map((a) => ({ question: a.question, answer: a.answer })), questions, scores };
  }

  /** Keeps a customer's scored submission in the caller's transaction; only the newest KEPT_SUBMISSIONS of a quiz stay. */
  async keep(tx: Tx, view: StoreView, userUuid: string, scored: Scored): Promise<SubmissionRow> {
    const row = await insertSubmission(tx, {
      id: randomUUID(), user_uuid: userUuid, quiz_code: scored.quiz, store_code: view.code,
      answers: scored.answers, questions: scored.questions, results: scored.scores,
    });
    trimSubmissions(tx, userUuid, scored.quiz, KEPT_SUBMISSIONS);
    return row;
  }

  /** A scoring as the guest route answers it: the best flavours the store view sells, each with a product. */
  async present(view: StoreView, scored: Scored): Promise<QuizScored> {
    return {
      quiz: scored.quiz, answers: scored.answers, questions: scored.questions,
      results: await this.recommend(view, scored.scores),
    };
  }

  /** A kept submission as the customer sees it now: its flavours with products the store view sells today. */
  async presentSubmission(view: StoreView, row: SubmissionRow): Promise<QuizSubmission> {
    return {
      id: row.id, quiz: row.quiz_code, store_code: row.store_code, submitted_at: row.submitted_at.toISOString(),
      answers: row.answers, questions: row.questions, results: await this.recommend(view, row.results),
    };
  }

  /** The customer's kept submissions, newest first, of one quiz when named. */
  async list(db: Reader, view: StoreView, userUuid: string, quizCode: string | null): Promise<QuizSubmission[]> {
    const rows = await findSubmissions(db, userUuid, quizCode, KEPT_SUBMISSIONS);
    return Promise.all(rows.map((r) => this.presentSubmission(view, r)));
  }

  /** The customer's submissions for the data export, with the questions as they were asked. */
  async exportFor(db: Reader, userUuid: string): Promise<unknown[]> {
    const rows = await findSubmissions(db, userUuid, null, 1000);
    return rows.map((r) => ({
      quiz: r.quiz_code, store_code: r.store_code, submitted_at: r.submitted_at.toISOString(),
      questions: r.questions, results: r.results,
    }));
  }

  async eraseFor(tx: Tx, userUuid: string): Promise<void> {
    await deleteSubmissionsOf(tx, userUuid);
  }

  /**
   * The best RECOMMENDATIONS flavours of `scores` that the store view sells, each with its first
   * product in merchandising order (the pack before the carton); a flavour with no product there is passed over.
   */
  private async recommend(view: StoreView, scores: { flavor: string; score: number }[]): Promise<QuizResult[]> {
    if (scores.length === 0) return [];
    const [flavors, found] = await Promise.all([
      findFlavors(this.db, view.language),
      this.deps.catalog.search(view, {
        flavors: scores.map((s) => s.flavor), visibleOnly: true, sort: { field: 'position', dir: 'ASC' }, limit: 200, offset: 0,
      }),
    ]);
    const flavorOf = new Map(flavors.map((f) => [f.code, f]));
    const firstProduct = new Map<string, { sku: string; url_key: string; name: string }>();
    for (const p of found.items) {
      if (p.flavor && p.type_id === 'simple' && !p.is_subscription && !firstProduct.has(p.flavor)) firstProduct.set(p.flavor, { sku: p.sku, url_key: p.url_key, name: p.name });
    }
    const results: QuizResult[] = [];
    for (const s of scores) {
      const product = firstProduct.get(s.flavor);
      const flavor = flavorOf.get(s.flavor);
      if (!product || !flavor) continue;
      results.push({ flavor: s.flavor, label: flavor.label, swatch: flavor.swatch, score: s.score, product });
      if (results.length === RECOMMENDATIONS) break;
    }
    return results;
  }

  private async load(db: Reader, view: StoreView, code: string): Promise<LoadedQuiz> {
    const [head, rows] = await Promise.all([findQuizHead(db, code, view.language), findQuizAnswers(db, code, view.language)]);
    if (!head) throw new AppError('NOT_FOUND', 'Quiz not found');
    const questions: Quiz['questions'] = [];
    const scoring: ScoringQuiz = { questions: [] };
    for (const r of rows) {
      let q = questions[questions.length - 1];
      if (!q || q.code !== r.question_code) {
        q = { code: r.question_code, text: r.question_text, answers: [] };
        questions.push(q);
        scoring.questions.push({ code: r.question_code, answers: [] });
      }
      q.answers.push({ code: r.code, text: r.text });
      scoring.questions[scoring.questions.length - 1]!.answers.push({ code: r.code, weights: r.weights });
    }
    return { quiz: { code: head.code, title: head.title, intro: head.intro, questions }, scoring };
  }
}
