-- Order events: written by the orders module in the transaction that changes an order's status and
-- delivered at least once to each subscriber (loyalty, referral); a delivery row marks it done.
CREATE TABLE orders_event (
  id bigserial PRIMARY KEY,
  order_id text NOT NULL,
  order_number text NOT NULL,
  customer_uuid uuid,
  store_code text NOT NULL,
  type text NOT NULL CHECK (type IN ('placed', 'status_changed', 'delivered', 'canceled', 'refunded')),
  status text NOT NULL,
  grand_total integer NOT NULL,
  refunded_total integer NOT NULL DEFAULT 0,
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_event_order ON orders_event (order_id);

CREATE TABLE orders_event_delivery (
  event_id bigint NOT NULL REFERENCES orders_event(id),
  subscriber text NOT NULL CHECK (subscriber ~ '^[a-z][a-z0-9_]{0,31}$'),
  delivered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscriber, event_id)
);

-- Referral: one code per customer; parent_code names the referrer's code (set once, never the own code).
CREATE TABLE referral_customer (
  uuid uuid PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{6,16}$'),
  parent_code text REFERENCES referral_customer(code),
  tenant_code text NOT NULL,
  has_first_purchase boolean NOT NULL DEFAULT false,
  first_order_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  parent_set_at timestamptz,
  CHECK (parent_code IS NULL OR parent_code <> code)
);
CREATE INDEX referral_customer_parent ON referral_customer (parent_code);

-- The referrer's reward for a referee's first completed order: once per referee.
CREATE TABLE referral_reward (
  referee_uuid uuid PRIMARY KEY REFERENCES referral_customer(uuid),
  referrer_uuid uuid NOT NULL REFERENCES referral_customer(uuid),
  order_id text NOT NULL,
  points integer NOT NULL CHECK (points >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (referee_uuid <> referrer_uuid)
);
CREATE INDEX referral_reward_referrer ON referral_reward (referrer_uuid);
