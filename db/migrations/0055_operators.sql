-- The operator console's people (docs/decisions/0076): operator accounts apart from customers, their
-- sessions (a password step, then a TOTP step), and the audit log of every change an operator or a
-- script holding ADMIN_TOKEN makes at /admin. The log cannot be changed or deleted, not even by the shop.

CREATE TABLE operator_account (
  uuid uuid PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) <= 254 AND position('@' IN email) > 1),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  role text NOT NULL CHECK (role IN ('owner', 'support', 'fulfilment', 'marketing', 'compliance')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  password_hash text NOT NULL,
  -- The TOTP secret, sealed with AES-256-GCM under the configured key (it must be read back to check
  -- a code, so it cannot be hashed); confirmed once the operator has entered a first valid code.
  totp_secret_sealed text,
  totp_confirmed_at timestamptz,
  -- The last TOTP time step accepted: a code is good once (RFC 6238 §5.2).
  totp_last_step bigint,
  created_by uuid REFERENCES operator_account (uuid),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  CHECK (totp_confirmed_at IS NULL OR totp_secret_sealed IS NOT NULL)
);

CREATE TABLE operator_session (
  token_hash bytea PRIMARY KEY CHECK (length(token_hash) = 32),
  operator_uuid uuid NOT NULL REFERENCES operator_account (uuid) ON DELETE CASCADE,
  -- 'password': the password was right, the second factor is due (or its enrolment); 'full': signed in.
  stage text NOT NULL CHECK (stage IN ('password', 'full')),
  csrf_hash bytea NOT NULL CHECK (length(csrf_hash) = 32),
  totp_failures int NOT NULL DEFAULT 0 CHECK (totp_failures >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX operator_session_operator ON operator_session (operator_uuid);
CREATE INDEX operator_session_expires ON operator_session (expires_at);

CREATE TABLE operator_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_kind text NOT NULL CHECK (actor_kind IN ('operator', 'token', 'system')),
  operator_uuid uuid REFERENCES operator_account (uuid),
  -- Who it was at the time (the operator's e-mail, or ADMIN_TOKEN): the log reads the same after an operator changes.
  actor_label text NOT NULL CHECK (length(actor_label) BETWEEN 1 AND 254),
  action text NOT NULL CHECK (action ~ '^[a-z][a-z_]*(\.[a-z][a-z_]*)+$' AND length(action) <= 80),
  entity_type text NOT NULL CHECK (entity_type ~ '^[a-z][a-z_]*$' AND length(entity_type) <= 40),
  entity_id text NOT NULL CHECK (length(entity_id) BETWEEN 1 AND 200),
  before jsonb,
  after jsonb,
  request_id text CHECK (length(request_id) <= 100),
  CHECK ((actor_kind = 'operator') = (operator_uuid IS NOT NULL))
);
CREATE INDEX operator_audit_at ON operator_audit (at DESC, id DESC);
CREATE INDEX operator_audit_entity ON operator_audit (entity_type, entity_id, at DESC);
CREATE INDEX operator_audit_operator ON operator_audit (operator_uuid, at DESC);
CREATE INDEX operator_audit_action ON operator_audit (action, at DESC);

-- The log is append-only: no UPDATE, DELETE or TRUNCATE, whoever asks.
CREATE FUNCTION operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only' USING ERRCODE = '42501';
END;
$$;
CREATE TRIGGER operator_audit_no_change BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_append_only();
CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_append_only();
