import type {
  CategoryCreateBody, CategoryDetail, CategoryUpdateBody, ImageUpdateBody, ProductCreateBody, ProductEditor, ProductText, ProductUpdateBody,
} from '@ember/contracts';
import { AppError } from '../../platform/errors.js';
import type { Reader, Tx } from '../../platform/transaction.js';
import * as store from './catalog.editor.store.js';
import type { CheckedImage } from './catalog.media.js';

/**
 * The console's catalogue editor (docs/decisions/0085): simple products with their texts per
 * language, status and categories; the category tree; product images. The catalogue's tables
 * announce each committed change (`NOTIFY ember_changes, 'catalog'`, migration 0033), so every
 * instance's catalogue cache and the page cache drop what they showed and the storefront shows the
 * change on its next request.
 */

/** Paragraphs of plain text as the HTML the catalogue keeps (`<p>` per paragraph, `<br>` per line break), escaped. */
export function textToHtml(text: string | null): string | null {
  if (text === null || text.trim() === '') return null;
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map((line) => escape(line.trim())).join('<br>')}</p>`)
    .join('');
}

/** The catalogue's HTML as the editor's plain text: paragraphs apart by a blank line, tags dropped, entities read. */
export function htmlToText(html: string | null): string | null {
  if (html === null || html.trim() === '') return null;
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<\/(li|h[1-6]|div)>\s*/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[<>{}]/g, '')
    .trim();
  return text || null;
}

function unknownLanguages(texts: Record<string, unknown>, languages: string[]): void {
  const unknown = Object.keys(texts).filter((l) => !languages.includes(l));
  if (unknown.length) {
    throw new AppError('VALIDATION_FAILED', `The shop does not speak ${unknown.join(', ')}`, { fields: Object.fromEntries(unknown.map((l) => [`texts.${l}`, 'unknown_language'])) });
  }
}

const isUniqueViolation = (err: unknown, constraint: string) =>
  (err as { code?: string } | null)?.code === '23505' && String((err as { constraint?: string }).constraint ?? (err as Error).message).includes(constraint);

export class CatalogueEditor {
  // Products

  async product(q: Reader, sku: string): Promise<ProductEditor> {
    const p = await store.productBySku(q, sku);
    if (!p) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
    const texts = await store.productTexts(q, p.id);
    const categoryIds = await store.productCategoryIds(q, p.id);
    const media = await store.productMedia(q, p.id);
    const languages = await store.shopLanguages(q);
    return {
      sku: p.sku, type_id: p.type_id, kind: p.kind, url_key: p.url_key, is_active: p.is_active, is_visible: p.is_visible, is_age_restricted: p.is_age_restricted,
      texts: Object.fromEntries(texts.map((t) => [t.language, {
        name: t.name, short_description: htmlToText(t.short_description), description: htmlToText(t.description), meta_title: t.meta_title, meta_description: t.meta_description,
      } satisfies ProductText])),
      category_ids: categoryIds,
      images: media.map((m) => ({ id: m.id, url: m.file, label: m.label, position: m.position, is_main: m.is_main, disabled: m.disabled })),
      languages,
    };
  }

  async createProduct(tx: Tx, body: ProductCreateBody): Promise<ProductEditor> {
    unknownLanguages(body.texts, await store.shopLanguages(tx));
    const takenSku = await store.productOwning(tx, 'sku', body.sku);
    if (takenSku) throw new AppError('ALREADY_EXISTS', `The SKU ${takenSku} is taken`, { fields: { sku: 'taken' } });
    await this.urlKeyFree(tx, body.url_key, null);
    await this.categoriesExist(tx, body.category_ids);
    let id: number;
    try {
      id = await store.insertProduct(tx, body);
    } catch (err) {
      if (isUniqueViolation(err, 'sku')) throw new AppError('ALREADY_EXISTS', `The SKU ${body.sku} is taken`, { fields: { sku: 'taken' } });
      if (isUniqueViolation(err, 'url_key')) throw new AppError('ALREADY_EXISTS', `The URL key ${body.url_key} is taken`, { fields: { url_key: 'taken' } });
      throw err;
    }
    await store.upsertTexts(tx, id, textRows(body.texts));
    await store.setProductCategories(tx, id, body.category_ids);
    return this.product(tx, body.sku);
  }

  async updateProduct(tx: Tx, sku: string, body: ProductUpdateBody): Promise<{ before: ProductEditor; after: ProductEditor }> {
    const p = await store.productBySku(tx, sku, true);
    if (!p) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
    const before = await this.product(tx, sku);
    unknownLanguages(body.texts, before.languages);
    await this.urlKeyFree(tx, body.url_key, p.sku);
    await this.categoriesExist(tx, body.category_ids);
    await store.updateProduct(tx, p.id, body);
    await store.upsertTexts(tx, p.id, textRows(body.texts));
    await store.setProductCategories(tx, p.id, body.category_ids);
    return { before, after: await this.product(tx, sku) };
  }

  private async urlKeyFree(q: Reader, urlKey: string, own: string | null): Promise<void> {
    const owner = await store.productOwning(q, 'url_key', urlKey);
    if (owner && owner !== own) throw new AppError('ALREADY_EXISTS', `The URL key ${urlKey} belongs to ${owner}`, { fields: { url_key: 'taken' } });
  }

  private async categoriesExist(q: Reader, ids: number[]): Promise<void> {
    const found = new Set(await store.existingCategoryIds(q, ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw new AppError('VALIDATION_FAILED', `No category ${missing.join(', ')}`, { fields: { category_ids: 'unknown' } });
  }

  // Images

  async addImage(tx: Tx, sku: string, image: CheckedImage, label: string | null): Promise<{ image: ProductEditor['images'][number]; product: ProductEditor }> {
    const p = await store.productBySku(tx, sku, true);
    if (!p) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
    await store.insertMediaFile(tx, image.sha256, image.contentType, image.bytes);
    const id = await store.insertMedia(tx, p.id, image.file, label);
    const product = await this.product(tx, sku);
    return { image: product.images.find((i) => i.id === id)!, product };
  }

  async updateImage(tx: Tx, sku: string, id: number, change: ImageUpdateBody): Promise<{ before: ProductEditor['images'][number]; after: ProductEditor['images'][number]; product: ProductEditor }> {
    const p = await store.productBySku(tx, sku, true);
    if (!p) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
    const before = (await this.product(tx, sku)).images.find((i) => i.id === id);
    if (!before) throw new AppError('ENTITY_NOT_FOUND', 'The product has no such image');
    await store.updateMedia(tx, p.id, id, change);
    const product = await this.product(tx, sku);
    return { before, after: product.images.find((i) => i.id === id)!, product };
  }

  async removeImage(tx: Tx, sku: string, id: number): Promise<{ before: ProductEditor['images'][number]; product: ProductEditor }> {
    const p = await store.productBySku(tx, sku, true);
    if (!p) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
    const before = (await this.product(tx, sku)).images.find((i) => i.id === id);
    if (!before) throw new AppError('ENTITY_NOT_FOUND', 'The product has no such image');
    await store.deleteMedia(tx, p.id, id);
    return { before, product: await this.product(tx, sku) };
  }

  // Categories

  async tree(q: Reader) {
    return { items: await store.categoryTree(q) };
  }

  async category(q: Reader, id: number): Promise<CategoryDetail> {
    const row = (await store.categoryTree(q)).find((c) => c.id === id);
    if (!row) throw new AppError('ENTITY_NOT_FOUND', 'Category not found');
    const texts = await store.categoryTexts(q, id);
    const products = await store.categoryProducts(q, id);
    const languages = await store.shopLanguages(q);
    return { ...row, texts: Object.fromEntries(texts.map((t) => [t.language, { name: t.name, description: htmlToText(t.description) }])), products, languages };
  }

  async createCategory(tx: Tx, body: CategoryCreateBody): Promise<CategoryDetail> {
    unknownLanguages(body.texts, await store.shopLanguages(tx));
    await this.categoryUrlKeyFree(tx, body.url_key, null);
    if (body.parent_id !== null && !(await store.categoryById(tx, body.parent_id))) throw new AppError('VALIDATION_FAILED', 'No such parent category', { fields: { parent_id: 'unknown' } });
    let id: number;
    try {
      id = await store.insertCategory(tx, body);
    } catch (err) {
      if (isUniqueViolation(err, 'url_key')) throw new AppError('ALREADY_EXISTS', `The URL key ${body.url_key} is taken`, { fields: { url_key: 'taken' } });
      throw err;
    }
    await store.upsertCategoryTexts(tx, id, categoryTextRows(body.texts));
    return this.category(tx, id);
  }

  async updateCategory(tx: Tx, id: number, body: CategoryUpdateBody): Promise<{ before: CategoryDetail; after: CategoryDetail }> {
    if (!(await store.categoryById(tx, id, true))) throw new AppError('ENTITY_NOT_FOUND', 'Category not found');
    const before = await this.category(tx, id);
    unknownLanguages(body.texts, before.languages);
    await this.categoryUrlKeyFree(tx, body.url_key, id);
    if (body.parent_id !== null) {
      if (!(await store.categoryById(tx, body.parent_id))) throw new AppError('VALIDATION_FAILED', 'No such parent category', { fields: { parent_id: 'unknown' } });
      // Under itself or under one of its own descendants, the tree would become a loop.
      if (await store.isSelfOrAncestor(tx, id, body.parent_id)) {
        throw new AppError('OPERATION_NOT_ALLOWED', 'A category cannot be placed under itself or one of its own subcategories', { fields: { parent_id: 'cycle' } });
      }
    }
    try {
      await store.updateCategory(tx, id, body);
    } catch (err) {
      if (isUniqueViolation(err, 'url_key')) throw new AppError('ALREADY_EXISTS', `The URL key ${body.url_key} is taken`, { fields: { url_key: 'taken' } });
      throw err;
    }
    await store.upsertCategoryTexts(tx, id, categoryTextRows(body.texts));
    return { before, after: await this.category(tx, id) };
  }

  async setCategoryProducts(tx: Tx, id: number, skus: string[]): Promise<{ before: CategoryDetail; after: CategoryDetail }> {
    if (!(await store.categoryById(tx, id, true))) throw new AppError('ENTITY_NOT_FOUND', 'Category not found');
    const before = await this.category(tx, id);
    const found = await store.productIdsBySku(tx, skus);
    const bySku = new Map(found.map((p) => [p.sku, p.id]));
    const missing = skus.filter((s) => !bySku.has(s));
    if (missing.length) throw new AppError('PRODUCT_NOT_FOUND', `No product ${missing.slice(0, 5).join(', ')}`, { skus: missing });
    await store.setCategoryProducts(tx, id, skus.map((s) => bySku.get(s)!));
    return { before, after: await this.category(tx, id) };
  }

  private async categoryUrlKeyFree(q: Reader, urlKey: string, own: number | null): Promise<void> {
    const owner = await store.categoryOwningUrlKey(q, urlKey);
    if (owner !== null && owner !== own) throw new AppError('ALREADY_EXISTS', `The URL key ${urlKey} belongs to another category`, { fields: { url_key: 'taken' } });
  }
}

function textRows(texts: Record<string, ProductText>): store.TextRow[] {
  return Object.entries(texts).map(([language, t]) => ({
    language, name: t.name, short_description: textToHtml(t.short_description), description: textToHtml(t.description), meta_title: t.meta_title, meta_description: t.meta_description,
  }));
}

function categoryTextRows(texts: CategoryCreateBody['texts']) {
  return Object.entries(texts).map(([language, t]) => ({ language, name: t.name, description: textToHtml(t.description) }));
}
