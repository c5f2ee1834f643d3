-- Customers, their credentials, sessions, password resets, addresses and custom attributes.
CREATE TABLE identity_user (
  uuid uuid PRIMARY KEY,
  email text NOT NULL CHECK (email = lower(email) AND length(email) <= 254 AND position('@' IN email) > 1),
  email_verified_at timestamptz,
  pending_email text CHECK (pending_email = lower(pending_email)),
  firstname text NOT NULL CHECK (length(firstname) BETWEEN 1 AND 80),
  lastname text NOT NULL CHECK (length(lastname) BETWEEN 1 AND 80),
  date_of_birth date CHECK (date_of_birth >= DATE '1900-01-01'),
  telephone text CHECK (telephone ~ '^\+[1-9][0-9]{6,14}$'),
  telephone_verified_at timestamptz,
  gender text CHECK (gender IN ('male', 'female', 'diverse', 'unspecified')),
  store_code text NOT NULL REFERENCES store_view(code),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deactivated', 'cancelled')),
  status_reason text,
  is_age_verified boolean NOT NULL DEFAULT false,
  allow_date_of_birth_update boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One account per e-mail among accounts not cancelled (a cancelled account frees its address).
CREATE UNIQUE INDEX identity_user_email ON identity_user (email) WHERE status <> 'cancelled';

CREATE TABLE identity_credential (
  user_uuid uuid PRIMARY KEY REFERENCES identity_user(uuid) ON DELETE CASCADE,
  password_hash text NOT NULL CHECK (password_hash LIKE 'scrypt$%'),
  changed_at timestamptz NOT NULL DEFAULT now()
);

-- Sessions are stored by the SHA-256 of their token; the token itself is never kept.
CREATE TABLE identity_session (
  id uuid PRIMARY KEY,
  user_uuid uuid NOT NULL REFERENCES identity_user(uuid) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX identity_session_user ON identity_session (user_uuid) WHERE revoked_at IS NULL;

CREATE TABLE identity_password_reset (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_uuid uuid NOT NULL REFERENCES identity_user(uuid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE identity_address (
  id serial PRIMARY KEY,
  user_uuid uuid NOT NULL REFERENCES identity_user(uuid) ON DELETE CASCADE,
  firstname text NOT NULL,
  lastname text NOT NULL,
  street text[] NOT NULL CHECK (cardinality(street) BETWEEN 1 AND 3),
  city text NOT NULL,
  postcode text,
  country_code char(2) NOT NULL REFERENCES directory_country(id),
  region text,
  telephone text,
  is_default_billing boolean NOT NULL DEFAULT false,
  is_default_shipping boolean NOT NULL DEFAULT false,
  is_subscription boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_address_user ON identity_address (user_uuid);
-- At most one default billing and one default shipping address per customer.
CREATE UNIQUE INDEX identity_address_default_billing ON identity_address (user_uuid) WHERE is_default_billing;
CREATE UNIQUE INDEX identity_address_default_shipping ON identity_address (user_uuid) WHERE is_default_shipping;

CREATE TABLE identity_custom_attribute (
  user_uuid uuid NOT NULL REFERENCES identity_user(uuid) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{0,63}$'),
  value text NOT NULL CHECK (length(value) <= 1000),
  PRIMARY KEY (user_uuid, code)
);
