-- Consent purposes (reference data) and each customer's consents with their full history.
CREATE TABLE consent_purpose (
  id text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9_]{1,63}$'),
  category text NOT NULL CHECK (category IN ('email', 'sms', 'post', 'survey', 'additional', 'GDPR')),
  section_id text NOT NULL,
  mandatory boolean NOT NULL DEFAULT false,
  steps text[] NOT NULL DEFAULT '{}',
  position int NOT NULL DEFAULT 0
);

CREATE TABLE consent_purpose_text (
  purpose_id text NOT NULL REFERENCES consent_purpose(id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  name text NOT NULL,
  description text NOT NULL,
  section_name text NOT NULL,
  section_description text NOT NULL DEFAULT '',
  PRIMARY KEY (purpose_id, language)
);

CREATE TABLE consent_user (
  user_uuid uuid NOT NULL REFERENCES identity_user(uuid) ON DELETE CASCADE,
  purpose_id text NOT NULL REFERENCES consent_purpose(id),
  granted boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_uuid, purpose_id)
);

-- Every change, kept: who, which purpose, the new value, when, from where.
CREATE TABLE consent_history (
  id bigserial PRIMARY KEY,
  user_uuid uuid NOT NULL REFERENCES identity_user(uuid) ON DELETE CASCADE,
  purpose_id text NOT NULL REFERENCES consent_purpose(id),
  granted boolean NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  source text NOT NULL,
  ip text
);
CREATE INDEX consent_history_user ON consent_history (user_uuid, changed_at);

INSERT INTO consent_purpose (id, category, section_id, mandatory, steps, position) VALUES
  ('terms_and_privacy', 'GDPR', 'legal', true, '{registration,checkout}', 1),
  ('age_confirmation', 'GDPR', 'legal', true, '{registration}', 2),
  ('email_marketing', 'email', 'marketing', false, '{registration,account,checkout}', 1),
  ('sms_marketing', 'sms', 'marketing', false, '{registration,account}', 1),
  ('post_marketing', 'post', 'marketing', false, '{account}', 1),
  ('surveys', 'survey', 'research', false, '{account}', 1),
  ('personalisation', 'additional', 'personalisation', false, '{account}', 1)
ON CONFLICT (id) DO NOTHING;

INSERT INTO consent_purpose_text (purpose_id, language, name, description, section_name, section_description) VALUES
  ('terms_and_privacy', 'en', 'Terms and privacy notice', 'I accept the terms of use and have read the privacy notice.', 'Legal', 'Needed to hold an account.'),
  ('terms_and_privacy', 'de', 'AGB und Datenschutzhinweis', 'Ich akzeptiere die Nutzungsbedingungen und habe den Datenschutzhinweis gelesen.', 'Rechtliches', 'Für ein Kundenkonto erforderlich.'),
  ('age_confirmation', 'en', 'Adult smoker', 'I confirm I am 18 or over and an existing adult smoker or user of nicotine products.', 'Legal', 'Needed to hold an account.'),
  ('age_confirmation', 'de', 'Erwachsene Raucher', 'Ich bestätige, dass ich mindestens 18 Jahre alt bin und Raucher oder Nutzer von Nikotinprodukten.', 'Rechtliches', 'Für ein Kundenkonto erforderlich.'),
  ('email_marketing', 'en', 'News by e-mail', 'Offers, launches and club news by e-mail.', 'Marketing', 'How we may contact you.'),
  ('email_marketing', 'de', 'Neuigkeiten per E-Mail', 'Angebote, Neuheiten und Club-Neuigkeiten per E-Mail.', 'Marketing', 'Wie wir Sie kontaktieren dürfen.'),
  ('sms_marketing', 'en', 'News by text message', 'Offers and reminders by SMS.', 'Marketing', 'How we may contact you.'),
  ('sms_marketing', 'de', 'Neuigkeiten per SMS', 'Angebote und Erinnerungen per SMS.', 'Marketing', 'Wie wir Sie kontaktieren dürfen.'),
  ('post_marketing', 'en', 'News by post', 'Occasional letters and samples by post.', 'Marketing', 'How we may contact you.'),
  ('post_marketing', 'de', 'Neuigkeiten per Post', 'Gelegentliche Briefe und Proben per Post.', 'Marketing', 'Wie wir Sie kontaktieren dürfen.'),
  ('surveys', 'en', 'Surveys', 'Invitations to product surveys.', 'Research', 'Help us improve.'),
  ('surveys', 'de', 'Umfragen', 'Einladungen zu Produktumfragen.', 'Forschung', 'Helfen Sie uns besser zu werden.'),
  ('personalisation', 'en', 'Personalised offers', 'Offers chosen from what you buy.', 'Personalisation', 'Offers that fit you.'),
  ('personalisation', 'de', 'Persönliche Angebote', 'Angebote passend zu Ihren Einkäufen.', 'Personalisierung', 'Angebote, die zu Ihnen passen.')
ON CONFLICT (purpose_id, language) DO NOTHING;
