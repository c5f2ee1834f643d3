-- Texts per language: the loyalty club's (tiers, rewards, articles, earning rules) and the English
-- order status labels. Loyalty texts are kept as the catalogue (catalog_product_text) and consents
-- (consent_purpose_text) keep theirs: one row per thing and language. A text missing in a language
-- falls back to the row's own columns, which hold the shop's source language (English).
CREATE TABLE loyalty_tier_text (
  code text NOT NULL REFERENCES loyalty_tier(code) ON DELETE CASCADE,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  PRIMARY KEY (code, language)
);

CREATE TABLE loyalty_reward_text (
  reward_uuid uuid NOT NULL REFERENCES loyalty_reward(uuid) ON DELETE CASCADE,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  description text NOT NULL DEFAULT '',
  PRIMARY KEY (reward_uuid, language)
);

CREATE TABLE loyalty_article_text (
  article_id text NOT NULL REFERENCES loyalty_article(article_id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  summary text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  PRIMARY KEY (article_id, language)
);

CREATE TABLE loyalty_earning_rule_text (
  event_name text NOT NULL REFERENCES loyalty_earning_rule(event_name) ON DELETE CASCADE,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  description text NOT NULL,
  PRIMARY KEY (event_name, language)
);

-- The tiers and earning rules come with the schema (0014), so their German texts do too.
INSERT INTO loyalty_tier_text (code, language, name)
SELECT t.code, 'de', t.name_de
  FROM (VALUES ('bronze', 'Bronze'), ('silver', 'Silber'), ('gold', 'Gold')) AS t(code, name_de)
 WHERE EXISTS (SELECT 1 FROM loyalty_tier WHERE code = t.code);

INSERT INTO loyalty_earning_rule_text (event_name, language, description)
SELECT r.event_name, 'de', r.description_de
  FROM (VALUES
    ('order_placed', 'Punkte für jede volle Währungseinheit, gutgeschrieben, sobald die Bestellung geliefert ist'),
    ('article_read', 'Einen Club-Artikel lesen'),
    ('qr_code_scan', 'Einen QR-Code auf einer Packung scannen'),
    ('pack_code_registered', 'Einen Packungscode registrieren'),
    ('referral_first_order', 'Eine geworbene Person schließt ihre erste Bestellung ab'),
    ('registration', 'Dem Club beitreten')) AS r(event_name, description_de)
 WHERE EXISTS (SELECT 1 FROM loyalty_earning_rule WHERE event_name = r.event_name);

-- Order statuses in British English: the shop's English is en-GB, where a cancelled order has two
-- l's. The status code stays Magento's `canceled`; only the label a shopper reads changes.
INSERT INTO orders_status_label (status, language, label)
SELECT 'canceled', 'en', 'Cancelled' WHERE EXISTS (SELECT 1 FROM orders_status WHERE code = 'canceled')
ON CONFLICT (status, language) DO UPDATE SET label = EXCLUDED.label;
