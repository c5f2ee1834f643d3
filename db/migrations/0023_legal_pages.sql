-- Legal texts (terms, privacy, cookies, withdrawal and returns, imprint) per store view and
-- language, each publication a new version; the current one is the newest already published.
-- What a customer accepted is kept with the registration consent and with the order
-- (docs/decisions/0027).
CREATE TABLE content_legal_page (
  id serial PRIMARY KEY,
  store_code text NOT NULL REFERENCES store_view(code),
  kind text NOT NULL CHECK (kind IN ('terms', 'privacy', 'cookies', 'withdrawal', 'imprint')),
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  version int NOT NULL CHECK (version >= 1),
  published_at timestamptz NOT NULL,
  title text NOT NULL,
  meta_description text NOT NULL DEFAULT '',
  -- Markdown without HTML: headings, paragraphs, lists, emphasis and links (rendered as text, never markup).
  body text NOT NULL,
  UNIQUE (store_code, kind, language, version)
);
CREATE INDEX content_legal_page_current ON content_legal_page (store_code, language, kind, published_at DESC);

-- Checkout agreements ticked for a cart (setPaymentMethodOnCart agreement_ids), checked by placeOrder.
ALTER TABLE cart_cart ADD COLUMN agreement_ids int[] NOT NULL DEFAULT '{}';

-- The legal texts the buyer accepted when placing the order: [{ "kind": "terms", "version": 1, "title": "..." }, ...].
ALTER TABLE orders_order ADD COLUMN accepted_agreements jsonb NOT NULL DEFAULT '[]'::jsonb
  CHECK (jsonb_typeof(accepted_agreements) = 'array');

-- The legal text versions a consent was given to (terms_and_privacy at registration): { "terms": 1, "privacy": 1 }.
ALTER TABLE consent_user ADD COLUMN documents jsonb;
ALTER TABLE consent_history ADD COLUMN documents jsonb;
