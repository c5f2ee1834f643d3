-- Demo seed, part 2: the Ember catalogue (swatches, categories, products, texts, prices, media, bundles, stock).
-- Rows refer to each other by natural keys (sku, url_key, code), never by serial ids.

-- Swatches ------------------------------------------------------------------
-- Swatch colours are mirrored in db/seed/media/generate.mjs.
INSERT INTO catalog_color (code, value_index, swatch_hex, position) VALUES
  ('slate', 101, '#5B6770', 1),
  ('copper', 102, '#B87333', 2),
  ('ivory', 103, '#EFE9DC', 3),
  ('sage', 104, '#9CAF88', 4),
  ('midnight', 105, '#1E2A44', 5),
  ('rose', 106, '#D8A7A7', 6);

INSERT INTO catalog_flavor (code, value_index, swatch_hex, intensity, position) VALUES
  ('amber', 201, '#D98E04', 3, 1),
  ('teak', 202, '#8B5A2B', 4, 2),
  ('turquoise', 203, '#2A9D8F', 2, 3),
  ('sienna', 204, '#A0522D', 5, 4),
  ('bronze', 205, '#A97142', 4, 5),
  ('mint', 206, '#3EB489', 3, 6),
  ('frost', 207, '#8FD3F0', 1, 7),
  ('citrus', 208, '#F2B705', 2, 8),
  ('berry', 209, '#8E3B5E', 3, 9);

INSERT INTO catalog_option_label (kind, code, language, label) VALUES
  ('color', 'slate', 'en', 'Slate'),
  ('color', 'slate', 'de', 'Schiefer'),
  ('color', 'copper', 'en', 'Copper'),
  ('color', 'copper', 'de', 'Kupfer'),
  ('color', 'ivory', 'en', 'Ivory'),
  ('color', 'ivory', 'de', 'Elfenbein'),
  ('color', 'sage', 'en', 'Sage'),
  ('color', 'sage', 'de', 'Salbei'),
  ('color', 'midnight', 'en', 'Midnight'),
  ('color', 'midnight', 'de', 'Mitternacht'),
  ('color', 'rose', 'en', 'Rose'),
  ('color', 'rose', 'de', 'Rosé'),
  ('flavor', 'amber', 'en', 'Amber'),
  ('flavor', 'amber', 'de', 'Bernstein'),
  ('flavor', 'teak', 'en', 'Teak'),
  ('flavor', 'teak', 'de', 'Teak'),
  ('flavor', 'turquoise', 'en', 'Turquoise'),
  ('flavor', 'turquoise', 'de', 'Türkis'),
  ('flavor', 'sienna', 'en', 'Sienna'),
  ('flavor', 'sienna', 'de', 'Siena'),
  ('flavor', 'bronze', 'en', 'Bronze'),
  ('flavor', 'bronze', 'de', 'Bronze'),
  ('flavor', 'mint', 'en', 'Mint'),
  ('flavor', 'mint', 'de', 'Minze'),
  ('flavor', 'frost', 'en', 'Frost'),
  ('flavor', 'frost', 'de', 'Frost'),
  ('flavor', 'citrus', 'en', 'Citrus'),
  ('flavor', 'citrus', 'de', 'Zitrus'),
  ('flavor', 'berry', 'en', 'Berry'),
  ('flavor', 'berry', 'de', 'Beere');

-- Categories ----------------------------------------------------------------
INSERT INTO catalog_category (parent_id, url_key, position, is_active, include_in_menu, store_locator_name)
VALUES (NULL, 'catalog', 0, true, false, NULL);

INSERT INTO catalog_category (parent_id, url_key, position, is_active, include_in_menu, store_locator_name)
SELECT (SELECT id FROM catalog_category WHERE url_key = 'catalog'), v.url_key, v.position, true, v.include_in_menu, v.store_locator_name
  FROM (VALUES
    ('devices', 1, true, 'Ember Devices'),
    ('sticks', 2, true, 'Ember Sticks'),
    ('cartons', 3, true, NULL),
    ('bundles', 4, true, NULL),
    ('accessories', 5, true, NULL),
    ('subscriptions', 6, true, NULL),
    ('trade-in', 7, false, NULL),
    ('free-gifts', 8, false, NULL)
  ) AS v(url_key, position, include_in_menu, store_locator_name)
 ORDER BY v.position;

INSERT INTO catalog_category_text (category_id, language, name, description)
SELECT c.id, v.language, v.name, v.description
  FROM (VALUES
    ('catalog', 'en', 'Catalogue', 'All Ember products.'),
    ('catalog', 'de', 'Katalog', 'Alle Ember-Produkte.'),
    ('devices', 'en', 'Devices', '<p>Ember heating devices: the compact Ember One and the induction-heated Ember Nova. Designed for use with Ember sticks only.</p>'),
    ('devices', 'de', 'Geräte', '<p>Ember-Heizgeräte: das kompakte Ember One und das induktionsbeheizte Ember Nova. Ausschließlich für Ember Sticks entwickelt.</p>'),
    ('sticks', 'en', 'Sticks', '<p>Every Ember blend in packs of 20 sticks. Find the intensity that suits you, from light to full-bodied.</p>'),
    ('sticks', 'de', 'Sticks', '<p>Alle Ember-Mischungen in Packungen mit 20 Sticks. Finden Sie die Intensität, die zu Ihnen passt, von leicht bis kräftig.</p>'),
    ('cartons', 'en', 'Cartons', '<p>Cartons of 10 packs (200 sticks). The more cartons you buy, the less you pay per carton.</p>'),
    ('cartons', 'de', 'Stangen', '<p>Stangen mit 10 Packungen (200 Sticks). Je mehr Stangen Sie kaufen, desto weniger zahlen Sie pro Stange.</p>'),
    ('bundles', 'en', 'Bundles', '<p>A device and sticks together, at a better price than buying them separately.</p>'),
    ('bundles', 'de', 'Sets', '<p>Gerät und Sticks zusammen, günstiger als einzeln gekauft.</p>'),
    ('accessories', 'en', 'Accessories', '<p>Chargers, carry cases and cleaning kits to keep your Ember device at its best.</p>'),
    ('accessories', 'de', 'Zubehör', '<p>Ladegeräte, Etuis und Reinigungssets, damit Ihr Ember-Gerät in Bestform bleibt.</p>'),
    ('subscriptions', 'en', 'Subscriptions', '<p>Your favourite blend delivered every two to eight weeks, as you choose. Skip, change or pause a delivery in your account.</p>'),
    ('subscriptions', 'de', 'Abos', '<p>Ihre Lieblingsmischung alle zwei bis acht Wochen geliefert, wie Sie möchten. Lieferungen im Konto aussetzen, ändern oder pausieren.</p>'),
    ('trade-in', 'en', 'Trade-in', '<p>Hand in your previous Ember device and receive a credit towards a new one.</p>'),
    ('trade-in', 'de', 'Inzahlungnahme', '<p>Geben Sie Ihr bisheriges Ember-Gerät ab und erhalten Sie eine Gutschrift für ein neues.</p>'),
    ('free-gifts', 'en', 'Free gifts', '<p>Complimentary extras added to qualifying orders while stocks last.</p>'),
    ('free-gifts', 'de', 'Gratisgeschenke', '<p>Kostenlose Extras zu qualifizierten Bestellungen, solange der Vorrat reicht.</p>')
  ) AS v(url_key, language, name, description)
  JOIN catalog_category c ON c.url_key = v.url_key;

