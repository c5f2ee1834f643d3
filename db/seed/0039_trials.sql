-- The Ember One free trial of the gb_trial store view: the trial kit for £1, 14 days from delivery
-- (paid day plus three days for the post), a reminder three days before the end; keeping the device
-- after the trial is bought as "Ember One — kept after your trial" at £49.
-- It ships nothing (the device is with the customer since the age-verified trial order), so it is not
-- age-restricted and does not count against the per-day limit of restricted items a second time.
INSERT INTO catalog_product (sku, type_id, url_key, kind, is_visible, is_age_restricted, order_quantity_limit, position)
VALUES ('TRIAL-ONE-KEEP', 'virtual', 'ember-one-kept-after-trial', 'trial_conversion', false, false, 1, 6);

INSERT INTO catalog_product_text (product_id, language, name, subtitle, short_description, description, disclaimer, meta_title, meta_description)
SELECT p.id, v.language, v.name, v.subtitle, v.short_description, v.description, NULL, v.name || ' | Ember', v.short_description
  FROM catalog_product p
  JOIN (VALUES
    ('en', 'Ember One, kept after your trial', 'Your trial device is yours',
     'The Ember One from your trial kit, bought when you keep it after the trial.',
     '<p>You kept the Ember One of your trial kit: this is its purchase, charged to the card you paid the trial with.</p>'),
    ('de', 'Ember One, nach dem Test behalten', 'Ihr Testgerät gehört Ihnen',
     'Das Ember One aus Ihrem Testpaket, gekauft, wenn Sie es nach dem Test behalten.',
     '<p>Sie haben das Ember One Ihres Testpakets behalten: Dies ist sein Kauf, belastet auf die Karte, mit der Sie den Test bezahlt haben.</p>')
  ) AS v(language, name, subtitle, short_description, description) ON true
 WHERE p.sku = 'TRIAL-ONE-KEEP';

INSERT INTO catalog_product_price (product_id, store_code, currency, regular_minor, special_minor)
VALUES ((SELECT id FROM catalog_product WHERE sku = 'TRIAL-ONE-KEEP'), 'gb_trial', 'GBP', 4900, NULL);

INSERT INTO inventory_stock (product_id, quantity, low_stock_threshold)
VALUES ((SELECT id FROM catalog_product WHERE sku = 'TRIAL-ONE-KEEP'), 100000, 0);

INSERT INTO trials_program (code, store_code, kit_sku, conversion_sku, trial_days, delivery_days, reminder_days)
VALUES ('ember-one', 'gb_trial', 'TRIAL-ONE-KIT', 'TRIAL-ONE-KEEP', 14, 3, 3);
