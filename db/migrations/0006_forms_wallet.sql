-- Contact and complaint forms, and password hashes in Argon2id next to the older scrypt ones.
-- (Wallet pass links are signed and expire; they need no table.)

CREATE TABLE forms_submission (
  uuid uuid PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('CONTACT', 'COMPLAINT', 'FEEDBACK')),
  channel text NOT NULL CHECK (channel IN ('web', 'app', 'email', 'phone', 'store')),
  -- Set only from the submitter's session, never from the request body; no foreign key, because a
  -- cancelled account's submissions are anonymised (user_uuid cleared) by the cancellation workflow.
  user_uuid uuid,
  -- Where the acknowledgement went: the data subject's address or the signed-in customer's.
  email text CHECK (email IS NULL OR (email = lower(email) AND length(email) BETWEEN 3 AND 254)),
  data_subject jsonb CHECK (data_subject IS NULL OR (jsonb_typeof(data_subject) = 'object' AND octet_length(data_subject::text) <= 2048)),
  payload jsonb NOT NULL CHECK (jsonb_typeof(payload) = 'object' AND octet_length(payload::text) <= 16384),
  collection_point_token text CHECK (collection_point_token ~ '^[A-Za-z0-9_.:-]{1,128}$'),
  consent_purposes text[] NOT NULL DEFAULT '{}' CHECK (cardinality(consent_purposes) <= 20),
  store_code text NOT NULL REFERENCES store_view(code),
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  ip inet,
  created_at timestamptz NOT NULL DEFAULT now(),
  anonymised_at timestamptz,
  -- An anonymised submission keeps only its type, channel, place and time (complaint statistics).
  CHECK (anonymised_at IS NULL OR (user_uuid IS NULL AND email IS NULL AND data_subject IS NULL AND ip IS NULL AND payload = '{}'::jsonb))
);
CREATE INDEX forms_submission_user ON forms_submission (user_uuid, type) WHERE user_uuid IS NOT NULL;
CREATE INDEX forms_submission_email ON forms_submission (email) WHERE email IS NOT NULL;

-- Stored hashes carry their scheme and parameters: scrypt$N$r$p$salt$hash (older) or Argon2id's PHC string.
ALTER TABLE identity_credential DROP CONSTRAINT identity_credential_password_hash_check;
ALTER TABLE identity_credential ADD CONSTRAINT identity_credential_password_hash_check
  CHECK (password_hash LIKE 'scrypt$%' OR password_hash LIKE '$argon2id$%');
