-- Newsletter (the marketing subscription, spec §3 "Marketing subscriber", §4 "Newsletter"): one
-- subscriber per store view and e-mail address, confirmed by a signed e-mailed link (double opt-in),
-- with the adulthood it was given on and every change of status and consent (docs/decisions/0070).

CREATE TABLE marketing_subscriber (
  id uuid PRIMARY KEY,
  store_code text NOT NULL REFERENCES store_view (code),
  category text NOT NULL DEFAULT 'marketing' CHECK (category = 'marketing'),
  email text NOT NULL CHECK (email = lower(email) AND length(email) <= 254 AND position('@' IN email) > 1),
  status text NOT NULL CHECK (status IN ('NOT_ACTIVE', 'SUBSCRIBED', 'UNSUBSCRIBED', 'UNCONFIRMED')),
  preferred_language text NOT NULL CHECK (preferred_language ~ '^[a-z]{2}$'),
  -- Marketing purposes of the consents module (consent_purpose ids) the subscriber agreed to, each once.
  consents text[] NOT NULL CHECK (
    cardinality(consents) BETWEEN 1 AND 10
    AND array_to_string(consents, ',', '*') ~ '^[a-z][a-z0-9_]{1,63}(,[a-z][a-z0-9_]{1,63})*$'
  ),
  -- The text version of each purpose agreed to: { "email_marketing": 1 }.
  consent_versions jsonb NOT NULL CHECK (jsonb_typeof(consent_versions) = 'object'),
  -- The customer account the subscription belongs to, when it was made signed in or the address is an account's.
  user_uuid uuid REFERENCES identity_user (uuid) ON DELETE SET NULL,
  -- How the subscriber is known to be an adult: an age-verified account, or a guest's statement
  -- that they are of the market's legal age (kept with the age stated and when).
  age_basis text NOT NULL CHECK (age_basis IN ('account_verified', 'self_declared')),
  legal_age int NOT NULL CHECK (legal_age BETWEEN 16 AND 25),
  age_confirmed_at timestamptz NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT marketing_subscriber_confirmed_when CHECK (status <> 'SUBSCRIBED' OR confirmed_at IS NOT NULL),
  -- One subscriber per address in a store view: ten identical sign-ups at once make one.
  CONSTRAINT marketing_subscriber_once UNIQUE (store_code, category, email)
);
CREATE INDEX marketing_subscriber_email ON marketing_subscriber (email);
CREATE INDEX marketing_subscriber_user ON marketing_subscriber (user_uuid) WHERE user_uuid IS NOT NULL;

-- Every change of a subscriber, kept as proof of consent: the new status, the purposes and their text
-- versions, where it came from (the footer, the API, the legacy family, the account, a confirmation
-- link, the one-click unsubscribe, the unsubscribe page) and the client address.
CREATE TABLE marketing_subscriber_event (
  id bigserial PRIMARY KEY,
  subscriber_id uuid NOT NULL REFERENCES marketing_subscriber (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('NOT_ACTIVE', 'SUBSCRIBED', 'UNSUBSCRIBED', 'UNCONFIRMED')),
  consents text[] NOT NULL,
  consent_versions jsonb NOT NULL CHECK (jsonb_typeof(consent_versions) = 'object'),
  source text NOT NULL CHECK (source ~ '^[a-z][a-z_-]{1,31}$'),
  ip text CHECK (length(ip) <= 64),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX marketing_subscriber_event_subscriber ON marketing_subscriber_event (subscriber_id, created_at);

-- The messaging outbox carries a message's extra e-mail headers (List-Unsubscribe and
-- List-Unsubscribe-Post of marketing e-mails, RFC 8058) to the sender.
ALTER TABLE messaging_outbox ADD COLUMN headers jsonb CHECK (headers IS NULL OR jsonb_typeof(headers) = 'object');
