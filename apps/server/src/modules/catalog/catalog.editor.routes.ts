import {
  CategoryCreateBodySchema, CategoryDetailSchema, CategoryIdParamsSchema, CategoryProductsBodySchema, CategoryTreeSchema, CategoryUpdateBodySchema,
  EditorImageParamsSchema, EditorSkuParamsSchema, IMAGE_MAX_BYTES, ImageUpdateBodySchema, ImageUploadQuerySchema, ProductCreateBodySchema, ProductEditorSchema,
  ProductUpdateBodySchema, type CategoryDetail, type ProductEditor,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { CatalogueEditor } from './catalog.editor.js';
import { checkImage, UploadedBytes } from './catalog.media.js';

const tags = ['catalogue-admin'];

/** What the audit log keeps of a product: its state without the shop's language list. */
const productState = ({ languages: _l, ...p }: ProductEditor) => p;
const categoryState = ({ languages: _l, product_count: _c, depth: _d, ...c }: CategoryDetail) => ({ ...c, products: c.products.map((p) => p.sku) });

/**
 * The console's product editor, categories and images at `/admin/catalogue` (docs/decisions/0085):
 * everyone with the catalogue reads; owners and marketing change (`catalogue:write`). Every change
 * is audited with the record before and after, in the change's transaction.
 */
export async function catalogueEditorRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { operators } = opts.services;
  const editor = new CatalogueEditor();

  // Products

  app.post('/catalogue/editor/products', { schema: { tags, body: ProductCreateBodySchema, response: { 201: ProductEditorSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'catalogue:write');
    const created = await inTransaction(app.db, async (tx) => {
      const after = await editor.createProduct(tx, request.body);
      await operators.audit(tx, actor, { action: 'product.create', entity_type: 'product', entity_id: after.sku, after: productState(after) }, request.id);
      return after;
    });
    return reply.status(201).send(created);
  });

  app.get('/catalogue/editor/products/:sku', { schema: { tags, params: EditorSkuParamsSchema, response: { 200: ProductEditorSchema } } }, async (request) => {
    await operators.authorize(request, 'catalogue:read');
    return editor.product(app.db, request.params.sku);
  });

  app.put('/catalogue/editor/products/:sku', { schema: { tags, params: EditorSkuParamsSchema, body: ProductUpdateBodySchema, response: { 200: ProductEditorSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'catalogue:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await editor.updateProduct(tx, request.params.sku, request.body);
      await operators.audit(tx, actor, { action: 'product.update', entity_type: 'product', entity_id: after.sku, before: productState(before), after: productState(after) }, request.id);
      return after;
    });
  });

  // Images: the upload's raw body is read by a parser of this route's own scope only.
  await app.register(async (uploads) => {
    for (const type of ['application/octet-stream', /^image\/[a-z0-9.+-]+$/i]) {
      uploads.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => {
        done(null, new UploadedBytes(Buffer.isBuffer(body) ? body : Buffer.from(body)));
      });
    }
    // Who may not upload is refused before the body is read.
    uploads.addHook('preParsing', async (request, _reply, payload) => {
      await operators.authorize(request, 'catalogue:write');
      return payload;
    });
    const route = uploads.withTypeProvider<ZodTypeProvider>();
    route.post('/catalogue/editor/products/:sku/images', {
      bodyLimit: IMAGE_MAX_BYTES,
      schema: { tags, params: EditorSkuParamsSchema, querystring: ImageUploadQuerySchema, response: { 201: ProductEditorSchema } },
    }, async (request, reply) => {
      const actor = await operators.authorize(request, 'catalogue:write');
      const image = checkImage(request.body);
      const product = await inTransaction(app.db, async (tx) => {
        const { image: added, product: after } = await editor.addImage(tx, request.params.sku, image, request.query.label ?? null);
        await operators.audit(tx, actor, {
          action: 'product.image.add', entity_type: 'product', entity_id: after.sku, after: { ...added, content_type: image.contentType, bytes: image.bytes.length },
        }, request.id);
        return after;
      });
      return reply.status(201).send(product);
    });
  });

  app.patch('/catalogue/editor/products/:sku/images/:id', { schema: { tags, params: EditorImageParamsSchema, body: ImageUpdateBodySchema, response: { 200: ProductEditorSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'catalogue:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after, product } = await editor.updateImage(tx, request.params.sku, request.params.id, request.body);
      await operators.audit(tx, actor, { action: 'product.image.update', entity_type: 'product', entity_id: product.sku, before, after }, request.id);
      return product;
    });
  });

  app.delete('/catalogue/editor/products/:sku/images/:id', { schema: { tags, params: EditorImageParamsSchema, response: { 200: ProductEditorSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'catalogue:write');
    return inTransaction(app.db, async (tx) => {
      const { before, product } = await editor.removeImage(tx, request.params.sku, request.params.id);
      await operators.audit(tx, actor, { action: 'product.image.remove', entity_type: 'product', entity_id: product.sku, before }, request.id);
      return product;
    });
  });

  // Categories

  app.get('/catalogue/categories', { schema: { tags, response: { 200: CategoryTreeSchema } } }, async (request) => {
    await operators.authorize(request, 'catalogue:read');
    return editor.tree(app.db);
  });

  app.post('/catalogue/categories', { schema: { tags, body: CategoryCreateBodySchema, response: { 201: CategoryDetailSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'catalogue:write');
    const created = await inTransaction(app.db, async (tx) => {
      const after = await editor.createCategory(tx, request.body);
      await operators.audit(tx, actor, { action: 'category.create', entity_type: 'category', entity_id: String(after.id), after: categoryState(after) }, request.id);
      return after;
    });
    return reply.status(201).send(created);
  });

  app.get('/catalogue/categories/:id', { schema: { tags, params: CategoryIdParamsSchema, response: { 200: CategoryDetailSchema } } }, async (request) => {
    await operators.authorize(request, 'catalogue:read');
    return editor.category(app.db, request.params.id);
  });

  app.put('/catalogue/categories/:id', { schema: { tags, params: CategoryIdParamsSchema, body: CategoryUpdateBodySchema, response: { 200: CategoryDetailSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'catalogue:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await editor.updateCategory(tx, request.params.id, request.body);
      await operators.audit(tx, actor, { action: 'category.update', entity_type: 'category', entity_id: String(after.id), before: categoryState(before), after: categoryState(after) }, request.id);
      return after;
    });
  });

  app.put('/catalogue/categories/:id/products', { schema: { tags, params: CategoryIdParamsSchema, body: CategoryProductsBodySchema, response: { 200: CategoryDetailSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'catalogue:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await editor.setCategoryProducts(tx, request.params.id, request.body.skus);
      await operators.audit(tx, actor, {
        action: 'category.products', entity_type: 'category', entity_id: String(after.id), before: { products: before.products.map((p) => p.sku) }, after: { products: after.products.map((p) => p.sku) },
      }, request.id);
      return after;
    });
  });
}
