-- Purchases in physical stores (spec §3 "offline purchases": action_id, datetime, type, items;
-- docs/decisions/0069): imported by an operator, matched to a customer, credited to the loyalty
-- ledger once per action (the ledger's unique source).
ALTER TABLE loyalty_ledger DROP CONSTRAINT loyalty_ledger_source_type_check;
ALTER TABLE loyalty_ledger ADD CONSTRAINT loyalty_ledger_source_type_check
  CHECK (source_type IN ('order', 'article', 'qr_code', 'pack_code', 'referral', 'reward', 'adjustment', 'expiry', 'offline_purchase'));

CREATE TABLE offline_purchase (
  action_id text PRIMARY KEY CHECK (action_id ~ '^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$'),
  -- The customer it was matched to; NULL once their account is erased.
  consumer_uuid uuid,
  store_code text NOT NULL REFERENCES store_view(code),
  purchased_at timestamptz NOT NULL,
  type text NOT NULL CHECK (type IN ('purchase')),
  -- [{ "sku": "...", "quantity": 1, "price": 1200 }] as the till recorded them.
  items jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array' AND jsonb_array_length(items) > 0),
  total_minor integer NOT NULL CHECK (total_minor >= 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  points integer NOT NULL CHECK (points >= 0),
  imported_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offline_purchase_consumer ON offline_purchase (consumer_uuid) WHERE consumer_uuid IS NOT NULL;
