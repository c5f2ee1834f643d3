-- Demo seed, part 4: coupon codes and pick-up stores.

INSERT INTO cart_rule (code, label, discount_type, discount_value, store_code, min_subtotal_minor, from_at, to_at, uses_per_coupon, uses_per_customer, is_active) VALUES
  ('WELCOME10', '10% welcome discount', 'percent', 1000, NULL, 0, NULL, NULL, NULL, 1, true),
  ('EMBER5', '£5 off orders over £30', 'fixed', 500, 'gb', 3000, NULL, NULL, NULL, NULL, true),
  ('SOMMER5', '5 € Rabatt ab 40 €', 'fixed', 500, 'de', 4000, NULL, NULL, NULL, NULL, true),
  ('LAUNCH25', '25% launch offer (first 100 orders)', 'percent', 2500, NULL, 0, NULL, NULL, 100, 1, true),
  ('SUMMER2020', 'Summer 2020', 'percent', 1500, NULL, 0, '2020-06-01T00:00:00Z', '2020-09-01T00:00:00Z', NULL, NULL, true);

INSERT INTO checkout_pickup_store (code, store_code, name, street, city, postcode, country_code, telephone, description, latitude, longitude, position) VALUES
  ('gb-london-carnaby', 'gb', 'Ember Store London Carnaby', '12 Carnaby Street', 'London', 'W1F 9PS', 'GB', '+442079460000', 'Mon–Sat 10–20, Sun 12–18', 51.513200, -0.139100, 1),
  ('gb-manchester', 'gb', 'Ember Store Manchester', '45 Market Street', 'Manchester', 'M1 1WR', 'GB', '+441619460000', 'Mon–Sat 9–19', 53.482700, -2.241500, 2),
  ('gb-trial-london', 'gb_trial', 'Ember Store London Carnaby', '12 Carnaby Street', 'London', 'W1F 9PS', 'GB', '+442079460000', 'Mon–Sat 10–20, Sun 12–18', 51.513200, -0.139100, 1),
  ('de-berlin', 'de', 'Ember Store Berlin', 'Friedrichstraße 68', 'Berlin', '10117', 'DE', '+493094600000', 'Mo–Sa 10–20 Uhr', 52.511500, 13.389700, 1),
  ('de-muenchen', 'de', 'Ember Store München', 'Kaufingerstraße 9', 'München', '80331', 'DE', '+498994600000', 'Mo–Sa 10–20 Uhr', 48.137100, 11.573000, 2),
  ('ch-zuerich', 'ch', 'Ember Store Zürich', 'Bahnhofstrasse 42', 'Zürich', '8001', 'CH', '+41449460000', 'Mo–Sa 9–20 Uhr', 47.372600, 8.538300, 1),
  ('ch-basel', 'ch', 'Ember Store Basel', 'Freie Strasse 20', 'Basel', '4001', 'CH', '+41619460000', 'Mo–Sa 9–19 Uhr', 47.557900, 7.589200, 2);
