-- Cart item rules of spec §5 that need catalogue data (docs/decisions/0018): sales steps
-- (ITEM_INCREMENT) and the period text of a subscription plan (cart item subscription_format).

-- The step a product is sold in: a cart line's quantity must be a multiple of it. 1 means any
-- whole quantity. The product's own order limit must be reachable in its steps.
ALTER TABLE catalog_product ADD COLUMN qty_increments int NOT NULL DEFAULT 1 CHECK (qty_increments BETWEEN 1 AND 1000);
ALTER TABLE catalog_product ADD CONSTRAINT catalog_product_limit_in_steps
  CHECK (order_quantity_limit IS NULL OR order_quantity_limit % qty_increments = 0);

-- How often a subscription product delivers, in the language's words ("Every 4 weeks").
ALTER TABLE catalog_product_text ADD COLUMN subscription_format text
  CHECK (subscription_format IS NULL OR length(subscription_format) BETWEEN 1 AND 80);

-- A guest cart's ongoing-subscription check finds the orders placed with its e-mail address.
CREATE INDEX orders_order_email ON orders_order (email);

-- Databases seeded before this migration get the demo values db/seed/0018_cart_rules.sql sets on
-- a new one: the introductory blend's packs come in twos, the demo subscriptions every four weeks.
UPDATE catalog_product SET qty_increments = 2 WHERE sku = 'STK-CITRUS-PACK' AND order_quantity_limit IS NULL;
UPDATE catalog_product_text t
   SET subscription_format = CASE t.language WHEN 'de' THEN 'Alle 4 Wochen' ELSE 'Every 4 weeks' END
  FROM catalog_product p
 WHERE p.id = t.product_id AND p.is_subscription AND p.sku LIKE 'SUB-%-CARTON';
