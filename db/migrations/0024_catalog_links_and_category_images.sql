-- Catalogue pages (docs/decisions/0025): related products, category pictures and an index for the
-- listing's "newest" order.

-- Product links after Magento's catalog_product_link: `related` products are shown on a product's
-- page ("You may also like"); upsell and crosssell are reserved for later.
CREATE TABLE catalog_product_link (
  product_id int NOT NULL REFERENCES catalog_product(id) ON DELETE CASCADE,
  linked_product_id int NOT NULL REFERENCES catalog_product(id) ON DELETE CASCADE,
  link_type text NOT NULL CHECK (link_type IN ('related', 'upsell', 'crosssell')),
  position int NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, link_type, linked_product_id),
  CHECK (product_id <> linked_product_id)
);
CREATE INDEX catalog_product_link_linked ON catalog_product_link (linked_product_id);

-- A category's picture (Magento's CategoryInterface.image), served from /media.
ALTER TABLE catalog_category ADD COLUMN image text CHECK (image IS NULL OR image ~ '^/media/[a-z0-9/_.-]+$');

-- Bundle selections may cost extra per store view (Magento's fixed-price bundle with a FIXED
-- selection price): the kit's price plus the chosen selections' prices times their quantities.
-- Without a row a selection costs nothing extra.
CREATE TABLE catalog_bundle_selection_price (
  selection_id int NOT NULL REFERENCES catalog_bundle_selection(id) ON DELETE CASCADE,
  store_code text NOT NULL REFERENCES store_view(code),
  price_minor int NOT NULL CHECK (price_minor >= 0),
  PRIMARY KEY (selection_id, store_code)
);

-- Listings sort by newest first.
CREATE INDEX catalog_product_created_at ON catalog_product (created_at);

-- Databases seeded before this migration get the demo values db/seed/0024_catalog_pages.sql sets
-- on a new one (on a new database the catalogue is still empty here and nothing happens).
UPDATE catalog_category c
   SET image = '/media/categories/' || c.url_key || '.svg'
 WHERE c.url_key IN ('devices', 'sticks', 'cartons', 'bundles', 'accessories', 'subscriptions', 'trade-in', 'free-gifts');

INSERT INTO catalog_product_link (product_id, linked_product_id, link_type, position)
SELECT p.id, l.id, 'related', v.position
  FROM (VALUES
    ('EMBER-ONE', 'BUNDLE-ONE-STARTER', 1), ('EMBER-ONE', 'ACC-CASE-SLATE', 2), ('EMBER-ONE', 'ACC-CHARGER', 3), ('EMBER-ONE', 'STK-AMBER-CARTON', 4),
    ('EMBER-NOVA', 'BUNDLE-NOVA-DUO', 1), ('EMBER-NOVA', 'ACC-CHARGER', 2), ('EMBER-NOVA', 'ACC-CLEANING-KIT', 3), ('EMBER-NOVA', 'STK-BRONZE-CARTON', 4),
    ('BUNDLE-ONE-STARTER', 'ACC-CASE-SLATE', 1), ('BUNDLE-ONE-STARTER', 'ACC-CLEANING-KIT', 2), ('BUNDLE-ONE-STARTER', 'EMBER-ONE', 3),
    ('BUNDLE-NOVA-DUO', 'ACC-CHARGER', 1), ('BUNDLE-NOVA-DUO', 'ACC-CLEANING-KIT', 2), ('BUNDLE-NOVA-DUO', 'EMBER-NOVA', 3),
    ('ACC-CHARGER', 'EMBER-ONE', 1), ('ACC-CHARGER', 'EMBER-NOVA', 2), ('ACC-CHARGER', 'ACC-CLEANING-KIT', 3),
    ('ACC-CASE-SLATE', 'ACC-CASE-COPPER', 1), ('ACC-CASE-SLATE', 'EMBER-ONE', 2),
    ('ACC-CASE-COPPER', 'ACC-CASE-SLATE', 1), ('ACC-CASE-COPPER', 'EMBER-ONE', 2),
    ('ACC-CLEANING-KIT', 'ACC-CHARGER', 1), ('ACC-CLEANING-KIT', 'EMBER-ONE', 2)
  ) AS v(sku, linked_sku, position)
  JOIN catalog_product p ON p.sku = v.sku
  JOIN catalog_product l ON l.sku = v.linked_sku
ON CONFLICT DO NOTHING;