-- Products ------------------------------------------------------------------
-- Devices: two configurable models with one simple child per colour.
INSERT INTO catalog_product (sku, type_id, url_key, kind, is_visible, color, weight, order_quantity_limit, position)
SELECT v.sku, v.type_id, v.url_key, 'device', v.is_visible, v.color, v.weight, 2, v.position
  FROM (VALUES
    ('EMBER-ONE', 'configurable', 'ember-one', true, NULL, NULL::numeric, 10),
    ('EMBER-ONE-SLATE', 'simple', 'ember-one-slate', false, 'slate', 0.180, 11),
    ('EMBER-ONE-COPPER', 'simple', 'ember-one-copper', false, 'copper', 0.180, 12),
    ('EMBER-ONE-IVORY', 'simple', 'ember-one-ivory', false, 'ivory', 0.180, 13),
    ('EMBER-ONE-SAGE', 'simple', 'ember-one-sage', false, 'sage', 0.180, 14),
    ('EMBER-NOVA', 'configurable', 'ember-nova', true, NULL, NULL, 20),
    ('EMBER-NOVA-MIDNIGHT', 'simple', 'ember-nova-midnight', false, 'midnight', 0.210, 21),
    ('EMBER-NOVA-ROSE', 'simple', 'ember-nova-rose', false, 'rose', 0.210, 22),
    ('EMBER-NOVA-COPPER', 'simple', 'ember-nova-copper', false, 'copper', 0.210, 23)
  ) AS v(sku, type_id, url_key, is_visible, color, weight, position)
 ORDER BY v.position;

-- Sticks: a pack of 20 and a carton of 200 for every blend. Four cartons take part in mix & match.
INSERT INTO catalog_product (sku, type_id, url_key, kind, flavor, is_mix_n_match, sticks_per_unit, weight, order_quantity_limit, position)
SELECT s.sku, 'simple', s.url_key, s.kind, s.flavor, s.is_mix_n_match, s.sticks_per_unit, s.weight, s.order_quantity_limit, s.position
  FROM (
    SELECT 'STK-' || upper(f.code) || '-PACK' AS sku, 'ember-sticks-' || f.code || '-pack' AS url_key, 'sticks_pack' AS kind,
           f.code AS flavor, false AS is_mix_n_match, 20 AS sticks_per_unit, 0.025 AS weight, NULL::int AS order_quantity_limit,
           100 + f.position AS position
      FROM catalog_flavor f
    UNION ALL
    SELECT 'STK-' || upper(f.code) || '-CARTON', 'ember-sticks-' || f.code || '-carton', 'sticks_carton',
           f.code, f.code IN ('amber', 'teak', 'turquoise', 'bronze'), 200, 0.250, 10,
           200 + f.position
      FROM catalog_flavor f
  ) AS s
 ORDER BY s.position;

-- Subscriptions: one carton of the chosen blend every two to eight weeks, as the shopper chooses.
INSERT INTO catalog_product (sku, type_id, url_key, kind, flavor, is_subscription, sticks_per_unit, weight, position)
SELECT 'SUB-' || upper(f.code) || '-CARTON', 'simple', 'ember-sticks-' || f.code || '-subscription', 'subscription',
       f.code, true, 200, 0.250, 300 + f.position
  FROM catalog_flavor f
 WHERE f.code IN ('amber', 'teak', 'turquoise', 'mint')
 ORDER BY f.position;

INSERT INTO catalog_product (sku, type_id, url_key, kind, color, weight, order_quantity_limit, position)
SELECT v.sku, v.type_id, v.url_key, v.kind, v.color, v.weight, v.order_quantity_limit, v.position
  FROM (VALUES
    ('BUNDLE-ONE-STARTER', 'bundle', 'ember-one-starter-kit', 'bundle', NULL, NULL::numeric, 2, 30),
    ('BUNDLE-NOVA-DUO', 'bundle', 'ember-nova-duo', 'bundle', NULL, NULL, 2, 31),
    ('ACC-CHARGER', 'simple', 'ember-usb-c-charger', 'accessory', NULL, 0.090, NULL, 400),
    ('ACC-CASE-SLATE', 'simple', 'ember-one-carry-case-slate', 'accessory', 'slate', 0.060, NULL, 401),
    ('ACC-CASE-COPPER', 'simple', 'ember-one-carry-case-copper', 'accessory', 'copper', 0.060, NULL, 402),
    ('ACC-CLEANING-KIT', 'simple', 'ember-cleaning-kit', 'accessory', NULL, 0.045, NULL, 403),
    ('GIFT-POUCH', 'simple', 'ember-travel-pouch', 'gift', NULL, 0.040, 1, 500),
    ('GIFT-LANYARD', 'simple', 'ember-lanyard', 'gift', NULL, 0.020, 1, 501),
    ('TRADEIN-EMBER-ONE', 'virtual', 'ember-one-trade-in', 'trade_in', NULL, NULL, 1, 600),
    ('TRIAL-ONE-KIT', 'simple', 'ember-one-trial-kit', 'trial_kit', NULL, 0.260, 1, 5)
  ) AS v(sku, type_id, url_key, kind, color, weight, order_quantity_limit, position)
 ORDER BY v.position;

-- Configurable structure ----------------------------------------------------
INSERT INTO catalog_configurable_attribute (product_id, attribute_code, position)
SELECT p.id, 'color', 0 FROM catalog_product p WHERE p.sku IN ('EMBER-ONE', 'EMBER-NOVA') ORDER BY p.id;

INSERT INTO catalog_configurable_link (parent_id, child_id)
SELECT parent.id, child.id
  FROM (VALUES
    ('EMBER-ONE', 'EMBER-ONE-SLATE'),
    ('EMBER-ONE', 'EMBER-ONE-COPPER'),
    ('EMBER-ONE', 'EMBER-ONE-IVORY'),
    ('EMBER-ONE', 'EMBER-ONE-SAGE'),
    ('EMBER-NOVA', 'EMBER-NOVA-MIDNIGHT'),
    ('EMBER-NOVA', 'EMBER-NOVA-ROSE'),
    ('EMBER-NOVA', 'EMBER-NOVA-COPPER')
  ) AS v(parent_sku, child_sku)
  JOIN catalog_product parent ON parent.sku = v.parent_sku
  JOIN catalog_product child ON child.sku = v.child_sku;

