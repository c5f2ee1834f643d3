-- What a sale must read fresh about a product in a store view: its own flags and limits, price,
-- tier prices and stock. The catalogue publishes it as a view so a cart can read the facts of its
-- lines in the same statement as the cart itself; only active products priced in the view appear.
CREATE VIEW catalog_sale_facts AS
SELECT p.id, p.sku, pr.store_code, p.kind, p.is_age_restricted, p.is_subscription, p.order_quantity_limit, p.qty_increments,
       pr.regular_minor, pr.special_minor, s.quantity AS stock_qty,
       COALESCE((SELECT json_agg(json_build_object('quantity', t.quantity, 'price_minor', t.price_minor) ORDER BY t.quantity)
                   FROM catalog_product_tier_price t
                  WHERE t.store_code = pr.store_code AND t.product_id = p.id), '[]'::json) AS tiers
  FROM catalog_product p
  JOIN catalog_product_price pr ON pr.product_id = p.id
  LEFT JOIN inventory_stock s ON s.product_id = p.id
 WHERE p.is_active;
