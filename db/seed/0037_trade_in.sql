-- Trade-in offers: an Ember One registered to the customer is traded in with a new device, in
-- every store view that sells the trade-in; the credit is the trade-in product's price there.
INSERT INTO trade_in_offer (store_code, trade_in_sku, qualifying_skus, min_device_age_days, starts_at, ends_at)
SELECT v.store_code, 'TRADEIN-EMBER-ONE', ARRAY['EMBER-ONE'], 0, timestamptz '2025-01-01 00:00:00+00', NULL
  FROM (VALUES ('gb'), ('de'), ('ch')) AS v(store_code);

INSERT INTO trade_in_offer_text (offer_id, language, terms)
SELECT o.id, t.language, t.terms
  FROM trade_in_offer o
  CROSS JOIN (VALUES
    ('en', 'Trade in one registered Ember One per new device. The credit is taken off your order. We send you a prepaid envelope; return the old device within 30 days, otherwise the credit is charged to your payment method.'),
    ('de', 'Pro neuem Gerät kann ein registrierter Ember One in Zahlung gegeben werden. Die Gutschrift wird von Ihrer Bestellung abgezogen. Sie erhalten einen frankierten Umschlag; senden Sie das alte Gerät innerhalb von 30 Tagen zurück, sonst wird die Gutschrift Ihrem Zahlungsmittel belastet.')
  ) AS t(language, terms)
 WHERE o.trade_in_sku = 'TRADEIN-EMBER-ONE';
