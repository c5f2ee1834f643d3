-- Markets: websites, store views and the store configuration the storefront reads (spec §3 "Store config").
CREATE TABLE store_website (
  code text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9_]{1,31}$'),
  name text NOT NULL
);

CREATE TABLE store_view (
  code text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9_]{1,31}$'),
  website_code text NOT NULL REFERENCES store_website(code),
  group_code text NOT NULL,
  name text NOT NULL,
  locale text NOT NULL CHECK (locale ~ '^[a-z]{2}_[A-Z]{2}$'),
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  base_currency_code char(3) NOT NULL,
  timezone text NOT NULL,
  default_country char(2) NOT NULL,
  weight_unit text NOT NULL DEFAULT 'kgs',
  is_trial boolean NOT NULL DEFAULT false,
  is_default boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  sort_order int NOT NULL DEFAULT 0,
  is_order_limit_enabled boolean NOT NULL DEFAULT false,
  order_limit_value int NOT NULL DEFAULT 0 CHECK (order_limit_value >= 0),
  cartons_limit_value int NOT NULL DEFAULT 0 CHECK (cartons_limit_value >= 0),
  is_age_verification_enabled boolean NOT NULL DEFAULT true,
  is_free_gifts_enabled boolean NOT NULL DEFAULT false,
  gift_basket_quantity_limitation int NOT NULL DEFAULT 0 CHECK (gift_basket_quantity_limitation >= 0),
  postcode_validation_enabled boolean NOT NULL DEFAULT true,
  postcode_is_required boolean NOT NULL DEFAULT true,
  postcode_min_length int NOT NULL DEFAULT 0 CHECK (postcode_min_length >= 0),
  postcode_max_length int NOT NULL DEFAULT 10 CHECK (postcode_max_length >= postcode_min_length),
  postcode_validate_regex text,
  allow_empty_firstname boolean NOT NULL DEFAULT false,
  is_guest_checkout_enabled boolean NOT NULL DEFAULT false,
  order_cancellation_enabled boolean NOT NULL DEFAULT true,
  newsletter_enabled boolean NOT NULL DEFAULT true,
  minimum_password_length int NOT NULL DEFAULT 8,
  required_character_classes_number int NOT NULL DEFAULT 3
);
CREATE UNIQUE INDEX store_view_one_default ON store_view (is_default) WHERE is_default;

-- Countries and regions (directory) and the countries each store view ships to.
CREATE TABLE directory_country (
  id char(2) PRIMARY KEY CHECK (id ~ '^[A-Z]{2}$'),
  three_letter_abbreviation char(3) NOT NULL UNIQUE,
  full_name_english text NOT NULL
);

CREATE TABLE directory_country_name (
  country_id char(2) NOT NULL REFERENCES directory_country(id),
  locale text NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (country_id, locale)
);

CREATE TABLE directory_region (
  id serial PRIMARY KEY,
  country_id char(2) NOT NULL REFERENCES directory_country(id),
  code text NOT NULL,
  name text NOT NULL,
  UNIQUE (country_id, code)
);

CREATE TABLE store_view_country (
  store_code text NOT NULL REFERENCES store_view(code),
  country_id char(2) NOT NULL REFERENCES directory_country(id),
  PRIMARY KEY (store_code, country_id)
);

-- Catalogue: categories, products, their per-language texts, per-store prices, media, stock.
CREATE TABLE catalog_category (
  id serial PRIMARY KEY,
  parent_id int REFERENCES catalog_category(id),
  url_key text NOT NULL UNIQUE CHECK (url_key ~ '^[a-z0-9-]+$'),
  position int NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  include_in_menu boolean NOT NULL DEFAULT true,
  store_locator_name text
);

CREATE TABLE catalog_category_text (
  category_id int NOT NULL REFERENCES catalog_category(id) ON DELETE CASCADE,
  language text NOT NULL,
  name text NOT NULL,
  description text,
  PRIMARY KEY (category_id, language)
);

-- Swatch options of the configurable attributes: device colours and stick flavours.
CREATE TABLE catalog_color (
  code text PRIMARY KEY CHECK (code ~ '^[a-z0-9_]+$'),
  value_index int NOT NULL UNIQUE,
  swatch_hex text NOT NULL CHECK (swatch_hex ~ '^#[0-9A-Fa-f]{6}$'),
  position int NOT NULL DEFAULT 0
);

