import type { Reader, Tx } from '../../platform/transaction.js';

/**
 * The catalogue editor's reads and writes (docs/decisions/0085): products with their texts,
 * categories and images, and the category tree. The tables' triggers announce every change
 * (`catalog`), so no writer here needs to.
 */

export interface EditorProductRow {
  id: number;
  sku: string;
  type_id: string;
  kind: string;
  url_key: string;
  is_active: boolean;
  is_visible: boolean;
  is_age_restricted: boolean;
}

export interface TextRow {
  language: string;
  name: string;
  short_description: string | null;
  description: string | null;
  meta_title: string | null;
  meta_description: string | null;
}

export interface MediaRow {
  id: number;
  file: string;
  label: string | null;
  position: number;
  is_main: boolean;
  disabled: boolean;
}

export async function shopLanguages(q: Reader): Promise<string[]> {
  const { rows } = await q.query<{ language: string }>(`SELECT DISTINCT language FROM store_view ORDER BY language`);
  const languages = rows.map((r) => r.language);
  return ['en', ...languages.filter((l) => l !== 'en')];
}

export async function productBySku(q: Reader, sku: string, lock = false): Promise<EditorProductRow | null> {
  const { rows } = await q.query<EditorProductRow>(
    `SELECT id, sku, type_id, kind, url_key, is_active, is_visible, is_age_restricted FROM catalog_product WHERE sku = $1${lock ? ' FOR UPDATE' : ''}`,
    [sku],
  );
  return rows[0] ?? null;
}

export async function productTexts(q: Reader, productId: number): Promise<TextRow[]> {
  const { rows } = await q.query<TextRow>(
    `SELECT language, name, short_description, description, meta_title, meta_description FROM catalog_product_text WHERE product_id = $1 ORDER BY language`,
    [productId],
  );
  return rows;
}

export async function productCategoryIds(q: Reader, productId: number): Promise<number[]> {
  const { rows } = await q.query<{ category_id: number }>(`SELECT category_id FROM catalog_category_product WHERE product_id = $1 ORDER BY category_id`, [productId]);
  return rows.map((r) => r.category_id);
}

export async function productMedia(q: Reader, productId: number): Promise<MediaRow[]> {
  const { rows } = await q.query<MediaRow>(
    `SELECT id, file, label, position, is_main, disabled FROM catalog_product_media WHERE product_id = $1 ORDER BY position, id`,
    [productId],
  );
  return rows;
}

/** Whose a URL key or SKU is already: the product's SKU, or null. */
export async function productOwning(q: Reader, field: 'sku' | 'url_key', value: string): Promise<string | null> {
  const { rows } = await q.query<{ sku: string }>(`SELECT sku FROM catalog_product WHERE ${field === 'sku' ? 'lower(sku) = lower($1)' : 'url_key = $1'}`, [value]);
  return rows[0]?.sku ?? null;
}

