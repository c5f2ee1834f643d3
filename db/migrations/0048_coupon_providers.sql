-- External coupon providers (spec §7 "Coupons", docs/decisions/0068): a partner or a promotion hands
-- each signed-in customer one single-use code from a pool loaded by an operator.
CREATE TABLE coupon_provider (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{1,39}$'),
  -- Where the offer runs: the store views that show it.
  store_codes text[] NOT NULL CHECK (cardinality(store_codes) > 0),
  is_active boolean NOT NULL DEFAULT true,
  starts_at timestamptz,
  ends_at timestamptz,
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);

CREATE TABLE coupon_provider_text (
  provider_id text NOT NULL REFERENCES coupon_provider(id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  -- How the code is used at the partner (plain text).
  terms text NOT NULL DEFAULT '' CHECK (length(terms) <= 2000),
  PRIMARY KEY (provider_id, language)
);

-- The pool. A code is taken once (taken_at); taken_by names the customer until their account is
-- erased, and a customer holds at most one code of a provider (the partial unique index).
CREATE TABLE coupon_code (
  id bigserial PRIMARY KEY,
  provider_id text NOT NULL REFERENCES coupon_provider(id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9-]{4,40}$'),
  taken_by uuid,
  taken_at timestamptz,
  UNIQUE (provider_id, code),
  CHECK (taken_by IS NULL OR taken_at IS NOT NULL)
);
CREATE UNIQUE INDEX coupon_code_one_per_customer ON coupon_code (provider_id, taken_by) WHERE taken_by IS NOT NULL;
CREATE INDEX coupon_code_free ON coupon_code (provider_id, id) WHERE taken_at IS NULL;
CREATE INDEX coupon_code_taken_by ON coupon_code (taken_by) WHERE taken_by IS NOT NULL;