-- Texts ---------------------------------------------------------------------
INSERT INTO catalog_product_text (product_id, language, name, subtitle, short_description, description, disclaimer, meta_title, meta_description)
SELECT p.id, v.language, v.name, v.subtitle, v.short_description, v.description,
       CASE WHEN v.nicotine THEN d.disclaimer END, v.meta_title, v.meta_description
  FROM (VALUES
    ('EMBER-ONE', 'en', 'Ember One', 'The pocket-sized heating device',
     'Slim heating device for Ember sticks with a full day of battery and haptic feedback.',
     '<p>Ember One heats Ember sticks with a precisely controlled blade instead of burning them. One charge lasts for around 20 consecutive sessions, and a gentle vibration tells you when your stick is ready and when the session is about to end.</p><p>Its slim aluminium body fits any pocket and comes in four colours. Charges via USB-C in about 90 minutes.</p><p>For use with Ember sticks only. For adults of legal age.</p>',
     false, 'Ember One heating device | Ember', 'Ember One: the slim, pocket-sized heating device for Ember sticks. Four colours, USB-C charging, a full day of battery.'),
    ('EMBER-ONE', 'de', 'Ember One', 'Das handliche Heizgerät',
     'Schlankes Heizgerät für Ember Sticks mit Akku für den ganzen Tag und Vibrationsfeedback.',
     '<p>Ember One erhitzt Ember Sticks mit einer präzise gesteuerten Heizklinge, statt sie zu verbrennen. Eine Akkuladung reicht für rund 20 Anwendungen nacheinander, und eine sanfte Vibration zeigt an, wann Ihr Stick bereit ist und wann die Anwendung endet.</p><p>Das schlanke Aluminiumgehäuse passt in jede Tasche und ist in vier Farben erhältlich. Aufladen per USB-C in etwa 90 Minuten.</p><p>Nur zur Verwendung mit Ember Sticks. Nur für Erwachsene.</p>',
     false, 'Ember One Heizgerät | Ember', 'Ember One: das schlanke Heizgerät für Ember Sticks. Vier Farben, Laden per USB-C, Akku für den ganzen Tag.'),
    ('EMBER-NOVA', 'en', 'Ember Nova', 'Induction heating, no blade',
     'Our premium device: blade-free induction heating, three heat modes and a magnetic cap.',
     '<p>Ember Nova heats each stick from the inside with induction, so there is no blade to clean or break. Choose between three heat modes for a lighter or fuller experience, and check the battery at a glance on the illuminated ring.</p><p>The magnetic cap closes with a soft click, and the battery lasts for around 30 sessions per charge.</p><p>For use with Ember sticks only. For adults of legal age.</p>',
     false, 'Ember Nova induction heating device | Ember', 'Ember Nova: blade-free induction heating, three heat modes and a magnetic cap. The premium Ember device.'),
    ('EMBER-NOVA', 'de', 'Ember Nova', 'Induktion statt Heizklinge',
     'Unser Premiumgerät: Induktionsheizung ohne Klinge, drei Heizstufen und magnetische Kappe.',
     '<p>Ember Nova erhitzt jeden Stick per Induktion von innen, daher gibt es keine Heizklinge, die gereinigt werden muss oder brechen kann. Wählen Sie zwischen drei Heizstufen für ein leichteres oder volleres Erlebnis, und sehen Sie den Akkustand auf einen Blick am beleuchteten Ring.</p><p>Die magnetische Kappe schließt mit einem leisen Klick, und der Akku reicht für rund 30 Anwendungen pro Ladung.</p><p>Nur zur Verwendung mit Ember Sticks. Nur für Erwachsene.</p>',
     false, 'Ember Nova Induktionsgerät | Ember', 'Ember Nova: Induktionsheizung ohne Klinge, drei Heizstufen und magnetische Kappe. Das Premiumgerät von Ember.'),
    ('BUNDLE-ONE-STARTER', 'en', 'Ember One Starter Kit', 'Ember One + 2 cartons',
     'Everything to get started: an Ember One in the colour of your choice and two cartons of your favourite blend.',
     '<p>The Ember One Starter Kit combines our compact device with two cartons (400 sticks) of one mix and match blend: Amber, Teak, Turquoise or Bronze.</p><p>Pick your colour and blend below. The kit costs less than buying the device and cartons separately.</p>',
     true, 'Ember One Starter Kit | Ember', 'Ember One plus two cartons of Ember sticks in one kit, at a better price than buying separately.'),
    ('BUNDLE-ONE-STARTER', 'de', 'Ember One Starter-Set', 'Ember One + 2 Stangen',
     'Alles für den Einstieg: ein Ember One in Ihrer Wunschfarbe und zwei Stangen Ihrer Lieblingsmischung.',
     '<p>Das Ember One Starter-Set kombiniert unser kompaktes Gerät mit zwei Stangen (400 Sticks) einer Mix-and-Match-Mischung: Bernstein, Teak, Türkis oder Bronze.</p><p>Wählen Sie unten Farbe und Mischung. Das Set ist günstiger als Gerät und Stangen einzeln.</p>',
     true, 'Ember One Starter-Set | Ember', 'Ember One und zwei Stangen Ember Sticks in einem Set, günstiger als einzeln gekauft.'),
    ('BUNDLE-NOVA-DUO', 'en', 'Ember Nova Duo', 'Ember Nova + 3 cartons',
     'Ember Nova in the colour of your choice with three cartons of one blend.',
     '<p>The Ember Nova Duo pairs our induction device with three cartons (600 sticks) of Bronze, Mint, Frost or Citrus.</p><p>Choose your colour and blend below. The set costs less than buying the device and cartons separately.</p>',
     true, 'Ember Nova Duo | Ember', 'Ember Nova with three cartons of Ember sticks, at a better price than buying separately.'),
    ('BUNDLE-NOVA-DUO', 'de', 'Ember Nova Duo', 'Ember Nova + 3 Stangen',
     'Ember Nova in Ihrer Wunschfarbe mit drei Stangen einer Mischung.',
     '<p>Das Ember Nova Duo kombiniert unser Induktionsgerät mit drei Stangen (600 Sticks) Bronze, Minze, Frost oder Zitrus.</p><p>Wählen Sie unten Farbe und Mischung. Das Set ist günstiger als Gerät und Stangen einzeln.</p>',
     true, 'Ember Nova Duo | Ember', 'Ember Nova mit drei Stangen Ember Sticks, günstiger als einzeln gekauft.'),
    ('ACC-CHARGER', 'en', 'Ember USB-C Charger', '20 W wall charger with cable',
     'Fast 20 W USB-C wall charger with a 1 m braided cable, for Ember One and Ember Nova.',
     '<p>Charges Ember One in about 90 minutes and Ember Nova in about 2 hours. Includes a 1 m braided USB-C cable.</p>',
     false, 'Ember USB-C Charger | Ember', 'Fast 20 W USB-C wall charger with braided cable for Ember devices.'),
    ('ACC-CHARGER', 'de', 'Ember USB-C-Ladegerät', '20-W-Netzteil mit Kabel',
     'Schnelles 20-W-USB-C-Netzteil mit 1 m geflochtenem Kabel, für Ember One und Ember Nova.',
     '<p>Lädt Ember One in etwa 90 Minuten und Ember Nova in etwa 2 Stunden. Mit 1 m geflochtenem USB-C-Kabel.</p>',
     false, 'Ember USB-C-Ladegerät | Ember', 'Schnelles 20-W-USB-C-Netzteil mit geflochtenem Kabel für Ember-Geräte.'),
    ('ACC-CASE-SLATE', 'en', 'Ember One Carry Case Slate', 'Soft-touch sleeve',
     'Soft-touch protective sleeve for Ember One in Slate.',
     '<p>A slim, lined sleeve that protects Ember One from scratches in a bag or pocket. Stitched edges, magnetic closure.</p>',
     false, 'Ember One Carry Case Slate | Ember', 'Slim protective sleeve for Ember One in Slate.'),
    ('ACC-CASE-SLATE', 'de', 'Ember One Etui Schiefer', 'Hülle mit Soft-Touch-Oberfläche',
     'Schutzhülle mit Soft-Touch-Oberfläche für Ember One in Schiefer.',
     '<p>Eine schlanke, gefütterte Hülle, die Ember One in Tasche oder Hosentasche vor Kratzern schützt. Genähte Kanten, magnetischer Verschluss.</p>',
     false, 'Ember One Etui Schiefer | Ember', 'Schlanke Schutzhülle für Ember One in Schiefer.'),
    ('ACC-CASE-COPPER', 'en', 'Ember One Carry Case Copper', 'Soft-touch sleeve',
     'Soft-touch protective sleeve for Ember One in Copper.',
     '<p>A slim, lined sleeve that protects Ember One from scratches in a bag or pocket. Stitched edges, magnetic closure.</p>',
     false, 'Ember One Carry Case Copper | Ember', 'Slim protective sleeve for Ember One in Copper.'),
    ('ACC-CASE-COPPER', 'de', 'Ember One Etui Kupfer', 'Hülle mit Soft-Touch-Oberfläche',
     'Schutzhülle mit Soft-Touch-Oberfläche für Ember One in Kupfer.',
     '<p>Eine schlanke, gefütterte Hülle, die Ember One in Tasche oder Hosentasche vor Kratzern schützt. Genähte Kanten, magnetischer Verschluss.</p>',
     false, 'Ember One Etui Kupfer | Ember', 'Schlanke Schutzhülle für Ember One in Kupfer.'),
    ('ACC-CLEANING-KIT', 'en', 'Ember Cleaning Kit', 'Cleaning tool and 30 swabs',
     'Keeps the heating chamber of your Ember device clean for a consistent taste.',
     '<p>Includes a two-sided cleaning tool and 30 alcohol-free swabs. We recommend cleaning Ember One after every 20 sticks.</p>',
     false, 'Ember Cleaning Kit | Ember', 'Cleaning tool and 30 swabs for Ember devices.'),
    ('ACC-CLEANING-KIT', 'de', 'Ember Reinigungsset', 'Reinigungswerkzeug und 30 Stäbchen',
     'Hält die Heizkammer Ihres Ember-Geräts sauber, für einen gleichbleibenden Geschmack.',
     '<p>Enthält ein zweiseitiges Reinigungswerkzeug und 30 alkoholfreie Reinigungsstäbchen. Wir empfehlen, Ember One nach jeweils 20 Sticks zu reinigen.</p>',
     false, 'Ember Reinigungsset | Ember', 'Reinigungswerkzeug und 30 Stäbchen für Ember-Geräte.'),
    ('GIFT-POUCH', 'en', 'Ember Travel Pouch', 'Free gift',
     'A drawstring pouch for your device and a few packs, free with qualifying orders.',
     '<p>Water-repellent drawstring pouch in Midnight. Added free of charge to qualifying orders while stocks last.</p>',
     false, 'Ember Travel Pouch | Ember', 'Free Ember travel pouch with qualifying orders.'),
    ('GIFT-POUCH', 'de', 'Ember Reisebeutel', 'Gratisgeschenk',
     'Ein Beutel mit Kordelzug für Ihr Gerät und einige Packungen, gratis zu qualifizierten Bestellungen.',
     '<p>Wasserabweisender Beutel mit Kordelzug in Mitternacht. Kostenlos zu qualifizierten Bestellungen, solange der Vorrat reicht.</p>',
     false, 'Ember Reisebeutel | Ember', 'Gratis Ember Reisebeutel zu qualifizierten Bestellungen.'),
    ('GIFT-LANYARD', 'en', 'Ember Lanyard', 'Free gift',
     'A woven lanyard with a clip that fits Ember One, free with qualifying orders.',
     '<p>Woven lanyard in Ember orange with a detachable clip. Added free of charge to qualifying orders while stocks last.</p>',
     false, 'Ember Lanyard | Ember', 'Free Ember lanyard with qualifying orders.'),
    ('GIFT-LANYARD', 'de', 'Ember Umhängeband', 'Gratisgeschenk',
     'Ein gewebtes Umhängeband mit Clip für Ember One, gratis zu qualifizierten Bestellungen.',
     '<p>Gewebtes Umhängeband in Ember-Orange mit abnehmbarem Clip. Kostenlos zu qualifizierten Bestellungen, solange der Vorrat reicht.</p>',
     false, 'Ember Umhängeband | Ember', 'Gratis Ember Umhängeband zu qualifizierten Bestellungen.'),
    ('TRADEIN-EMBER-ONE', 'en', 'Ember One Trade-in', 'Credit towards a new device',
     'Hand in your Ember One, in any condition, and receive a credit towards an Ember Nova.',
     '<p>Add the trade-in to your basket together with a new Ember Nova. We send you a prepaid envelope for your old Ember One, and the credit is applied to your order.</p><p>Returned devices are refurbished or recycled responsibly.</p>',
     false, 'Ember One Trade-in | Ember', 'Trade in your Ember One and receive a credit towards a new Ember Nova.'),
    ('TRADEIN-EMBER-ONE', 'de', 'Ember One Inzahlungnahme', 'Gutschrift für ein neues Gerät',
     'Geben Sie Ihr Ember One in beliebigem Zustand ab und erhalten Sie eine Gutschrift für ein Ember Nova.',
     '<p>Legen Sie die Inzahlungnahme zusammen mit einem neuen Ember Nova in den Warenkorb. Wir senden Ihnen einen frankierten Umschlag für Ihr altes Ember One, und die Gutschrift wird mit Ihrer Bestellung verrechnet.</p><p>Zurückgegebene Geräte werden aufbereitet oder fachgerecht recycelt.</p>',
     false, 'Ember One Inzahlungnahme | Ember', 'Geben Sie Ihr Ember One in Zahlung und erhalten Sie eine Gutschrift für ein neues Ember Nova.'),
    ('TRIAL-ONE-KIT', 'en', 'Ember One Trial Kit', '14-day free trial',
     'Try Ember One for 14 days: device, charging cable and two packs of Ember Sticks Amber.',
     '<p>The trial kit contains an Ember One in Slate, a USB-C cable and two packs of Ember Sticks Amber. Keep the device after the trial or send it back free of charge within 14 days.</p><p>One trial kit per adult customer. Age verification required.</p>',
     true, 'Ember One Trial Kit | Ember', 'Try Ember One for 14 days with two packs of Ember sticks.'),
    ('TRIAL-ONE-KIT', 'de', 'Ember One Testpaket', '14 Tage gratis testen',
     'Testen Sie Ember One 14 Tage lang: Gerät, Ladekabel und zwei Packungen Ember Sticks Bernstein.',
     '<p>Das Testpaket enthält ein Ember One in Schiefer, ein USB-C-Kabel und zwei Packungen Ember Sticks Bernstein. Behalten Sie das Gerät nach dem Test oder senden Sie es innerhalb von 14 Tagen kostenlos zurück.</p><p>Ein Testpaket pro erwachsener Person. Altersprüfung erforderlich.</p>',
     true, 'Ember One Testpaket | Ember', 'Testen Sie Ember One 14 Tage lang mit zwei Packungen Ember Sticks.')
  ) AS v(sku, language, name, subtitle, short_description, description, nicotine, meta_title, meta_description)
  JOIN catalog_product p ON p.sku = v.sku
  JOIN (VALUES
    ('en', 'This product contains nicotine, which is highly addictive.'),
    ('de', 'Dieses Produkt enthält Nikotin, einen Stoff, der sehr stark abhängig macht.')
  ) AS d(language, disclaimer) ON d.language = v.language
 ORDER BY p.id, v.language;