export async function insertProduct(
  tx: Tx,
  p: { sku: string; kind: string; url_key: string; is_active: boolean; is_visible: boolean; is_age_restricted: boolean },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO catalog_product (sku, type_id, kind, url_key, is_active, is_visible, is_age_restricted) VALUES ($1, 'simple', $2, $3, $4, $5, $6) RETURNING id`,
    [p.sku, p.kind, p.url_key, p.is_active, p.is_visible, p.is_age_restricted],
  );
  return rows[0]!.id;
}

export async function updateProduct(tx: Tx, id: number, p: { url_key: string; is_active: boolean; is_visible: boolean; is_age_restricted: boolean }): Promise<void> {
  await tx.query(
    `UPDATE catalog_product SET url_key = $2, is_active = $3, is_visible = $4, is_age_restricted = $5, updated_at = now() WHERE id = $1`,
    [id, p.url_key, p.is_active, p.is_visible, p.is_age_restricted],
  );
}

/** Writes the texts of the languages given; other languages keep theirs. */
export async function upsertTexts(tx: Tx, productId: number, texts: TextRow[]): Promise<void> {
  if (!texts.length) return;
  await tx.query(
    `INSERT INTO catalog_product_text (product_id, language, name, short_description, description, meta_title, meta_description)
     SELECT $1, t.language, t.name, t.short_description, t.description, t.meta_title, t.meta_description
       FROM json_to_recordset($2::json) AS t(language text, name text, short_description text, description text, meta_title text, meta_description text)
     ON CONFLICT (product_id, language) DO UPDATE SET name = EXCLUDED.name, short_description = EXCLUDED.short_description,
       description = EXCLUDED.description, meta_title = EXCLUDED.meta_title, meta_description = EXCLUDED.meta_description`,
    [productId, JSON.stringify(texts)],
  );
}

/** The product's categories become exactly these (new ones at the end of each category). */
export async function setProductCategories(tx: Tx, productId: number, categoryIds: number[]): Promise<void> {
  await tx.query(`DELETE FROM catalog_category_product WHERE product_id = $1 AND NOT (category_id = ANY($2::int[]))`, [productId, categoryIds]);
  await tx.query(
    `INSERT INTO catalog_category_product (category_id, product_id, position)
     SELECT c, $1, COALESCE((SELECT max(position) + 1 FROM catalog_category_product WHERE category_id = c), 0) FROM unnest($2::int[]) AS c
     ON CONFLICT (category_id, product_id) DO NOTHING`,
    [productId, categoryIds],
  );
}

export async function existingCategoryIds(q: Reader, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const { rows } = await q.query<{ id: number }>(`SELECT id FROM catalog_category WHERE id = ANY($1::int[])`, [ids]);
  return rows.map((r) => r.id);
}

// Images

export async function insertMediaFile(tx: Tx, sha256: string, contentType: string, bytes: Uint8Array): Promise<void> {
  await tx.query(`INSERT INTO catalog_media_file (sha256, content_type, bytes) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING`, [sha256, contentType, bytes]);
}

export async function mediaFile(q: Reader, sha256: string): Promise<{ content_type: string; bytes: Uint8Array } | null> {
  const { rows } = await q.query<{ content_type: string; bytes: Uint8Array }>(`SELECT content_type, bytes FROM catalog_media_file WHERE sha256 = $1`, [sha256]);
  return rows[0] ?? null;
}

/** Adds an image after the product's others; the first image a product gets is its main one. */
export async function insertMedia(tx: Tx, productId: number, file: string, label: string | null): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO catalog_product_media (product_id, file, label, position, is_main)
     SELECT $1, $2, $3, COALESCE(max(position) + 1, 0), NOT bool_or(is_main AND NOT disabled) IS TRUE
       FROM catalog_product_media WHERE product_id = $1
     RETURNING id`,
    [productId, file, label],
  );
  return rows[0]!.id;
}

