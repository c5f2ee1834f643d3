-- Demo seed, orders: order attributes collected at checkout and delivery limits per store view.
INSERT INTO orders_attribute (store_code, code, label, input_type, data_type, is_required, max_length, validate_regex, placeholder, description, placement, sort_order) VALUES
  ('gb', 'delivery_note', 'Delivery instructions', 'textarea', 'string', false, 200, '^[^<>]*$', 'e.g. leave with the neighbour at no. 12', 'Shown to the courier.', 'shippingAddress_after', 10),
  ('gb', 'gift_receipt', 'Include a gift receipt', 'boolean', 'boolean', false, NULL, NULL, NULL, 'Prices are left off the delivery note.', 'buttonPlaceOrder_before', 10),
  ('de', 'delivery_note', 'Lieferhinweis', 'textarea', 'string', false, 200, '^[^<>]*$', 'z. B. beim Nachbarn in Nr. 12 abgeben', 'Wird dem Zusteller angezeigt.', 'shippingAddress_after', 10),
  ('ch', 'delivery_note', 'Lieferhinweis', 'textarea', 'string', false, 200, '^[^<>]*$', 'z. B. beim Nachbarn in Nr. 12 abgeben', 'Wird dem Zusteller angezeigt.', 'shippingAddress_after', 10);

INSERT INTO orders_delivery_limit (id, store_code, mode, country_id, name) VALUES
  ('de-de', 'de', 'ALLOW', 'DE', 'Deutschland'),
  ('de-at', 'de', 'ALLOW', 'AT', 'Österreich'),
  ('gb-gb', 'gb', 'ALLOW', 'GB', 'United Kingdom');
