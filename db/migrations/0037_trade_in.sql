-- Trade-in: a customer hands in a registered old device and gets a credit on a new one.
-- An offer belongs to a store view: the catalogue's trade-in product it is sold as (whose price in
-- the store view is the credit), the device models that qualify, the window it runs in and its terms.
CREATE TABLE trade_in_offer (
  id serial PRIMARY KEY,
  store_code text NOT NULL REFERENCES store_view (code),
  trade_in_sku text NOT NULL,
  -- Catalogue skus of the qualifying models: a device registered as one of them, or as one of their colours, qualifies.
  qualifying_skus text[] NOT NULL CHECK (cardinality(qualifying_skus) > 0),
  -- The old device must have been registered at least this many days before it is traded in.
  min_device_age_days integer NOT NULL DEFAULT 0 CHECK (min_device_age_days >= 0),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  UNIQUE (store_code, trade_in_sku)
);

CREATE TABLE trade_in_offer_text (
  offer_id integer NOT NULL REFERENCES trade_in_offer (id) ON DELETE CASCADE,
  language text NOT NULL,
  terms text NOT NULL,
  PRIMARY KEY (offer_id, language)
);

-- One old device is traded in once: a claim is made in the order's transaction and released only
-- when that order is cancelled or returned. The partial unique index is what stops two parallel
-- orders from using one device.
CREATE TABLE trade_in_claim (
  id bigserial PRIMARY KEY,
  device_id text NOT NULL,
  customer_uuid uuid NOT NULL,
  offer_id integer NOT NULL REFERENCES trade_in_offer (id),
  order_entity_id uuid NOT NULL REFERENCES orders_order (entity_id),
  credit_minor integer NOT NULL CHECK (credit_minor >= 0),
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz
);
CREATE UNIQUE INDEX trade_in_claim_device_once ON trade_in_claim (device_id) WHERE released_at IS NULL;
CREATE UNIQUE INDEX trade_in_claim_order_once ON trade_in_claim (order_entity_id) WHERE released_at IS NULL;
CREATE INDEX trade_in_claim_customer ON trade_in_claim (customer_uuid);

-- Offers are configuration the cart keeps in memory.
CREATE TRIGGER trade_in_offer_changes AFTER INSERT OR UPDATE OR DELETE ON trade_in_offer FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER trade_in_offer_text_changes AFTER INSERT OR UPDATE OR DELETE ON trade_in_offer_text FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
