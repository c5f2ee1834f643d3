-- Subscription plans: a carton of a blend every 2, 4, 6 or 8 weeks (4 unless chosen), renewed with
-- standard delivery; a customer may cancel after two deliveries in gb and de, three in ch.
INSERT INTO subscription_plan (store_code, code, plan_type, frequencies_weeks, default_frequency_weeks, minimum_deliveries, max_quantity, max_pause_weeks, carrier_code, method_code)
VALUES
  ('gb', 'sticks', 'REGULAR', ARRAY[2, 4, 6, 8], 4, 2, 3, 12, 'tablerate', 'standard'),
  ('de', 'sticks', 'REGULAR', ARRAY[2, 4, 6, 8], 4, 2, 3, 12, 'tablerate', 'standard'),
  ('ch', 'sticks', 'REGULAR', ARRAY[2, 4, 6, 8], 4, 3, 3, 12, 'tablerate', 'standard');

-- Each subscription carton stands for the carton of its blend bought once: the product pages offer the two as a choice.
INSERT INTO subscription_plan_product (store_code, plan_code, sku, position, one_time_sku)
SELECT v.store_code, 'sticks', p.sku, p.position, o.sku
  FROM catalog_product p
  CROSS JOIN (VALUES ('gb'), ('de'), ('ch')) AS v(store_code)
  LEFT JOIN catalog_product o ON o.kind = 'sticks_carton' AND o.flavor = p.flavor AND o.sticks_per_unit = p.sticks_per_unit
 WHERE p.kind = 'subscription'
 ORDER BY v.store_code, p.position;
