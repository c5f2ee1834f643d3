-- Personal promo codes a customer can generate and share (applied to carts once checkout exists).
CREATE TABLE identity_promo_code (
  code text PRIMARY KEY CHECK (code ~ '^EMB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$'),
  user_uuid uuid NOT NULL REFERENCES identity_user(uuid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
-- One live personal code per customer: generating again returns it.
CREATE UNIQUE INDEX identity_promo_code_live ON identity_promo_code (user_uuid) WHERE revoked_at IS NULL;