-- Device children take the model texts with the colour in the name.
INSERT INTO catalog_product_text (product_id, language, name, subtitle, short_description, description, disclaimer, meta_title, meta_description)
SELECT child.id, t.language, t.name || ' ' || l.label, t.subtitle, t.short_description, t.description, t.disclaimer,
       t.name || ' ' || l.label || ' | Ember', t.meta_description
  FROM catalog_configurable_link cl
  JOIN catalog_product child ON child.id = cl.child_id
  JOIN catalog_product_text t ON t.product_id = cl.parent_id
  JOIN catalog_option_label l ON l.kind = 'color' AND l.code = child.color AND l.language = t.language
 ORDER BY child.id, t.language;

-- Sticks, cartons and subscriptions share one description per blend.
INSERT INTO catalog_product_text (product_id, language, name, subtitle, short_description, description, disclaimer, meta_title, meta_description)
SELECT p.id, n.language,
       CASE p.kind
         WHEN 'sticks_pack' THEN 'Ember Sticks ' || l.label
         WHEN 'sticks_carton' THEN 'Ember Sticks ' || l.label || CASE n.language WHEN 'de' THEN ' Stange' ELSE ' Carton' END
         ELSE 'Ember Sticks ' || l.label || CASE n.language WHEN 'de' THEN ' Abo' ELSE ' Subscription' END
       END,
       CASE p.kind
         WHEN 'sticks_pack' THEN CASE n.language WHEN 'de' THEN 'Packung mit 20 Sticks' ELSE 'Pack of 20 sticks' END
         WHEN 'sticks_carton' THEN CASE n.language WHEN 'de' THEN '10 Packungen, 200 Sticks' ELSE '10 packs, 200 sticks' END
         ELSE CASE n.language WHEN 'de' THEN 'Eine Stange alle 2 bis 8 Wochen' ELSE 'One carton every 2 to 8 weeks' END
       END,
       n.short_note || ' ' || CASE n.language WHEN 'de' THEN 'Intensität ' ELSE 'Intensity ' END || f.intensity || '/5.',
       '<p>' || n.long_note || '</p>' ||
       CASE p.kind
         WHEN 'sticks_pack' THEN CASE n.language
           WHEN 'de' THEN '<p>Jede Packung enthält 20 Tabaksticks zur Verwendung mit Ember One und Ember Nova. Ember Sticks niemals anzünden.</p>'
           ELSE '<p>Each pack holds 20 tobacco sticks for use with Ember One and Ember Nova. Never light an Ember stick.</p>' END
         WHEN 'sticks_carton' THEN CASE n.language
           WHEN 'de' THEN '<p>Eine Stange enthält 10 Packungen mit je 20 Tabaksticks. Ab drei Stangen sinkt der Preis pro Stange.</p>'
           ELSE '<p>A carton holds 10 packs of 20 tobacco sticks. From three cartons the price per carton goes down.</p>' END
         ELSE CASE n.language
           WHEN 'de' THEN '<p>Sie erhalten eine Stange (200 Sticks) alle zwei, vier, sechs oder acht Wochen, wie Sie es wählen. Lieferung aussetzen, Mischung oder Rhythmus wechseln und pausieren in Ihrem Konto.</p>'
           ELSE '<p>Receive a carton (200 sticks) every two, four, six or eight weeks, as you choose. Skip a delivery, change your blend or how often it comes, and pause in your account.</p>' END
       END ||
       CASE n.language WHEN 'de' THEN '<p>Abgabe nur an Personen ab 18 Jahren.</p>' ELSE '<p>Not for sale to persons under 18.</p>' END,
       CASE n.language
         WHEN 'de' THEN 'Dieses Produkt enthält Nikotin, einen Stoff, der sehr stark abhängig macht.'
         ELSE 'This product contains nicotine, which is highly addictive.'
       END,
       'Ember Sticks ' || l.label || ' ' ||
       CASE p.kind
         WHEN 'sticks_pack' THEN CASE n.language WHEN 'de' THEN '(20 Sticks)' ELSE '(20 sticks)' END
         WHEN 'sticks_carton' THEN CASE n.language WHEN 'de' THEN 'Stange (200 Sticks)' ELSE 'carton (200 sticks)' END
         ELSE CASE n.language WHEN 'de' THEN 'im Abo' ELSE 'subscription' END
       END || ' | Ember',
       n.short_note || ' ' || CASE n.language
         WHEN 'de' THEN 'Tabaksticks für Ember One und Ember Nova.'
         ELSE 'Tobacco sticks for Ember One and Ember Nova.'
       END
  FROM catalog_product p
  JOIN catalog_flavor f ON f.code = p.flavor
  JOIN (VALUES
    ('amber', 'en', 'A balanced, gently roasted tobacco blend.',
     'Amber is our house blend: roasted tobacco with a smooth, rounded finish and a hint of dried fruit.'),
    ('amber', 'de', 'Eine ausgewogene, sanft geröstete Tabakmischung.',
     'Bernstein ist unsere Hausmischung: gerösteter Tabak mit weichem, rundem Abgang und einem Hauch Trockenfrucht.'),
    ('teak', 'en', 'A full-bodied blend with woody, toasted notes.',
     'Teak brings a richer tobacco character with woody, toasted notes and a dry finish.'),
    ('teak', 'de', 'Eine kräftige Mischung mit holzigen, gerösteten Noten.',
     'Teak bietet einen volleren Tabakcharakter mit holzigen, gerösteten Noten und einem trockenen Abgang.'),
    ('turquoise', 'en', 'A light blend with a cool, clean finish.',
     'Turquoise pairs a light tobacco base with a cool, clean finish.'),
    ('turquoise', 'de', 'Eine leichte Mischung mit kühlem, klarem Abgang.',
     'Türkis verbindet eine leichte Tabakbasis mit einem kühlen, klaren Abgang.'),
    ('sienna', 'en', 'Our most intense blend, dark and earthy.',
     'Sienna is the strongest Ember blend: dark-roasted tobacco with earthy, spicy notes.'),
    ('sienna', 'de', 'Unsere intensivste Mischung, dunkel und erdig.',
     'Siena ist die kräftigste Ember-Mischung: dunkel gerösteter Tabak mit erdigen, würzigen Noten.'),
    ('bronze', 'en', 'A rich blend with notes of roasted nut and cocoa.',
     'Bronze layers a rich tobacco base with warm notes of roasted nut and cocoa.'),
    ('bronze', 'de', 'Eine volle Mischung mit Noten von gerösteter Nuss und Kakao.',
     'Bronze verbindet eine volle Tabakbasis mit warmen Noten von gerösteter Nuss und Kakao.'),
    ('mint', 'en', 'A fresh blend with a bright spearmint note.',
     'Mint combines a medium tobacco base with a bright, fresh spearmint note.'),
    ('mint', 'de', 'Eine frische Mischung mit heller Minznote.',
     'Minze verbindet eine mittlere Tabakbasis mit einer hellen, frischen Minznote.'),
    ('frost', 'en', 'Our lightest blend, crisp and icy.',
     'Frost is the lightest Ember blend: a delicate tobacco base with a crisp, icy finish.'),
    ('frost', 'de', 'Unsere leichteste Mischung, klar und eisig.',
     'Frost ist die leichteste Ember-Mischung: eine zarte Tabakbasis mit klarem, eisigem Abgang.'),
    ('citrus', 'en', 'A light blend with a zesty citrus twist.',
     'Citrus brightens a light tobacco base with a zesty twist of lemon peel.'),
    ('citrus', 'de', 'Eine leichte Mischung mit spritziger Zitrusnote.',
     'Zitrus belebt eine leichte Tabakbasis mit einer spritzigen Note von Zitronenschale.'),
    ('berry', 'en', 'A smooth blend with dark berry notes.',
     'Berry rounds a smooth tobacco base with soft notes of dark berries.'),
    ('berry', 'de', 'Eine weiche Mischung mit Noten dunkler Beeren.',
     'Beere ergänzt eine weiche Tabakbasis um sanfte Noten dunkler Beeren.')
  ) AS n(flavor, language, short_note, long_note) ON n.flavor = p.flavor
  JOIN catalog_option_label l ON l.kind = 'flavor' AND l.code = p.flavor AND l.language = n.language
 WHERE p.kind IN ('sticks_pack', 'sticks_carton', 'subscription')
 ORDER BY p.id, n.language;

