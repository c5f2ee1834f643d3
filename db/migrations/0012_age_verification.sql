-- Age verification and regulated selling (docs/decisions/0012).

-- Which products only verified adults may buy is catalogue data. New products are restricted unless
-- marked otherwise (fail safe); of the seeded products only accessories and the non-nicotine gifts
-- (pouch, lanyard) are free to sell. The demo seed marks the same products.
ALTER TABLE catalog_product ADD COLUMN is_age_restricted boolean NOT NULL DEFAULT true;
UPDATE catalog_product SET is_age_restricted = false WHERE kind IN ('accessory', 'gift');

-- Per market (country): the minimum age and the period the store view's order limit counts over.
CREATE TABLE age_verification_country (
  country_code char(2) PRIMARY KEY CHECK (country_code ~ '^[A-Z]{2}$'),
  minimum_age int NOT NULL DEFAULT 18 CHECK (minimum_age BETWEEN 16 AND 25),
  order_limit_period_hours int NOT NULL DEFAULT 24 CHECK (order_limit_period_hours BETWEEN 1 AND 8760)
);

-- The methods each country offers (spec §7 available-methods).
CREATE TABLE age_verification_method (
  country_code char(2) NOT NULL REFERENCES age_verification_country(country_code),
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{1,39}$'),
  kind text NOT NULL CHECK (kind IN ('document', 'bank', 'database', 'hidden')),
  provider text NOT NULL CHECK (provider ~ '^[A-Z][A-Z0-9_]{1,19}$'),
  -- Asynchronous methods run as a provider workflow that ends with a signed callback.
  is_async boolean NOT NULL,
  workflow_name text,
  position int NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (country_code, code),
  CHECK (is_async = (workflow_name IS NOT NULL)),
  CHECK (kind <> 'hidden' OR NOT is_async)
);

-- One verification attempt and its result, kept for audit.
CREATE TABLE age_verification_request (
  uuid uuid PRIMARY KEY,
  user_uuid uuid REFERENCES identity_user(uuid),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  country_code char(2) NOT NULL,
  method_code text NOT NULL,
  provider text NOT NULL,
  provider_reference text NOT NULL CHECK (length(provider_reference) BETWEEN 16 AND 100),
  workflow_name text,
  firstname text NOT NULL,
  lastname text NOT NULL,
  date_of_birth date NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected', 'needs_review', 'expired')),
  reason text,
  -- The date of birth the provider confirmed (document, bank or database), when it gave one.
  verified_date_of_birth date,
  minimum_age int NOT NULL,
  return_path text,
  previous_uuid uuid REFERENCES age_verification_request(uuid),
  ip inet,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  FOREIGN KEY (country_code, method_code) REFERENCES age_verification_method(country_code, code),
  UNIQUE (provider, provider_reference),
  CHECK ((status IN ('pending', 'needs_review', 'expired')) OR completed_at IS NOT NULL),
  CHECK (status <> 'verified' OR verified_date_of_birth IS NOT NULL)
);
CREATE INDEX age_verification_request_user ON age_verification_request (user_uuid, created_at);
CREATE INDEX age_verification_request_email ON age_verification_request (email, created_at);

-- Results are final: only pending and needs_review move on, and only to the listed states.
CREATE FUNCTION age_verification_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'pending' AND NEW.status IN ('verified', 'rejected', 'needs_review', 'expired'))
    OR (OLD.status = 'needs_review' AND NEW.status IN ('verified', 'rejected'))
  ) THEN
    RAISE EXCEPTION 'age verification transition % -> % is not allowed', OLD.status, NEW.status USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER age_verification_request_transition BEFORE UPDATE ON age_verification_request
  FOR EACH ROW EXECUTE FUNCTION age_verification_check_transition();

-- Every event: attempts started, results, and refused callbacks (bad signature, replay, unknown, late).
CREATE TABLE age_verification_event (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_uuid uuid REFERENCES age_verification_request(uuid),
  provider text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('started', 'result', 'callback_refused', 'attached')),
  outcome text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX age_verification_event_request ON age_verification_event (request_uuid, id);

-- Provider callback ids already accepted: a replay finds its id here.
CREATE TABLE age_verification_callback (
  provider text NOT NULL,
  event_id text NOT NULL CHECK (length(event_id) BETWEEN 8 AND 100),
  request_uuid uuid NOT NULL REFERENCES age_verification_request(uuid),
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- The built-in TEST provider's own sessions: which test identity was presented and when to call back.
CREATE TABLE age_verification_test_session (
  reference text PRIMARY KEY,
  request_uuid uuid NOT NULL UNIQUE REFERENCES age_verification_request(uuid),
  identity text CHECK (identity IN ('adult', 'minor', 'review', 'timeout')),
  due_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX age_verification_test_session_due ON age_verification_test_session (due_at) WHERE delivered_at IS NULL;

-- Units of age-restricted products sold per customer (or guest e-mail), for the store view's order limit.
CREATE TABLE age_verification_sale (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  store_code text NOT NULL,
  buyer text NOT NULL,
  reference text NOT NULL,
  units int NOT NULL CHECK (units > 0),
  sold_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_code, reference)
);
CREATE INDEX age_verification_sale_buyer ON age_verification_sale (store_code, buyer, sold_at);

-- is_age_verified is derived: it can only turn true while a verified record of that customer exists.
CREATE FUNCTION age_verification_guard_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_age_verified AND (TG_OP = 'INSERT' OR NOT OLD.is_age_verified) AND NOT EXISTS (
    SELECT 1 FROM age_verification_request WHERE user_uuid = NEW.uuid AND status = 'verified'
  ) THEN
    RAISE EXCEPTION 'is_age_verified needs a verified age verification' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER identity_user_age_verified_guard BEFORE INSERT OR UPDATE OF is_age_verified ON identity_user
  FOR EACH ROW EXECUTE FUNCTION age_verification_guard_profile();

INSERT INTO age_verification_country (country_code, minimum_age, order_limit_period_hours) VALUES
  ('GB', 18, 24),
  ('DE', 18, 24),
  ('CH', 18, 24)
ON CONFLICT (country_code) DO NOTHING;

INSERT INTO age_verification_method (country_code, code, kind, provider, is_async, workflow_name, position) VALUES
  ('GB', 'document_scan', 'document', 'TEST', true, 'document_check', 1),
  ('GB', 'database_check', 'database', 'TEST', false, NULL, 2),
  ('GB', 'hidden', 'hidden', 'TEST', false, NULL, 3),
  ('DE', 'document_scan', 'document', 'TEST', true, 'document_check', 1),
  ('DE', 'bank_check', 'bank', 'TEST', true, 'bank_check', 2),
  ('CH', 'document_scan', 'document', 'TEST', true, 'document_check', 1),
  ('CH', 'database_check', 'database', 'TEST', false, NULL, 2)
ON CONFLICT (country_code, code) DO NOTHING;
