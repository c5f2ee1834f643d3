-- Demo seed, part 4: coupon codes (the pick-up stores are the store locator's, 0042_store_locator.sql).

INSERT INTO cart_rule (code, label, discount_type, discount_value, store_code, min_subtotal_minor, from_at, to_at, uses_per_coupon, uses_per_customer, is_active) VALUES
  ('WELCOME10', '10% welcome discount', 'percent', 1000, NULL, 0, NULL, NULL, NULL, 1, true),
  ('EMBER5', '£5 off orders over £30', 'fixed', 500, 'gb', 3000, NULL, NULL, NULL, NULL, true),
  ('SOMMER5', '5 € Rabatt ab 40 €', 'fixed', 500, 'de', 4000, NULL, NULL, NULL, NULL, true),
  ('LAUNCH25', '25% launch offer (first 100 orders)', 'percent', 2500, NULL, 0, NULL, NULL, 100, 1, true),
  ('SUMMER2020', 'Summer 2020', 'percent', 1500, NULL, 0, '2020-06-01T00:00:00Z', '2020-09-01T00:00:00Z', NULL, NULL, true);