-- Prices --------------------------------------------------------------------
-- A product is sold in a store view exactly when it has a price there. The trial store sells only the trial kit.
INSERT INTO catalog_product_price (product_id, store_code, currency, regular_minor, special_minor)
SELECT p.id, s.store_code, s.currency, s.regular_minor, s.special_minor
  FROM (VALUES
    ('EMBER-ONE', 6900, 4900, 7900, 5900, 7900, 5500),
    ('EMBER-ONE-SLATE', 6900, 4900, 7900, 5900, 7900, 5500),
    ('EMBER-ONE-COPPER', 6900, 4900, 7900, 5900, 7900, 5500),
    ('EMBER-ONE-IVORY', 6900, 4900, 7900, 5900, 7900, 5500),
    ('EMBER-ONE-SAGE', 6900, 4900, 7900, 5900, 7900, 5500),
    ('EMBER-NOVA', 9900, NULL, 11900, NULL, 11900, NULL),
    ('EMBER-NOVA-MIDNIGHT', 9900, NULL, 11900, NULL, 11900, NULL),
    ('EMBER-NOVA-ROSE', 9900, NULL, 11900, NULL, 11900, NULL),
    ('EMBER-NOVA-COPPER', 9900, NULL, 11900, NULL, 11900, NULL),
    ('BUNDLE-ONE-STARTER', 12900, NULL, 14900, NULL, 15900, NULL),
    ('BUNDLE-NOVA-DUO', 17900, NULL, 20900, NULL, 21900, NULL),
    ('ACC-CHARGER', 1900, NULL, 2200, NULL, 2400, NULL),
    ('ACC-CASE-SLATE', 1500, NULL, 1800, NULL, 1900, NULL),
    ('ACC-CASE-COPPER', 1500, 1200, 1800, 1400, 1900, 1500),
    ('ACC-CLEANING-KIT', 900, NULL, 1000, NULL, 1200, NULL),
    ('GIFT-POUCH', 0, NULL, 0, NULL, 0, NULL),
    ('GIFT-LANYARD', 0, NULL, 0, NULL, 0, NULL),
    ('TRADEIN-EMBER-ONE', 2900, NULL, 3300, NULL, 3400, NULL)
  ) AS v(sku, gb, gb_special, de, de_special, ch, ch_special)
  JOIN catalog_product p ON p.sku = v.sku
  CROSS JOIN LATERAL (VALUES
    ('gb', 'GBP', v.gb, v.gb_special::int),
    ('de', 'EUR', v.de, v.de_special::int),
    ('ch', 'CHF', v.ch, v.ch_special::int)
  ) AS s(store_code, currency, regular_minor, special_minor)
 ORDER BY p.id, s.store_code;