CREATE TABLE catalog_flavor (
  code text PRIMARY KEY CHECK (code ~ '^[a-z0-9_]+$'),
  value_index int NOT NULL UNIQUE,
  swatch_hex text NOT NULL CHECK (swatch_hex ~ '^#[0-9A-Fa-f]{6}$'),
  intensity int NOT NULL DEFAULT 3 CHECK (intensity BETWEEN 1 AND 5),
  position int NOT NULL DEFAULT 0
);

-- Labels of colours and flavours per language; kind says which table the code belongs to.
CREATE TABLE catalog_option_label (
  kind text NOT NULL CHECK (kind IN ('color', 'flavor')),
  code text NOT NULL,
  language text NOT NULL,
  label text NOT NULL,
  PRIMARY KEY (kind, code, language)
);

CREATE TABLE catalog_product (
  id serial PRIMARY KEY,
  sku text NOT NULL UNIQUE CHECK (sku ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
  type_id text NOT NULL CHECK (type_id IN ('simple', 'virtual', 'bundle', 'configurable')),
  url_key text NOT NULL UNIQUE CHECK (url_key ~ '^[a-z0-9-]+$'),
  -- What the product is in this shop's terms; drives the sticks matrix and later cart rules.
  kind text NOT NULL CHECK (kind IN ('device', 'sticks_pack', 'sticks_carton', 'bundle', 'accessory',
                                     'gift', 'trade_in', 'subscription', 'trial_kit')),
  -- Listed and searchable on its own (configurable children are reached through their parent).
  is_visible boolean NOT NULL DEFAULT true,
  is_active boolean NOT NULL DEFAULT true,
  color text REFERENCES catalog_color(code),
  flavor text REFERENCES catalog_flavor(code),
  is_subscription boolean NOT NULL DEFAULT false,
  is_mix_n_match boolean NOT NULL DEFAULT false,
  sticks_per_unit int CHECK (sticks_per_unit > 0),
  weight numeric(10, 3),
  order_quantity_limit int CHECK (order_quantity_limit > 0),
  position int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalog_product_kind ON catalog_product (kind);

CREATE TABLE catalog_product_text (
  product_id int NOT NULL REFERENCES catalog_product(id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  name text NOT NULL,
  subtitle text,
  short_description text,
  description text,
  disclaimer text,
  meta_title text,
  meta_description text,
  PRIMARY KEY (product_id, language)
);
-- Case-insensitive search over names and short descriptions.
CREATE INDEX catalog_product_text_name ON catalog_product_text (lower(name));

-- A product is sold in a store view exactly when it has a price there.
CREATE TABLE catalog_product_price (
  product_id int NOT NULL REFERENCES catalog_product(id) ON DELETE CASCADE,
  store_code text NOT NULL REFERENCES store_view(code),
  currency char(3) NOT NULL,
  regular_minor int NOT NULL CHECK (regular_minor >= 0),
  special_minor int CHECK (special_minor >= 0 AND special_minor <= regular_minor),
  PRIMARY KEY (product_id, store_code)
);
CREATE INDEX catalog_product_price_store ON catalog_product_price (store_code);

-- Quantity price tiers ("buy 5 cartons, pay less each").
CREATE TABLE catalog_product_tier_price (
  product_id int NOT NULL REFERENCES catalog_product(id) ON DELETE CASCADE,
  store_code text NOT NULL REFERENCES store_view(code),
  quantity int NOT NULL CHECK (quantity > 1),
  price_minor int NOT NULL CHECK (price_minor >= 0),
  PRIMARY KEY (product_id, store_code, quantity)
);

CREATE TABLE catalog_category_product (
  category_id int NOT NULL REFERENCES catalog_category(id) ON DELETE CASCADE,
  product_id int NOT NULL REFERENCES catalog_product(id) ON DELETE CASCADE,
  position int NOT NULL DEFAULT 0,
  PRIMARY KEY (category_id, product_id)
);
CREATE INDEX catalog_category_product_product ON catalog_category_product (product_id);

CREATE TABLE catalog_product_media (
  id serial PRIMARY KEY,
  product_id int NOT NULL REFERENCES catalog_product(id) ON DELETE CASCADE,
  file text NOT NULL CHECK (file ~ '^/media/[a-z0-9/_.-]+$'),
  label text,
  position int NOT NULL DEFAULT 0,
  is_main boolean NOT NULL DEFAULT false,
  disabled boolean NOT NULL DEFAULT false
);
CREATE INDEX catalog_product_media_product ON catalog_product_media (product_id, position);

-- Configurable products: which attribute varies and which simple children exist.
CREATE TABLE catalog_configurable_attribute (
  product_id int NOT NULL REFERENCES catalog_product(id) ON DELETE CASCADE,
  attribute_code text NOT NULL CHECK (attribute_code IN ('color', 'flavor')),
  position int NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, attribute_code)
);

CREATE TABLE catalog_configurable_link (
  parent_id int NOT NULL REFERENCES catalog_product(id) ON DELETE CASCADE,
  child_id int NOT NULL REFERENCES catalog_product(id) ON DELETE CASCADE,
  PRIMARY KEY (parent_id, child_id),
  CHECK (parent_id <> child_id)
);
CREATE INDEX catalog_configurable_link_child ON catalog_configurable_link (child_id);

-- Bundles: options, each with selectable products.
CREATE TABLE catalog_bundle_option (
  id serial PRIMARY KEY,
  product_id int NOT NULL REFERENCES catalog_product(id) ON DELETE CASCADE,
  position int NOT NULL DEFAULT 0,
  type text NOT NULL CHECK (type IN ('select', 'radio', 'checkbox', 'multi')),
  required boolean NOT NULL DEFAULT true
);

CREATE TABLE catalog_bundle_option_text (
  option_id int NOT NULL REFERENCES catalog_bundle_option(id) ON DELETE CASCADE,
  language text NOT NULL,
  title text NOT NULL,
  PRIMARY KEY (option_id, language)
);

CREATE TABLE catalog_bundle_selection (
  id serial PRIMARY KEY,
  option_id int NOT NULL REFERENCES catalog_bundle_option(id) ON DELETE CASCADE,
  product_id int NOT NULL REFERENCES catalog_product(id),
  quantity int NOT NULL DEFAULT 1 CHECK (quantity > 0),
  can_change_quantity boolean NOT NULL DEFAULT false,
  is_default boolean NOT NULL DEFAULT false,
  position int NOT NULL DEFAULT 0,
  UNIQUE (option_id, product_id)
);

-- Stock per product (one source for now). The database refuses to go below zero.
CREATE TABLE inventory_stock (
  product_id int PRIMARY KEY REFERENCES catalog_product(id) ON DELETE CASCADE,
  quantity int NOT NULL CHECK (quantity >= 0),
  low_stock_threshold int NOT NULL DEFAULT 5 CHECK (low_stock_threshold >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Shipping methods per store view (used by checkout; seeded with the catalogue).
CREATE TABLE shipping_method (
  store_code text NOT NULL REFERENCES store_view(code),
  carrier_code text NOT NULL CHECK (carrier_code ~ '^[a-z0-9_]+$'),
  method_code text NOT NULL CHECK (method_code ~ '^[a-z0-9_]+$'),
  carrier_title text NOT NULL,
  method_title text NOT NULL,
  description text,
  amount_minor int NOT NULL CHECK (amount_minor >= 0),
  free_above_minor int CHECK (free_above_minor >= 0),
  disable_for_subscription boolean NOT NULL DEFAULT false,
  is_pickup boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (store_code, carrier_code, method_code)
);

-- Editorial content: FAQ entries and product marketing pages, per language.
CREATE TABLE content_faq (
  id serial PRIMARY KEY,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  topic text NOT NULL,
  question text NOT NULL,
  answer text NOT NULL,
  position int NOT NULL DEFAULT 0
);
CREATE INDEX content_faq_language ON content_faq (language, position);

CREATE TABLE content_marketing_page (
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9-]+$'),
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  product_sku text NOT NULL REFERENCES catalog_product(sku),
  title text NOT NULL,
  headline text NOT NULL,
  -- Ordered sections: [{ "heading": "...", "body": "...", "image": "/media/..." }]
  sections jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(sections) = 'array'),
  PRIMARY KEY (slug, language)
);
