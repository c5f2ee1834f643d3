import type { Reader } from '../../platform/transaction.js';

/** What the site search indexes of the catalogue: each listed product in each store view that sells it, in its language. */
export interface ProductSearchRow {
  sku: string;
  store_code: string;
  language: string;
  name: string;
  subtitle: string | null;
  flavor_label: string | null;
  color_label: string | null;
  short_description: string | null;
  description: string | null;
  url_key: string;
  image: string | null;
}

export async function listProductsForSearch(q: Reader, skus?: readonly string[]): Promise<ProductSearchRow[]> {
  const { rows } = await q.query<ProductSearchRow>(
    `SELECT p.sku, sv.code AS store_code, sv.language, t.name, t.subtitle, fl.label AS flavor_label, co.label AS color_label,
            t.short_description, t.description, p.url_key,
            (SELECT m.file FROM catalog_product_media m WHERE m.product_id = p.id AND NOT m.disabled
              ORDER BY m.is_main DESC, m.position, m.id LIMIT 1) AS image
       FROM catalog_product p
       JOIN catalog_product_price pr ON pr.product_id = p.id
       JOIN store_view sv ON sv.code = pr.store_code AND sv.is_active
       JOIN catalog_product_text t ON t.product_id = p.id AND t.language = sv.language
       LEFT JOIN catalog_option_label fl ON fl.kind = 'flavor' AND fl.code = p.flavor AND fl.language = sv.language
       LEFT JOIN catalog_option_label co ON co.kind = 'color' AND co.code = p.color AND co.language = sv.language
      WHERE p.is_visible AND p.is_active AND ($1::text[] IS NULL OR p.sku = ANY($1::text[]))
      ORDER BY p.sku, sv.code`,
    [skus ? [...skus] : null],
  );
  return rows;
}