INSERT INTO catalog_product_price (product_id, store_code, currency, regular_minor, special_minor)
SELECT p.id, s.store_code, s.currency, s.regular_minor, NULL
  FROM catalog_product p
  JOIN (VALUES
    ('sticks_pack', 'gb', 'GBP', 550),
    ('sticks_pack', 'de', 'EUR', 700),
    ('sticks_pack', 'ch', 'CHF', 800),
    ('sticks_carton', 'gb', 'GBP', 5000),
    ('sticks_carton', 'de', 'EUR', 6500),
    ('sticks_carton', 'ch', 'CHF', 7500),
    ('subscription', 'gb', 'GBP', 4500),
    ('subscription', 'de', 'EUR', 5900),
    ('subscription', 'ch', 'CHF', 6800)
  ) AS s(kind, store_code, currency, regular_minor) ON s.kind = p.kind
 ORDER BY p.id, s.store_code;

-- Introductory price on the newest blend.
UPDATE catalog_product_price pr
   SET special_minor = CASE pr.store_code WHEN 'gb' THEN 450 WHEN 'de' THEN 600 ELSE 700 END
  FROM catalog_product p
 WHERE p.id = pr.product_id AND p.sku = 'STK-CITRUS-PACK';

INSERT INTO catalog_product_price (product_id, store_code, currency, regular_minor, special_minor)
VALUES ((SELECT id FROM catalog_product WHERE sku = 'TRIAL-ONE-KIT'), 'gb_trial', 'GBP', 100, NULL);

