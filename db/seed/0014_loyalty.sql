-- Loyalty club demo data: the per-market flag (off in the trial store), rewards and campaigns,
-- articles, a QR code and product points. Tiers and earning rules come with the migration.
INSERT INTO loyalty_market (store_code, enabled)
SELECT code, CASE WHEN code = 'gb_trial' THEN 'false' ELSE 'true' END FROM store_view
ON CONFLICT (store_code) DO NOTHING;

INSERT INTO loyalty_reward (uuid, kind, name, description, image_url, points, discount_amount, currency, stock, store_code) VALUES
  ('7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0001', 'reward', 'Ember travel pouch', 'A soft pouch for your device, sent with your next order.', '/media/loyalty/reward-pouch.svg', 150, NULL, NULL, 500, NULL),
  ('7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0002', 'reward', 'Ember lanyard', 'Keep your device close.', '/media/loyalty/reward-lanyard.svg', 80, NULL, NULL, 1000, NULL),
  ('7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0003', 'reward', 'Limited edition charger', 'Only a few made.', '/media/loyalty/reward-charger.svg', 900, NULL, NULL, 25, NULL),
  ('7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0101', 'campaign', '£5 off your order', 'Spend 100 points for £5 off.', '/media/loyalty/campaign.svg', 100, 500, 'GBP', NULL, 'gb'),
  ('7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0102', 'campaign', '£12 off your order', 'Spend 200 points for £12 off.', '/media/loyalty/campaign.svg', 200, 1200, 'GBP', NULL, 'gb'),
  ('7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0103', 'campaign', '5 € Rabatt', '100 Punkte für 5 € Rabatt.', '/media/loyalty/campaign.svg', 100, 500, 'EUR', NULL, 'de');

INSERT INTO loyalty_article (article_id, title, summary, body, image_url, points, levels) VALUES
  ('caring-for-your-device', 'Caring for your device', 'Five habits that keep your Ember working like new.', 'Clean the contacts weekly with the cleaning kit. Charge with the original cable. Keep it out of hot cars. Store it in its case. Update it when the app asks.', '/media/loyalty/article-care.svg', 10, '{bronze,silver,gold}'),
  ('flavours-explained', 'Flavours explained', 'From Amber to Frost: how our flavours are blended.', 'Every flavour starts with a base blend, to which we add natural aromas in small steps until the taste is balanced.', '/media/loyalty/article-flavours.svg', 15, '{bronze,silver,gold}'),
  ('travel-with-ember', 'Travelling with Ember', 'What to know before you fly.', 'Carry your device in your hand luggage, never in checked bags, and check the rules of your destination.', '/media/loyalty/article-travel.svg', 10, '{silver,gold}');

INSERT INTO loyalty_qr_code (id, points, description, valid_from, valid_to) VALUES
  ('EMBER-PACK-2026', 25, 'Pack promotion 2026', TIMESTAMPTZ '2026-01-01 00:00:00+00', TIMESTAMPTZ '2027-12-31 23:59:59+00');

INSERT INTO loyalty_product_points (sku, store_code, points, rules, time_to)
SELECT p.sku, v.code, p.points, p.rules, NULL
  FROM (VALUES ('EMBER-ONE', 60), ('EMBER-ONE-SLATE', 60), ('EMBER-ONE-COPPER', 60), ('EMBER-ONE-IVORY', 60), ('EMBER-ONE-SAGE', 60),
               ('EMBER-NOVA', 90), ('EMBER-NOVA-MIDNIGHT', 90), ('EMBER-NOVA-ROSE', 90), ('EMBER-NOVA-COPPER', 90)) AS p0(sku, points)
 CROSS JOIN (SELECT code, language FROM store_view WHERE code IN ('gb', 'de', 'ch')) v
 -- The rule's text is in the store view's language.
 CROSS JOIN LATERAL (SELECT p0.sku, p0.points, CASE WHEN v.language = 'de'
   THEN ARRAY['1 Punkt pro voller ausgegebener Währungseinheit, gutgeschrieben bei Lieferung']
   ELSE ARRAY['1 point per whole unit spent, credited on delivery'] END AS rules) AS p;
