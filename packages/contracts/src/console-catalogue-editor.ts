import { z } from 'zod';

/**
 * Wire contracts of the console's catalogue editor (docs/decisions/0085): simple products with their
 * texts per language and categories, the category tree, and product images, at `/admin/catalogue`.
 * Images themselves are uploaded as the request's raw body (`image/png`, `image/jpeg`, `image/webp` or
 * `application/octet-stream`) and served at `/media/uploads/{sha256}.{ext}`.
 */

const SkuSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be a SKU');
const UrlKeySchema = z.string().trim().min(1).max(120).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single hyphens');
const LanguageSchema = z.string().regex(/^[a-z]{2}$/, 'must be a two-letter language code');
/** One line of plain text: no markup, no control characters. */
const Line = (max: number) => z.string().trim().min(1).max(max).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text');
/** Paragraphs of plain text: line breaks allowed, no markup. */
const Paragraphs = (max: number) => z.string().trim().max(max).regex(/^(?:[^<>{}\p{Cc}]|[\t\n\r])*$/u, 'must be plain text');
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().default(null));

/** The kinds of simple products the editor creates (bundles, configurables, trade-ins, plans and kits need more than a form). */
export const EDITABLE_PRODUCT_KINDS = ['device', 'sticks_pack', 'sticks_carton', 'accessory'] as const;
export const EditableKindSchema = z.enum(EDITABLE_PRODUCT_KINDS);

/** A product's words in one language; what a language lacks the storefront takes from English. */
export const ProductTextSchema = z.strictObject({
  name: Line(200),
  short_description: optional(Paragraphs(2000)),
  description: optional(Paragraphs(20_000)),
  meta_title: optional(Line(200)),
  meta_description: optional(Line(400)),
});
export type ProductText = z.infer<typeof ProductTextSchema>;

const TextsSchema = z.record(LanguageSchema, ProductTextSchema)
  .refine((t) => Object.keys(t).length <= 10, { message: 'too many languages' })
  .refine((t) => 'en' in t, { message: 'the English text is required', path: ['en'] });

const CategoryIdsSchema = z.array(z.number().int().positive()).max(50).refine((ids) => new Set(ids).size === ids.length, { message: 'a category is named twice' });

/** What may change on a product after it exists (the SKU, kind and type stay). */
const ProductFields = {
  url_key: UrlKeySchema,
  is_active: z.boolean(),
  /** Listed and found by search on its own. */
  is_visible: z.boolean(),
  /** Sold to age-verified adults only, where the market asks for it. */
  is_age_restricted: z.boolean(),
  texts: TextsSchema,
  category_ids: CategoryIdsSchema.default([]),
};

/** `POST /admin/catalogue/editor/products`: a new simple product, disabled until an operator enables it if they wish. */
export const ProductCreateBodySchema = z.strictObject({ sku: SkuSchema, kind: EditableKindSchema, ...ProductFields });
export type ProductCreateBody = z.infer<typeof ProductCreateBodySchema>;

/** `PUT /admin/catalogue/editor/products/{sku}`: the whole editable state; languages left out keep their texts. */
export const ProductUpdateBodySchema = z.strictObject(ProductFields);
export type ProductUpdateBody = z.infer<typeof ProductUpdateBodySchema>;

export const ProductImageSchema = z.object({
  id: z.number().int(),
  /** The address the storefront loads it from. */
  url: z.string(),
  label: z.string().nullable(),
  position: z.number().int(),
  is_main: z.boolean(),
  disabled: z.boolean(),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

export const ProductEditorSchema = z.object({
  sku: z.string(),
  type_id: z.string(),
  kind: z.string(),
  url_key: z.string(),
  is_active: z.boolean(),
  is_visible: z.boolean(),
  is_age_restricted: z.boolean(),
  texts: z.record(z.string(), z.object({
    name: z.string(),
    short_description: z.string().nullable(),
    description: z.string().nullable(),
    meta_title: z.string().nullable(),
    meta_description: z.string().nullable(),
  })),
  category_ids: z.array(z.number().int()),
  images: z.array(ProductImageSchema),
  /** The languages the shop's store views speak, English first. */
  languages: z.array(z.string()),
});
export type ProductEditor = z.infer<typeof ProductEditorSchema>;

export const EditorSkuParamsSchema = z.strictObject({ sku: SkuSchema });
export const EditorImageParamsSchema = z.strictObject({ sku: SkuSchema, id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `POST /admin/catalogue/editor/products/{sku}/images?label=…`: the image's alt text may come with the upload. */
export const ImageUploadQuerySchema = z.strictObject({ label: optional(Line(200)).optional() });

/** `PATCH /admin/catalogue/editor/products/{sku}/images/{id}`. */
export const ImageUpdateBodySchema = z.strictObject({
  label: optional(Line(200)).optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  /** The listing's and the product page's first picture; the product's other images stop being main. */
  is_main: z.literal(true).optional(),
  disabled: z.boolean().optional(),
});
export type ImageUpdateBody = z.infer<typeof ImageUpdateBodySchema>;

/** The upper bound of an uploaded image, in bytes (5 MiB). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const MediaFileParamsSchema = z.strictObject({ file: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|webp)$/, 'must be an uploaded image’s name') });

// Categories

export const CategoryTextSchema = z.strictObject({ name: Line(120), description: optional(Paragraphs(5000)) });

const CategoryFields = {
  url_key: UrlKeySchema,
  parent_id: z.number().int().positive().nullable(),
  position: z.number().int().min(0).max(100_000),
  is_active: z.boolean(),
  include_in_menu: z.boolean(),
  texts: z.record(LanguageSchema, CategoryTextSchema)
    .refine((t) => Object.keys(t).length <= 10, { message: 'too many languages' })
    .refine((t) => 'en' in t, { message: 'the English name is required', path: ['en'] }),
};

/** `POST /admin/catalogue/categories`. */
export const CategoryCreateBodySchema = z.strictObject(CategoryFields);
export type CategoryCreateBody = z.infer<typeof CategoryCreateBodySchema>;
/** `PUT /admin/catalogue/categories/{id}`. */
export const CategoryUpdateBodySchema = z.strictObject(CategoryFields);
export type CategoryUpdateBody = z.infer<typeof CategoryUpdateBodySchema>;

/** `PUT /admin/catalogue/categories/{id}/products`: the category's products in their order (the whole list). */
export const CategoryProductsBodySchema = z.strictObject({
  skus: z.array(SkuSchema).max(1000).refine((s) => new Set(s).size === s.length, { message: 'a product is named twice' }),
});
export type CategoryProductsBody = z.infer<typeof CategoryProductsBodySchema>;

export const CategoryIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const CategoryRowSchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  /** How deep in the tree: 0 for a top category. */
  depth: z.number().int(),
  url_key: z.string(),
  /** The English name (the URL key when it has none). */
  name: z.string(),
  position: z.number().int(),
  is_active: z.boolean(),
  include_in_menu: z.boolean(),
  product_count: z.number().int(),
});
export type CategoryRow = z.infer<typeof CategoryRowSchema>;
/** `GET /admin/catalogue/categories`: the whole tree, each category after its parent, siblings by position. */
export const CategoryTreeSchema = z.object({ items: z.array(CategoryRowSchema) });

export const CategoryDetailSchema = CategoryRowSchema.extend({
  texts: z.record(z.string(), z.object({ name: z.string(), description: z.string().nullable() })),
  products: z.array(z.object({ sku: z.string(), name: z.string(), position: z.number().int() })),
  languages: z.array(z.string()),
});
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;
