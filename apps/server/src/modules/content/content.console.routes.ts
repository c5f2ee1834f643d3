import {
  BlogArticleSchema, BlogBodySchema, BlogPageSchema, BlogPublicationBodySchema, BlogQuerySchema, ContentIdParamsSchema, ContentLanguagesSchema, ContentPageBodySchema,
  ContentPageListSchema, ContentPageParamsSchema, ContentPageSchema, FaqBodySchema, FaqEntrySchema, FaqPageSchema, FaqQuerySchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { ContentConsole } from './content.console.js';

const tags = ['content-admin'];

/**
 * The console's FAQ, blog and content pages at `/admin/content` (docs/decisions/0086): owners,
 * marketing and support read (`content:read`), owners and marketing change (`content:write`). Every
 * change is audited with the record before and after in its own transaction.
 */
export async function contentConsoleRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { operators, stores, search } = opts.services;
  const content = new ContentConsole({
    views: (q) => stores.list(q),
    refreshSearch: (tx, source, refs) => search.refresh(tx, source, refs),
  });

  app.get('/content/languages', { schema: { tags, response: { 200: ContentLanguagesSchema } } }, async (request) => {
    await operators.authorize(request, 'content:read');
    return content.languages(app.db);
  });

  // FAQ
  app.get('/content/faq', { schema: { tags, querystring: FaqQuerySchema, response: { 200: FaqPageSchema } } }, async (request) => {
    await operators.authorize(request, 'content:read');
    return content.listFaq(app.db, request.query);
  });

  app.get('/content/faq/:id', { schema: { tags, params: ContentIdParamsSchema, response: { 200: FaqEntrySchema } } }, async (request) => {
    await operators.authorize(request, 'content:read');
    return content.faq(app.db, request.params.id);
  });

  app.post('/content/faq', { schema: { tags, body: FaqBodySchema, response: { 201: FaqEntrySchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'content:write');
    const created = await inTransaction(app.db, async (tx) => {
      const after = await content.createFaq(tx, request.body);
      await operators.audit(tx, actor, { action: 'faq.create', entity_type: 'faq', entity_id: String(after.id), after }, request.id);
      return after;
    });
    return reply.code(201).send(created);
  });

  app.put('/content/faq/:id', { schema: { tags, params: ContentIdParamsSchema, body: FaqBodySchema, response: { 200: FaqEntrySchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'content:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await content.updateFaq(tx, request.params.id, request.body);
      await operators.audit(tx, actor, { action: 'faq.update', entity_type: 'faq', entity_id: String(after.id), before, after }, request.id);
      return after;
    });
  });

  app.delete('/content/faq/:id', { schema: { tags, params: ContentIdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'content:write');
    await inTransaction(app.db, async (tx) => {
      const before = await content.deleteFaq(tx, request.params.id);
      await operators.audit(tx, actor, { action: 'faq.delete', entity_type: 'faq', entity_id: String(before.id), before }, request.id);
    });
    return reply.code(204).send(null);
  });

  // Blog
  app.get('/content/blog', { schema: { tags, querystring: BlogQuerySchema, response: { 200: BlogPageSchema } } }, async (request) => {
    await operators.authorize(request, 'content:read');
    return content.listArticles(app.db, request.query);
  });

  app.get('/content/blog/:id', { schema: { tags, params: ContentIdParamsSchema, response: { 200: BlogArticleSchema } } }, async (request) => {
    await operators.authorize(request, 'content:read');
    return content.article(app.db, request.params.id);
  });

  app.post('/content/blog', { schema: { tags, body: BlogBodySchema, response: { 201: BlogArticleSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'content:write');
    const created = await inTransaction(app.db, async (tx) => {
      const after = await content.createArticle(tx, request.body);
      await operators.audit(tx, actor, { action: 'blog.create', entity_type: 'blog_article', entity_id: String(after.id), after }, request.id);
      return after;
    });
    return reply.code(201).send(created);
  });

  app.put('/content/blog/:id', { schema: { tags, params: ContentIdParamsSchema, body: BlogBodySchema, response: { 200: BlogArticleSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'content:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await content.updateArticle(tx, request.params.id, request.body);
      await operators.audit(tx, actor, { action: 'blog.update', entity_type: 'blog_article', entity_id: String(after.id), before, after }, request.id);
      return after;
    });
  });

  app.post('/content/blog/:id/publication', { schema: { tags, params: ContentIdParamsSchema, body: BlogPublicationBodySchema, response: { 200: BlogArticleSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'content:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await content.publication(tx, request.params.id, request.body);
      await operators.audit(tx, actor, {
        action: request.body.published ? 'blog.publish' : 'blog.unpublish', entity_type: 'blog_article', entity_id: String(after.id),
        before: { state: before.state, published_at: before.published_at }, after: { state: after.state, published_at: after.published_at },
      }, request.id);
      return after;
    });
  });

  app.delete('/content/blog/:id', { schema: { tags, params: ContentIdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'content:write');
    await inTransaction(app.db, async (tx) => {
      const before = await content.deleteArticle(tx, request.params.id);
      await operators.audit(tx, actor, { action: 'blog.delete', entity_type: 'blog_article', entity_id: String(before.id), before }, request.id);
    });
    return reply.code(204).send(null);
  });

  // Content pages
  app.get('/content/pages', { schema: { tags, response: { 200: ContentPageListSchema } } }, async (request) => {
    await operators.authorize(request, 'content:read');
    return content.listPages(app.db);
  });

  app.get('/content/pages/:identifier/:language', { schema: { tags, params: ContentPageParamsSchema, response: { 200: ContentPageSchema } } }, async (request) => {
    await operators.authorize(request, 'content:read');
    return content.page(app.db, request.params.identifier, request.params.language);
  });

  app.put('/content/pages/:identifier/:language', { schema: { tags, params: ContentPageParamsSchema, body: ContentPageBodySchema, response: { 200: ContentPageSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'content:write');
    const { identifier, language } = request.params;
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await content.savePage(tx, identifier, language, request.body);
      await operators.audit(tx, actor, { action: before ? 'content_page.update' : 'content_page.create', entity_type: 'content_page', entity_id: `${identifier}/${language}`, before, after }, request.id);
      return after;
    });
  });
}
