import type { Queryable, Tx } from '../../platform/db.js';

/** The only SQL on the quizzes tables (quizzes_quiz, _question, _answer, their texts and weights, quizzes_submission). */

export interface QuizHeadRow {
  code: string;
  title: string;
  intro: string;
}

export interface QuizAnswerRow {
  question_code: string;
  question_text: string;
  code: string;
  text: string;
  /** What choosing it adds to each flavour's score. */
  weights: Record<string, number>;
}

export interface StoredQuestion {
  code: string;
  text: string;
  answer: { code: string; text: string } | null;
}

export interface SubmissionRow {
  id: string;
  quiz_code: string;
  store_code: string;
  answers: { question: string; answer: string }[];
  questions: StoredQuestion[];
  results: { flavor: string; score: number }[];
  submitted_at: Date;
}

/** A quiz's title and introduction in `language`, else in English; null for a quiz that does not exist. */
export async function findQuizHead(q: Queryable, code: string, language: string): Promise<QuizHeadRow | null> {
  const { rows } = await q.query<QuizHeadRow>(
    `SELECT z.code, t.title, t.intro
       FROM quizzes_quiz z
       JOIN LATERAL (SELECT title, intro FROM quizzes_quiz_text
                      WHERE quiz_code = z.code AND language IN ($2, 'en')
                      ORDER BY language = $2 DESC LIMIT 1) t ON true
      WHERE z.code = $1`,
    [code, language],
  );
  return rows[0] ?? null;
}

/**
 * Every answer of a quiz with its question, in question then answer order, their words in
 * `language` (else English) and their flavour weights, in one statement.
 */
export async function findQuizAnswers(q: Queryable, code: string, language: string): Promise<QuizAnswerRow[]> {
  const { rows } = await q.query<QuizAnswerRow>(
    `SELECT a.question_code,
            (SELECT text FROM quizzes_question_text t WHERE t.quiz_code = a.quiz_code AND t.question_code = a.question_code
               AND t.language IN ($2, 'en') ORDER BY t.language = $2 DESC LIMIT 1) AS question_text,
            a.code,
            (SELECT text FROM quizzes_answer_text t WHERE t.quiz_code = a.quiz_code AND t.question_code = a.question_code
               AND t.answer_code = a.code AND t.language IN ($2, 'en') ORDER BY t.language = $2 DESC LIMIT 1) AS text,
            COALESCE((SELECT jsonb_object_agg(w.flavor, w.weight) FROM quizzes_answer_weight w
                       WHERE w.quiz_code = a.quiz_code AND w.question_code = a.question_code AND w.answer_code = a.code), '{}'::jsonb) AS weights
       FROM quizzes_answer a
       JOIN quizzes_question qn ON qn.quiz_code = a.quiz_code AND qn.code = a.question_code
      WHERE a.quiz_code = $1
      ORDER BY qn.position, a.position`,
    [code, language],
  );
  return rows;
}

/** The catalogue's blends in their display order, with labels in `language`: scoring breaks ties by this order. */
export async function findFlavors(q: Queryable, language: string): Promise<{ code: string; label: string; swatch: string | null }[]> {
  const { rows } = await q.query<{ code: string; label: string; swatch: string | null }>(
    `SELECT f.code, COALESCE(l.label, f.code) AS label, f.swatch_hex AS swatch
       FROM catalog_flavor f
       LEFT JOIN catalog_option_label l ON l.kind = 'flavor' AND l.code = f.code AND l.language = $1
      ORDER BY f.position, f.code`,
    [language],
  );
  return rows;
}

export async function insertSubmission(tx: Tx, s: Omit<SubmissionRow, 'submitted_at'> & { user_uuid: string }): Promise<SubmissionRow> {
  const { rows } = await tx.query<SubmissionRow>(
    `INSERT INTO quizzes_submission (id, user_uuid, quiz_code, store_code, answers, questions, results)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb)
     RETURNING id::text AS id, quiz_code, store_code, answers, questions, results, submitted_at`,
    [s.id, s.user_uuid, s.quiz_code, s.store_code, JSON.stringify(s.answers), JSON.stringify(s.questions), JSON.stringify(s.results)],
  );
  return rows[0]!;
}

/** Deletes a customer's submissions of a quiz beyond the newest `keep`. */
export function trimSubmissions(tx: Tx, userUuid: string, quizCode: string, keep: number): void {
  tx.defer(
    `DELETE FROM quizzes_submission WHERE id IN (
       SELECT id FROM quizzes_submission WHERE user_uuid = $1 AND quiz_code = $2
        ORDER BY submitted_at DESC, id DESC OFFSET $3)`,
    [userUuid, quizCode, keep],
  );
}

/** A customer's submissions, newest first, of one quiz when named. */
export async function findSubmissions(q: Queryable, userUuid: string, quizCode: string | null, limit: number): Promise<SubmissionRow[]> {
  const { rows } = await q.query<SubmissionRow>(
    `SELECT id::text AS id, quiz_code, store_code, answers, questions, results, submitted_at
       FROM quizzes_submission
      WHERE user_uuid = $1 AND ($2::text IS NULL OR quiz_code = $2)
      ORDER BY submitted_at DESC, id DESC
      LIMIT $3`,
    [userUuid, quizCode, limit],
  );
  return rows;
}

export async function deleteSubmissionsOf(tx: Tx, userUuid: string): Promise<void> {
  await tx.query('DELETE FROM quizzes_submission WHERE user_uuid = $1', [userUuid]);
}
