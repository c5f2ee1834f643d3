-- Demo seed for the cart item rules (docs/decisions/0018).

-- The newest blend's introductory packs are sold in twos: a cart line of them is a multiple of 2.
UPDATE catalog_product SET qty_increments = 2 WHERE sku = 'STK-CITRUS-PACK';

-- Every subscription delivers one carton every four weeks.
UPDATE catalog_product_text t
   SET subscription_format = CASE t.language WHEN 'de' THEN 'Alle 4 Wochen' ELSE 'Every 4 weeks' END
  FROM catalog_product p
 WHERE p.id = t.product_id AND p.is_subscription;