-- Carton tiers: 4 % off from 3 cartons, 8 % off from 5 cartons.
INSERT INTO catalog_product_tier_price (product_id, store_code, quantity, price_minor)
SELECT p.id, t.store_code, t.quantity, t.price_minor
  FROM catalog_product p
  CROSS JOIN (VALUES
    ('gb', 3, 4800),
    ('gb', 5, 4600),
    ('de', 3, 6240),
    ('de', 5, 5980),
    ('ch', 3, 7200),
    ('ch', 5, 6900)
  ) AS t(store_code, quantity, price_minor)
 WHERE p.kind = 'sticks_carton'
 ORDER BY p.id, t.store_code, t.quantity;

-- Category membership -------------------------------------------------------
-- Configurable children are reached through their parent and are not listed in categories.
INSERT INTO catalog_category_product (category_id, product_id, position)
SELECT c.id, p.id, p.position
  FROM catalog_product p
  JOIN (VALUES
    ('device', 'devices'),
    ('trial_kit', 'devices'),
    ('sticks_pack', 'sticks'),
    ('sticks_carton', 'cartons'),
    ('bundle', 'bundles'),
    ('accessory', 'accessories'),
    ('subscription', 'subscriptions'),
    ('trade_in', 'trade-in'),
    ('gift', 'free-gifts')
  ) AS m(kind, url_key) ON m.kind = p.kind
  JOIN catalog_category c ON c.url_key = m.url_key
 WHERE p.is_visible
 ORDER BY c.id, p.position;

-- Media ---------------------------------------------------------------------
-- Files live in db/seed/media and are generated by db/seed/media/generate.mjs.
INSERT INTO catalog_product_media (product_id, file, label, position, is_main)
SELECT p.id, m.file, m.label, m.position, m.position = 1
  FROM (VALUES
    ('EMBER-ONE', 1, '/media/devices/ember-one-slate.svg', 'Ember One in Slate'),
    ('EMBER-ONE', 2, '/media/devices/ember-one-copper.svg', 'Ember One in Copper'),
    ('EMBER-ONE', 3, '/media/devices/ember-one-ivory.svg', 'Ember One in Ivory'),
    ('EMBER-ONE-SLATE', 1, '/media/devices/ember-one-slate.svg', 'Ember One in Slate'),
    ('EMBER-ONE-COPPER', 1, '/media/devices/ember-one-copper.svg', 'Ember One in Copper'),
    ('EMBER-ONE-IVORY', 1, '/media/devices/ember-one-ivory.svg', 'Ember One in Ivory'),
    ('EMBER-ONE-SAGE', 1, '/media/devices/ember-one-sage.svg', 'Ember One in Sage'),
    ('EMBER-NOVA', 1, '/media/devices/ember-nova-midnight.svg', 'Ember Nova in Midnight'),
    ('EMBER-NOVA', 2, '/media/devices/ember-nova-rose.svg', 'Ember Nova in Rose'),
    ('EMBER-NOVA', 3, '/media/devices/ember-nova-copper.svg', 'Ember Nova in Copper'),
    ('EMBER-NOVA-MIDNIGHT', 1, '/media/devices/ember-nova-midnight.svg', 'Ember Nova in Midnight'),
    ('EMBER-NOVA-ROSE', 1, '/media/devices/ember-nova-rose.svg', 'Ember Nova in Rose'),
    ('EMBER-NOVA-COPPER', 1, '/media/devices/ember-nova-copper.svg', 'Ember Nova in Copper'),
    ('BUNDLE-ONE-STARTER', 1, '/media/bundles/one-starter.svg', 'Ember One Starter Kit'),
    ('BUNDLE-ONE-STARTER', 2, '/media/devices/ember-one-slate.svg', 'Ember One in Slate'),
    ('BUNDLE-NOVA-DUO', 1, '/media/bundles/nova-duo.svg', 'Ember Nova Duo'),
    ('BUNDLE-NOVA-DUO', 2, '/media/devices/ember-nova-midnight.svg', 'Ember Nova in Midnight'),
    ('ACC-CHARGER', 1, '/media/accessories/charger.svg', 'Ember USB-C charger'),
    ('ACC-CASE-SLATE', 1, '/media/accessories/case-slate.svg', 'Ember One carry case in Slate'),
    ('ACC-CASE-COPPER', 1, '/media/accessories/case-copper.svg', 'Ember One carry case in Copper'),
    ('ACC-CLEANING-KIT', 1, '/media/accessories/cleaning-kit.svg', 'Ember cleaning kit'),
    ('GIFT-POUCH', 1, '/media/gifts/pouch.svg', 'Ember travel pouch'),
    ('GIFT-LANYARD', 1, '/media/gifts/lanyard.svg', 'Ember lanyard'),
    ('TRADEIN-EMBER-ONE', 1, '/media/trade-in/ember-one-trade-in.svg', 'Ember One trade-in'),
    ('TRIAL-ONE-KIT', 1, '/media/trial/one-trial-kit.svg', 'Ember One trial kit'),
    ('TRIAL-ONE-KIT', 2, '/media/devices/ember-one-slate.svg', 'Ember One in Slate')
  ) AS m(sku, position, file, label)
  JOIN catalog_product p ON p.sku = m.sku
 ORDER BY p.id, m.position;

INSERT INTO catalog_product_media (product_id, file, label, position, is_main)
SELECT p.id, m.file, m.label, m.position, m.position = 1
  FROM catalog_product p
  JOIN catalog_option_label l ON l.kind = 'flavor' AND l.code = p.flavor AND l.language = 'en'
  CROSS JOIN LATERAL (VALUES
    (1, CASE p.kind
          WHEN 'sticks_pack' THEN '/media/sticks/' || p.flavor || '-pack.svg'
          WHEN 'sticks_carton' THEN '/media/sticks/' || p.flavor || '-carton.svg'
          ELSE '/media/subscriptions/' || p.flavor || '-subscription.svg'
        END,
        CASE p.kind
          WHEN 'sticks_pack' THEN 'Ember Sticks ' || l.label || ', pack of 20'
          WHEN 'sticks_carton' THEN 'Ember Sticks ' || l.label || ', carton of 200'
          ELSE 'Ember Sticks ' || l.label || ' subscription'
        END),
    (2, CASE p.kind
          WHEN 'sticks_carton' THEN '/media/sticks/' || p.flavor || '-pack.svg'
          WHEN 'subscription' THEN '/media/sticks/' || p.flavor || '-carton.svg'
        END,
        CASE p.kind
          WHEN 'sticks_carton' THEN 'Ember Sticks ' || l.label || ', pack of 20'
          WHEN 'subscription' THEN 'Ember Sticks ' || l.label || ', carton of 200'
        END)
  ) AS m(position, file, label)
 WHERE p.kind IN ('sticks_pack', 'sticks_carton', 'subscription') AND m.file IS NOT NULL
 ORDER BY p.id, m.position;

