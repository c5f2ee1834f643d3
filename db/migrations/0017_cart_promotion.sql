-- Cart promotions (spec §4): free gifts that come with a product, and products that may only be
-- bought when a condition holds in the cart (docs/decisions/0017).
CREATE TABLE cart_promotion (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_-]{3,40}$'),
  store_code text NOT NULL REFERENCES store_view(code),
  type text NOT NULL CHECK (type IN ('conditional_purchase', 'free_gift_fixed', 'free_gift_flexible')),
  is_active boolean NOT NULL DEFAULT true,
  from_at timestamptz,
  to_at timestamptz,
  -- Products whose presence (as paid lines, or as a configurable's parent) triggers the promotion.
  trigger_skus text[] NOT NULL DEFAULT '{}',
  -- Further conditions on the paid lines that are not themselves promoted.
  min_qty int NOT NULL DEFAULT 0 CHECK (min_qty >= 0),
  min_subtotal_minor int NOT NULL DEFAULT 0 CHECK (min_subtotal_minor >= 0),
  -- Gift types: the gift products. conditional_purchase: the products the condition unlocks.
  skus text[] NOT NULL CHECK (cardinality(skus) BETWEEN 1 AND 20),
  -- Gift types: units per order (fixed: of each gift sku; flexible: in total). conditional_purchase: most units per order, NULL unlimited.
  allowed_qty int CHECK (allowed_qty BETWEEN 1 AND 99),
  -- {"en": {"title": ..., "description": ..., "hint": ..., "label": ...}, "de": {...}}
  texts jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(texts) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (to_at IS NULL OR from_at IS NULL OR to_at > from_at),
  CHECK (type = 'conditional_purchase' OR (allowed_qty IS NOT NULL AND cardinality(trigger_skus) BETWEEN 1 AND 50)),
  CHECK (type <> 'conditional_purchase' OR cardinality(trigger_skus) > 0 OR min_qty > 0 OR min_subtotal_minor > 0)
);
CREATE INDEX cart_promotion_store ON cart_promotion (store_code) WHERE is_active;