export async function updateMedia(tx: Tx, productId: number, id: number, change: { label?: string | null; position?: number; is_main?: true; disabled?: boolean }): Promise<boolean> {
  if (change.is_main) await tx.query(`UPDATE catalog_product_media SET is_main = false WHERE product_id = $1 AND id <> $2 AND is_main`, [productId, id]);
  const { rowCount } = await tx.query(
    `UPDATE catalog_product_media SET
       label = CASE WHEN $3 THEN $4 ELSE label END,
       position = COALESCE($5, position),
       is_main = CASE WHEN $6 THEN true ELSE is_main END,
       disabled = COALESCE($7, disabled)
     WHERE product_id = $1 AND id = $2`,
    [productId, id, change.label !== undefined, change.label ?? null, change.position ?? null, change.is_main === true, change.disabled ?? null],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteMedia(tx: Tx, productId: number, id: number): Promise<boolean> {
  const { rowCount } = await tx.query(`DELETE FROM catalog_product_media WHERE product_id = $1 AND id = $2`, [productId, id]);
  return (rowCount ?? 0) > 0;
}

// Categories

export interface CategoryTreeRow {
  id: number;
  parent_id: number | null;
  depth: number;
  url_key: string;
  name: string;
  position: number;
  is_active: boolean;
  include_in_menu: boolean;
  product_count: number;
}

/** The whole tree in reading order: each category after its parent, siblings by position then id. */
export async function categoryTree(q: Reader): Promise<CategoryTreeRow[]> {
  const { rows } = await q.query<CategoryTreeRow>(
    `WITH RECURSIVE tree AS (
       SELECT c.id, 0 AS depth, ARRAY[c.position, c.id] AS path FROM catalog_category c WHERE c.parent_id IS NULL
       UNION ALL
       SELECT c.id, t.depth + 1, t.path || ARRAY[c.position, c.id] FROM catalog_category c JOIN tree t ON c.parent_id = t.id WHERE t.depth < 50
     )
     SELECT c.id, c.parent_id, t.depth, c.url_key, COALESCE(x.name, c.url_key) AS name, c.position, c.is_active, c.include_in_menu,
            (SELECT count(*)::int FROM catalog_category_product cp WHERE cp.category_id = c.id) AS product_count
       FROM tree t JOIN catalog_category c ON c.id = t.id
       LEFT JOIN catalog_category_text x ON x.category_id = c.id AND x.language = 'en'
      ORDER BY t.path`,
  );
  return rows;
}

export interface CategoryRowFull {
  id: number;
  parent_id: number | null;
  url_key: string;
  position: number;
  is_active: boolean;
  include_in_menu: boolean;
}

export async function categoryById(q: Reader, id: number, lock = false): Promise<CategoryRowFull | null> {
  const { rows } = await q.query<CategoryRowFull>(
    `SELECT id, parent_id, url_key, position, is_active, include_in_menu FROM catalog_category WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function categoryDepth(q: Reader, id: number): Promise<number> {
  const { rows } = await q.query<{ depth: number }>(
    `WITH RECURSIVE up(id, parent_id, depth) AS (
       SELECT id, parent_id, 0 FROM catalog_category WHERE id = $1
       UNION ALL SELECT c.id, c.parent_id, up.depth + 1 FROM catalog_category c JOIN up ON c.id = up.parent_id WHERE up.depth < 50
     ) SELECT max(depth)::int AS depth FROM up`,
    [id],
  );
  return rows[0]?.depth ?? 0;
}

/** Whether `ancestor` is `id` itself or above it in the tree. */
export async function isSelfOrAncestor(q: Reader, ancestor: number, id: number): Promise<boolean> {
  const { rows } = await q.query<{ found: boolean }>(
    `WITH RECURSIVE up(id, parent_id) AS (
       SELECT id, parent_id FROM catalog_category WHERE id = $2
       UNION SELECT c.id, c.parent_id FROM catalog_category c JOIN up ON c.id = up.parent_id
     ) SELECT EXISTS (SELECT 1 FROM up WHERE id = $1) AS found`,
    [ancestor, id],
  );
  return rows[0]?.found ?? false;
}

export async function categoryTexts(q: Reader, id: number): Promise<{ language: string; name: string; description: string | null }[]> {
  const { rows } = await q.query<{ language: string; name: string; description: string | null }>(
    `SELECT language, name, description FROM catalog_category_text WHERE category_id = $1 ORDER BY language`,
    [id],
  );
  return rows;
}

export async function categoryProducts(q: Reader, id: number): Promise<{ sku: string; name: string; position: number }[]> {
  const { rows } = await q.query<{ sku: string; name: string; position: number }>(
    `SELECT p.sku, COALESCE(t.name, p.sku) AS name, cp.position FROM catalog_category_product cp JOIN catalog_product p ON p.id = cp.product_id
       LEFT JOIN catalog_product_text t ON t.product_id = p.id AND t.language = 'en'
      WHERE cp.category_id = $1 ORDER BY cp.position, p.sku`,
    [id],
  );
  return rows;
}

export async function categoryOwningUrlKey(q: Reader, urlKey: string): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>(`SELECT id FROM catalog_category WHERE url_key = $1`, [urlKey]);
  return rows[0]?.id ?? null;
}

export async function insertCategory(tx: Tx, c: Omit<CategoryRowFull, 'id'>): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO catalog_category (parent_id, url_key, position, is_active, include_in_menu) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [c.parent_id, c.url_key, c.position, c.is_active, c.include_in_menu],
  );
  return rows[0]!.id;
}

export async function updateCategory(tx: Tx, id: number, c: Omit<CategoryRowFull, 'id'>): Promise<void> {
  await tx.query(
    `UPDATE catalog_category SET parent_id = $2, url_key = $3, position = $4, is_active = $5, include_in_menu = $6 WHERE id = $1`,
    [id, c.parent_id, c.url_key, c.position, c.is_active, c.include_in_menu],
  );
}

export async function upsertCategoryTexts(tx: Tx, id: number, texts: { language: string; name: string; description: string | null }[]): Promise<void> {
  if (!texts.length) return;
  await tx.query(
    `INSERT INTO catalog_category_text (category_id, language, name, description)
     SELECT $1, t.language, t.name, t.description FROM json_to_recordset($2::json) AS t(language text, name text, description text)
     ON CONFLICT (category_id, language) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description`,
    [id, JSON.stringify(texts)],
  );
}

/** Product ids of SKUs, in the order given; unknown SKUs are left out. */
export async function productIdsBySku(q: Reader, skus: string[]): Promise<{ id: number; sku: string }[]> {
  if (!skus.length) return [];
  const { rows } = await q.query<{ id: number; sku: string }>(`SELECT id, sku FROM catalog_product WHERE sku = ANY($1::text[])`, [skus]);
  return rows;
}

/** The category's products become exactly these, in this order. */
export async function setCategoryProducts(tx: Tx, categoryId: number, productIds: number[]): Promise<void> {
  await tx.query(`DELETE FROM catalog_category_product WHERE category_id = $1 AND NOT (product_id = ANY($2::int[]))`, [categoryId, productIds]);
  await tx.query(
    `INSERT INTO catalog_category_product (category_id, product_id, position)
     SELECT $1, p, (o - 1)::int FROM unnest($2::int[]) WITH ORDINALITY AS u(p, o)
     ON CONFLICT (category_id, product_id) DO UPDATE SET position = EXCLUDED.position`,
    [categoryId, productIds],
  );
}
