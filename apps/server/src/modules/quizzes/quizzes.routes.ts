import {
  QuizParamsSchema, QuizSchema, QuizScoreBodySchema, QuizScoredSchema, QuizSubmissionBodySchema, QuizSubmissionListQuerySchema,
  QuizSubmissionListSchema, QuizSubmissionSchema, QuizUserParamsSchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { publicAnswer, restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { requireOwner } from '../identity/identity.auth.js';
import { quizLimits } from './quizzes.limits.js';

const tags = ['quizzes'];

/**
 * `/api/quizzes` (spec §7 "Quizzes"): a quiz in the store view's language, a guest's scoring that
 * keeps nothing, and the session customer's kept submissions (another customer's uuid answers 404).
 */
export async function quizRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { quizzes, identity, stores, limiter } = opts.services;
  const limits = quizLimits(limiter, scope.config.RATE_LIMIT_IP_FACTOR);

  app.get('/by-user/:userUuid', { schema: { tags, params: QuizUserParamsSchema, querystring: QuizSubmissionListQuerySchema, response: { 200: QuizSubmissionListSchema } } }, async (request) => {
    const session = await requireOwner(identity, request, request.params.userUuid);
    const view = await stores.forRequest(request);
    return { submissions: await quizzes.list(app.db, view, session.uuid, request.query.quiz ?? null) };
  });

  app.post('/by-user/:userUuid', { schema: { tags, params: QuizUserParamsSchema, body: QuizSubmissionBodySchema, response: { 201: QuizSubmissionSchema } } }, async (request, reply) => {
    const session = await requireOwner(identity, request, request.params.userUuid);
    await limits.submit(request, session.uuid);
    const view = await stores.forRequest(request);
    const scored = await quizzes.score(app.db, view, request.body.quiz, request.body.answers);
    const row = await inTransaction(app.db, (tx) => quizzes.keep(tx, view, session.uuid, scored));
    reply.code(201);
    return quizzes.presentSubmission(view, row);
  });

  app.get('/:code', { schema: { tags, params: QuizParamsSchema, response: { 200: QuizSchema } } }, async (request, reply) => {
    const view = await stores.forRequest(request);
    const quiz = await quizzes.quiz(app.db, view, request.params.code);
    publicAnswer(reply);
    return quiz;
  });

  app.post('/:code/results', { schema: { tags, params: QuizParamsSchema, body: QuizScoreBodySchema, response: { 200: QuizScoredSchema } } }, async (request) => {
    await limits.score(request);
    const view = await stores.forRequest(request);
    return quizzes.present(view, await quizzes.score(app.db, view, request.params.code, request.body.answers));
  });
}