-- Bundles -------------------------------------------------------------------
INSERT INTO catalog_bundle_option (product_id, position, type, required)
SELECT p.id, v.position, 'select', true
  FROM (VALUES
    ('BUNDLE-ONE-STARTER', 1),
    ('BUNDLE-ONE-STARTER', 2),
    ('BUNDLE-NOVA-DUO', 1),
    ('BUNDLE-NOVA-DUO', 2)
  ) AS v(sku, position)
  JOIN catalog_product p ON p.sku = v.sku
 ORDER BY p.id, v.position;

INSERT INTO catalog_bundle_option_text (option_id, language, title)
SELECT o.id, v.language, v.title
  FROM (VALUES
    ('BUNDLE-ONE-STARTER', 1, 'en', 'Device'),
    ('BUNDLE-ONE-STARTER', 1, 'de', 'Gerät'),
    ('BUNDLE-ONE-STARTER', 2, 'en', 'Cartons'),
    ('BUNDLE-ONE-STARTER', 2, 'de', 'Stangen'),
    ('BUNDLE-NOVA-DUO', 1, 'en', 'Device'),
    ('BUNDLE-NOVA-DUO', 1, 'de', 'Gerät'),
    ('BUNDLE-NOVA-DUO', 2, 'en', 'Cartons'),
    ('BUNDLE-NOVA-DUO', 2, 'de', 'Stangen')
  ) AS v(sku, position, language, title)
  JOIN catalog_product p ON p.sku = v.sku
  JOIN catalog_bundle_option o ON o.product_id = p.id AND o.position = v.position;

INSERT INTO catalog_bundle_selection (option_id, product_id, quantity, can_change_quantity, is_default, position)
SELECT o.id, s.id, v.quantity, false, v.is_default, v.position
  FROM (VALUES
    ('BUNDLE-ONE-STARTER', 1, 'EMBER-ONE-SLATE', 1, true, 1),
    ('BUNDLE-ONE-STARTER', 1, 'EMBER-ONE-COPPER', 1, false, 2),
    ('BUNDLE-ONE-STARTER', 1, 'EMBER-ONE-IVORY', 1, false, 3),
    ('BUNDLE-ONE-STARTER', 1, 'EMBER-ONE-SAGE', 1, false, 4),
    ('BUNDLE-ONE-STARTER', 2, 'STK-AMBER-CARTON', 2, true, 1),
    ('BUNDLE-ONE-STARTER', 2, 'STK-TEAK-CARTON', 2, false, 2),
    ('BUNDLE-ONE-STARTER', 2, 'STK-TURQUOISE-CARTON', 2, false, 3),
    ('BUNDLE-ONE-STARTER', 2, 'STK-BRONZE-CARTON', 2, false, 4),
    ('BUNDLE-NOVA-DUO', 1, 'EMBER-NOVA-MIDNIGHT', 1, true, 1),
    ('BUNDLE-NOVA-DUO', 1, 'EMBER-NOVA-ROSE', 1, false, 2),
    ('BUNDLE-NOVA-DUO', 1, 'EMBER-NOVA-COPPER', 1, false, 3),
    ('BUNDLE-NOVA-DUO', 2, 'STK-BRONZE-CARTON', 3, true, 1),
    ('BUNDLE-NOVA-DUO', 2, 'STK-MINT-CARTON', 3, false, 2),
    ('BUNDLE-NOVA-DUO', 2, 'STK-FROST-CARTON', 3, false, 3),
    ('BUNDLE-NOVA-DUO', 2, 'STK-CITRUS-CARTON', 3, false, 4)
  ) AS v(bundle_sku, option_position, sku, quantity, is_default, position)
  JOIN catalog_product b ON b.sku = v.bundle_sku
  JOIN catalog_bundle_option o ON o.product_id = b.id AND o.position = v.option_position
  JOIN catalog_product s ON s.sku = v.sku
 ORDER BY o.id, v.position;

-- Stock ---------------------------------------------------------------------
-- Every simple and virtual product has a stock row. Configurables and bundles follow their children.
INSERT INTO inventory_stock (product_id, quantity, low_stock_threshold)
SELECT p.id, v.quantity, v.low_stock_threshold
  FROM (VALUES
    ('EMBER-ONE-SLATE', 120, 5),
    ('EMBER-ONE-COPPER', 45, 5),
    ('EMBER-ONE-IVORY', 3, 5),
    ('EMBER-ONE-SAGE', 0, 5),
    ('EMBER-NOVA-MIDNIGHT', 80, 5),
    ('EMBER-NOVA-ROSE', 0, 5),
    ('EMBER-NOVA-COPPER', 25, 5),
    ('STK-AMBER-PACK', 480, 20),
    ('STK-TEAK-PACK', 350, 20),
    ('STK-TURQUOISE-PACK', 290, 20),
    ('STK-SIENNA-PACK', 0, 20),
    ('STK-BRONZE-PACK', 210, 20),
    ('STK-MINT-PACK', 330, 20),
    ('STK-FROST-PACK', 180, 20),
    ('STK-CITRUS-PACK', 260, 20),
    ('STK-BERRY-PACK', 150, 20),
    ('STK-AMBER-CARTON', 140, 10),
    ('STK-TEAK-CARTON', 95, 10),
    ('STK-TURQUOISE-CARTON', 88, 10),
    ('STK-SIENNA-CARTON', 40, 10),
    ('STK-BRONZE-CARTON', 60, 10),
    ('STK-MINT-CARTON', 72, 10),
    ('STK-FROST-CARTON', 8, 10),
    ('STK-CITRUS-CARTON', 55, 10),
    ('STK-BERRY-CARTON', 30, 10),
    ('SUB-AMBER-CARTON', 500, 10),
    ('SUB-TEAK-CARTON', 500, 10),
    ('SUB-TURQUOISE-CARTON', 500, 10),
    ('SUB-MINT-CARTON', 500, 10),
    ('ACC-CHARGER', 60, 5),
    ('ACC-CASE-SLATE', 35, 5),
    ('ACC-CASE-COPPER', 4, 5),
    ('ACC-CLEANING-KIT', 90, 5),
    ('GIFT-POUCH', 250, 25),
    ('GIFT-LANYARD', 400, 25),
    ('TRADEIN-EMBER-ONE', 1000, 0),
    ('TRIAL-ONE-KIT', 50, 10)
  ) AS v(sku, quantity, low_stock_threshold)
  JOIN catalog_product p ON p.sku = v.sku
 ORDER BY p.id;

-- Only verified adults may buy nicotine products and devices; accessories and the non-nicotine gifts are free to sell.
UPDATE catalog_product SET is_age_restricted = false WHERE kind IN ('accessory', 'gift');
