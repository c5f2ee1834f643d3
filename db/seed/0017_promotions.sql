-- Demo cart promotions (docs/decisions/0017).
INSERT INTO cart_promotion (code, store_code, type, trigger_skus, skus, allowed_qty, texts) VALUES
  ('ONE-POUCH', 'gb', 'free_gift_fixed', ARRAY['EMBER-ONE'], ARRAY['GIFT-POUCH'], 1,
   '{"en": {"title": "Free travel pouch", "description": "Every Ember One comes with a free travel pouch.", "hint": "Add an Ember One to get the pouch.", "label": "Free gift"}}'::jsonb),
  ('NOVA-CHOICE', 'gb', 'free_gift_flexible', ARRAY['EMBER-NOVA'], ARRAY['GIFT-POUCH', 'GIFT-LANYARD'], 1,
   '{"en": {"title": "Choose a free gift", "description": "Pick a travel pouch or a lanyard with your Ember Nova.", "hint": "Add an Ember Nova to choose a gift.", "label": "Free gift"}}'::jsonb),
  ('ONE-POUCH-DE', 'de', 'free_gift_fixed', ARRAY['EMBER-ONE'], ARRAY['GIFT-POUCH'], 1,
   '{"de": {"title": "Gratis Reisebeutel", "description": "Zu jedem Ember One gibt es einen Reisebeutel gratis.", "hint": "Lege einen Ember One in den Warenkorb, um den Beutel zu erhalten.", "label": "Gratisgeschenk"}}'::jsonb);
