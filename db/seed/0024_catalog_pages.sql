-- Demo seed for the catalogue pages (docs/decisions/0025): category pictures, related products,
-- launch dates for the "newest" order and more gallery pictures of the devices.

-- Category pictures, drawn by db/seed/media/generate.mjs.
UPDATE catalog_category c
   SET image = '/media/categories/' || c.url_key || '.svg'
 WHERE c.url_key IN ('devices', 'sticks', 'cartons', 'bundles', 'accessories', 'subscriptions', 'trade-in', 'free-gifts');

-- Related products: devices, kits and accessories point at what goes with them.
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
 ORDER BY p.id, v.position;

-- Sticks: a pack points at its carton, a carton at its pack; then the two blends closest in intensity.
INSERT INTO catalog_product_link (product_id, linked_product_id, link_type, position)
SELECT p.id, other.id, 'related', 1
  FROM catalog_product p
  JOIN catalog_product other ON other.flavor = p.flavor
   AND other.kind = CASE p.kind WHEN 'sticks_pack' THEN 'sticks_carton' ELSE 'sticks_pack' END
 WHERE p.kind IN ('sticks_pack', 'sticks_carton')
 ORDER BY p.id;

INSERT INTO catalog_product_link (product_id, linked_product_id, link_type, position)
SELECT r.product_id, r.linked_id, 'related', 1 + r.rank
  FROM (
    SELECT p.id AS product_id, o.id AS linked_id,
           row_number() OVER (PARTITION BY p.id ORDER BY abs(fo.intensity - fp.intensity), fo.position) AS rank
      FROM catalog_product p
      JOIN catalog_flavor fp ON fp.code = p.flavor
      JOIN catalog_product o ON o.kind = p.kind AND o.flavor <> p.flavor
      JOIN catalog_flavor fo ON fo.code = o.flavor
     WHERE p.kind IN ('sticks_pack', 'sticks_carton')
  ) AS r
 WHERE r.rank <= 2
 ORDER BY r.product_id, r.rank;

-- Launch dates: listings sort by them ("newest"). The newest blend (Citrus) came last.
UPDATE catalog_product p
   SET created_at = v.launched, updated_at = v.launched
  FROM (VALUES
    ('device', NULL, timestamptz '2024-09-02 08:00:00+00'),
    ('accessory', NULL, timestamptz '2024-10-14 08:00:00+00'),
    ('gift', NULL, timestamptz '2024-10-14 08:00:00+00'),
    ('trade_in', NULL, timestamptz '2024-11-04 08:00:00+00'),
    ('trial_kit', NULL, timestamptz '2025-01-13 08:00:00+00'),
    ('bundle', NULL, timestamptz '2025-10-06 08:00:00+00'),
    ('subscription', NULL, timestamptz '2025-11-03 08:00:00+00')
  ) AS v(kind, flavor, launched)
 WHERE p.kind = v.kind;

UPDATE catalog_product SET created_at = timestamptz '2025-09-01 08:00:00+00', updated_at = timestamptz '2025-09-01 08:00:00+00'
 WHERE sku LIKE 'EMBER-NOVA%';

UPDATE catalog_product p
   SET created_at = v.launched, updated_at = v.launched
  FROM (VALUES
    ('amber', timestamptz '2024-09-02 08:00:00+00'),
    ('teak', timestamptz '2024-09-02 08:00:00+00'),
    ('turquoise', timestamptz '2024-09-02 08:00:00+00'),
    ('sienna', timestamptz '2024-09-02 08:00:00+00'),
    ('bronze', timestamptz '2024-09-02 08:00:00+00'),
    ('mint', timestamptz '2025-03-03 08:00:00+00'),
    ('frost', timestamptz '2025-03-03 08:00:00+00'),
    ('berry', timestamptz '2026-02-02 08:00:00+00'),
    ('citrus', timestamptz '2026-06-01 08:00:00+00')
  ) AS v(flavor, launched)
 WHERE p.flavor = v.flavor AND p.kind IN ('sticks_pack', 'sticks_carton');

-- Every device colour gets a close-up and a picture of it charging, after its main picture.
INSERT INTO catalog_product_media (product_id, file, label, position, is_main)
SELECT p.id, '/media/devices/' || lower(p.sku) || m.suffix || '.svg',
       t.name || m.caption, m.position, false
  FROM catalog_product p
  JOIN catalog_product_text t ON t.product_id = p.id AND t.language = 'en'
  CROSS JOIN (VALUES (2, '-detail', ', close-up'), (3, '-charging', ', charging')) AS m(position, suffix, caption)
 WHERE p.kind = 'device' AND p.type_id = 'simple'
 ORDER BY p.id, m.position;

-- The Nova Duo in Copper (an anodised finish) costs extra; every other kit choice is included.
INSERT INTO catalog_bundle_selection_price (selection_id, store_code, price_minor)
SELECT s.id, v.store_code, v.price_minor
  FROM catalog_bundle_selection s
  JOIN catalog_bundle_option o ON o.id = s.option_id
  JOIN catalog_product b ON b.id = o.product_id AND b.sku = 'BUNDLE-NOVA-DUO'
  JOIN catalog_product p ON p.id = s.product_id AND p.sku = 'EMBER-NOVA-COPPER'
  CROSS JOIN (VALUES ('gb', 1000), ('de', 1200), ('ch', 1200)) AS v(store_code, price_minor)
 ORDER BY s.id, v.store_code;
