import { z } from 'zod';

/**
 * Wire contracts of the quizzes service (`/api/quizzes/...`): a quiz read in the store view's
 * language, a guest's scoring that keeps nothing, and a customer's kept submissions (spec §7
 * "Quizzes": `GET` and `POST /api/quizzes/by-user/{userUuid}`).
 */

/** A quiz, question or answer code: lower-case words joined by hyphens (`flavor-finder`, `strength`). */
const CodeSchema = z.string().regex(/^[a-z][a-z0-9-]{0,47}$/, 'must be a quiz code');

/** How many answers a submission may carry: more than any quiz has questions is refused by the service. */
export const QUIZ_MAX_ANSWERS = 20;

export const QuizParamsSchema = z.strictObject({ code: CodeSchema });
export const QuizUserParamsSchema = z.strictObject({ userUuid: z.uuid() });

/** One chosen answer: the question's code and the code of one of its answers. */
export const QuizAnswerInputSchema = z.strictObject({ question: CodeSchema, answer: CodeSchema });
export type QuizAnswerInput = z.infer<typeof QuizAnswerInputSchema>;

const AnswersSchema = z.array(QuizAnswerInputSchema).min(1).max(QUIZ_MAX_ANSWERS);

/** `POST /api/quizzes/{code}/results`: a guest's answers, scored and kept nowhere. */
export const QuizScoreBodySchema = z.strictObject({ answers: AnswersSchema });
export type QuizScoreBody = z.infer<typeof QuizScoreBodySchema>;

/** `POST /api/quizzes/by-user/{userUuid}`: the customer's answers to a quiz, scored and kept. */
export const QuizSubmissionBodySchema = z.strictObject({ quiz: CodeSchema, answers: AnswersSchema });
export type QuizSubmissionBody = z.infer<typeof QuizSubmissionBodySchema>;

/** `GET /api/quizzes/by-user/{userUuid}?quiz=`: the customer's kept submissions, of one quiz when named. */
export const QuizSubmissionListQuerySchema = z.strictObject({ quiz: CodeSchema.optional() });

/** `GET /api/quizzes/{code}`: the quiz in the store view's language. */
export const QuizSchema = z.object({
  code: z.string(),
  title: z.string(),
  intro: z.string(),
  questions: z.array(z.object({
    code: z.string(),
    text: z.string(),
    answers: z.array(z.object({ code: z.string(), text: z.string() })),
  })),
});
export type Quiz = z.infer<typeof QuizSchema>;

/** A product of the recommended flavour that the store view sells. */
export const QuizProductSchema = z.object({ sku: z.string(), url_key: z.string(), name: z.string() });

/** One recommended flavour, best first: its catalogue code and label, its score and a product sold in the store view. */
export const QuizResultSchema = z.object({
  flavor: z.string(),
  label: z.string(),
  swatch: z.string().nullable(),
  score: z.number().int(),
  product: QuizProductSchema,
});
export type QuizResult = z.infer<typeof QuizResultSchema>;

/** A question as it was asked, with the words of the answer chosen (null when it was left unanswered). */
export const QuizAskedQuestionSchema = z.object({
  code: z.string(),
  text: z.string(),
  answer: z.object({ code: z.string(), text: z.string() }).nullable(),
});

/** The answer to a guest's scoring: the results, and the questions with the answers as given. */
export const QuizScoredSchema = z.object({
  quiz: z.string(),
  results: z.array(QuizResultSchema),
  questions: z.array(QuizAskedQuestionSchema),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type QuizScored = z.infer<typeof QuizScoredSchema>;

/** A customer's kept submission (spec §3 "Quiz submission: answers, results, questions"). */
export const QuizSubmissionSchema = QuizScoredSchema.extend({
  id: z.string(),
  store_code: z.string(),
  submitted_at: z.string(),
});
export type QuizSubmission = z.infer<typeof QuizSubmissionSchema>;

export const QuizSubmissionListSchema = z.object({ submissions: z.array(QuizSubmissionSchema) });
export type QuizSubmissionList = z.infer<typeof QuizSubmissionListSchema>;
