-- Pack codes: codes printed on packs, issued in batches (one per product and production date).
-- A code carries its batch id, its serial and a keyed check (HMAC, key from configuration), so
-- genuineness is computed, never looked up; only batches and registered codes are stored.
-- docs/decisions/0048.

CREATE TABLE pack_code_batch (
  -- Part of every code of the batch (4 base-32 characters): never reused.
  id integer PRIMARY KEY CHECK (id BETWEEN 1 AND 1048575),
  sku text NOT NULL CHECK (sku ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
  produced_on date NOT NULL,
  -- Serials 0 .. size-1 are printed (5 base-32 characters at most).
  size integer NOT NULL CHECK (size BETWEEN 1 AND 33554432),
  -- The loyalty earning rule a registration credits.
  earning_rule text NOT NULL REFERENCES loyalty_earning_rule(event_name),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pack_code_batch_per_product_and_day UNIQUE (sku, produced_on)
);

-- Each code registers once, ever, across all customers. Erasure keeps the row (the code stays
-- used) and drops whose it was.
CREATE TABLE pack_code_registration (
  code text PRIMARY KEY CHECK (code ~ '^[0-9A-HJKMNP-TV-Z]{16}$'),
  batch_id integer NOT NULL REFERENCES pack_code_batch(id),
  serial integer NOT NULL CHECK (serial >= 0),
  consumer_uuid uuid,
  points integer NOT NULL CHECK (points >= 0),
  earning_rule text NOT NULL,
  store_code text NOT NULL,
  registered_at timestamptz NOT NULL DEFAULT now(),
  erased_at timestamptz,
  CONSTRAINT pack_code_registration_once UNIQUE (batch_id, serial),
  CONSTRAINT pack_code_registration_owner_or_erased CHECK ((consumer_uuid IS NULL) = (erased_at IS NOT NULL))
);
CREATE INDEX pack_code_registration_consumer ON pack_code_registration (consumer_uuid, registered_at DESC) WHERE consumer_uuid IS NOT NULL;

-- Registrations a customer has used of the period's allowance; the CHECK holds the limit under
-- concurrent registrations (the allowance in force is written with each use).
CREATE TABLE pack_code_allowance (
  consumer_uuid uuid NOT NULL,
  period_start date NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  allowance integer NOT NULL CHECK (allowance >= 0),
  PRIMARY KEY (consumer_uuid, period_start),
  CONSTRAINT pack_code_allowance_within CHECK (used <= allowance)
);
