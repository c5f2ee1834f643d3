-- Carts (Magento quotes), their lines, addresses, coupons and the tax rates their prices contain.

-- Prices are stored and shown including tax; each store view has one rate (docs/decisions/0007).
-- Reference data the checkout cannot work without, so it lives in the migration, not in the demo seed.
CREATE TABLE cart_tax_rate (
  store_code text PRIMARY KEY CHECK (store_code ~ '^[a-z][a-z0-9_]{1,31}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
  -- Basis points: 2000 = 20 %.
  rate_bp int NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000)
);
INSERT INTO cart_tax_rate (store_code, title, rate_bp) VALUES
  ('gb', 'VAT 20%', 2000),
  ('gb_trial', 'VAT 20%', 2000),
  ('de', 'MwSt. 19%', 1900),
  ('ch', 'MWST 8.1%', 810);

CREATE TABLE cart_cart (
  id bigserial PRIMARY KEY,
  -- The opaque id clients hold (192 random bits, base64url); for a guest it is the only key to the cart.
  masked_id text NOT NULL UNIQUE CHECK (masked_id ~ '^[A-Za-z0-9_-]{32}$'),
  store_code text NOT NULL REFERENCES store_view(code),
  customer_uuid uuid REFERENCES identity_user(uuid) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ordered', 'merged')),
  email text CHECK (email = lower(email) AND length(email) <= 254 AND position('@' IN email) > 1),
  shipping_carrier_code text,
  shipping_method_code text,
  payment_method_code text CHECK (payment_method_code ~ '^[a-z0-9_]{1,64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  ordered_at timestamptz,
  CHECK ((shipping_carrier_code IS NULL) = (shipping_method_code IS NULL)),
  CHECK ((status = 'ordered') = (ordered_at IS NOT NULL))
);
-- One active cart per customer and store view (customerCart creates it; concurrent calls meet here).
CREATE UNIQUE INDEX cart_cart_one_active_per_customer ON cart_cart (customer_uuid, store_code)
  WHERE status = 'active' AND customer_uuid IS NOT NULL;

CREATE TABLE cart_item (
  id bigserial PRIMARY KEY,
  cart_id bigint NOT NULL REFERENCES cart_cart(id) ON DELETE CASCADE,
  -- The sold product: a simple/virtual product, a configurable's child, or the bundle itself.
  product_id int NOT NULL REFERENCES catalog_product(id),
  -- The configurable parent of a child line.
  parent_product_id int REFERENCES catalog_product(id),
  sku text NOT NULL,
  quantity int NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
  is_gift boolean NOT NULL DEFAULT false,
  parent_gift_sku text,
  -- Bundle choices: [{ "option_id": 1, "selection_id": 2, "quantity": 1 }], ordered by option.
  bundle_selections jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(bundle_selections) = 'array'),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (is_gift OR parent_gift_sku IS NULL)
);
CREATE INDEX cart_item_cart ON cart_item (cart_id, id);

CREATE TABLE cart_address (
  cart_id bigint NOT NULL REFERENCES cart_cart(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('shipping', 'billing')),
  firstname text NOT NULL CHECK (length(firstname) <= 80),
  lastname text NOT NULL CHECK (length(lastname) BETWEEN 1 AND 80),
  company text CHECK (length(company) <= 120),
  street text[] NOT NULL CHECK (cardinality(street) BETWEEN 1 AND 3),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 80),
  postcode text CHECK (length(postcode) <= 16),
  country_code char(2) NOT NULL REFERENCES directory_country(id),
  region text CHECK (length(region) <= 80),
  telephone text CHECK (length(telephone) <= 32),
  -- Spec §3 local-detail fields (premise, district, ...), kept as given.
  extra jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(extra) = 'object'),
  customer_address_id int,
  save_in_address_book boolean NOT NULL DEFAULT false,
  -- A pick-up address: the checkout_pickup_store code the parcel goes to.
  pickup_location_code text,
  PRIMARY KEY (cart_id, kind),
  CHECK (kind = 'shipping' OR pickup_location_code IS NULL)
);

-- Cart price rules reached by a coupon code (docs/decisions/0007).
CREATE TABLE cart_rule (
  id serial PRIMARY KEY,
  -- Stored upper case; applying is case-insensitive.
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_-]{3,40}$'),
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 120),
  discount_type text NOT NULL CHECK (discount_type IN ('percent', 'fixed')),
  -- percent: basis points of the item subtotal (1000 = 10 %); fixed: minor units of the store's currency.
  discount_value int NOT NULL CHECK (discount_value > 0),
  -- NULL: every store view (percent rules only, since a fixed amount has a currency).
  store_code text REFERENCES store_view(code),
  min_subtotal_minor int NOT NULL DEFAULT 0 CHECK (min_subtotal_minor >= 0),
  from_at timestamptz,
  to_at timestamptz,
  uses_per_coupon int CHECK (uses_per_coupon > 0),
  uses_per_customer int CHECK (uses_per_customer > 0),
  times_used int NOT NULL DEFAULT 0 CHECK (times_used >= 0),
  is_active boolean NOT NULL DEFAULT true,
  CHECK (uses_per_coupon IS NULL OR times_used <= uses_per_coupon),
  CHECK (to_at IS NULL OR from_at IS NULL OR to_at > from_at),
  CHECK ((discount_type = 'percent' AND discount_value <= 10000) OR (discount_type = 'fixed' AND store_code IS NOT NULL))
);

-- Uses per customer (customer uuid, or a guest's e-mail), counted when an order is placed.
CREATE TABLE cart_rule_usage (
  rule_id int NOT NULL REFERENCES cart_rule(id) ON DELETE CASCADE,
  customer_key text NOT NULL CHECK (length(customer_key) BETWEEN 1 AND 300),
  times_used int NOT NULL CHECK (times_used > 0),
  PRIMARY KEY (rule_id, customer_key)
);

CREATE TABLE cart_coupon (
  cart_id bigint NOT NULL REFERENCES cart_cart(id) ON DELETE CASCADE,
  rule_id int NOT NULL REFERENCES cart_rule(id),
  position int NOT NULL DEFAULT 0,
  PRIMARY KEY (cart_id, rule_id)
);
