-- Loyalty club: an append-only points ledger per consumer whose running balance the database keeps
-- (a trigger) and guards (CHECKs), pending order points, rewards and campaigns, articles, QR codes,
-- tiers, earning rules, product points and per-market settings.

-- Per-market switch and client settings; enabled is the spec's feature flag, the string 'true'.
CREATE TABLE loyalty_market (
  store_code text PRIMARY KEY REFERENCES store_view(code),
  enabled text NOT NULL DEFAULT 'true' CHECK (enabled IN ('true', 'false')),
  -- NULL: the server's LOYALTY_TIMEOUT_MS.
  timeout_ms integer CHECK (timeout_ms BETWEEN 100 AND 60000)
);
INSERT INTO loyalty_market (store_code, enabled)
SELECT code, CASE WHEN code = 'gb_trial' THEN 'false' ELSE 'true' END FROM store_view;

-- The balance row: balance = sum of the consumer's ledger (kept by the trigger below), held = points
-- reserved by campaigns applied to carts. Neither may go below zero, and no more can be held than owned.
CREATE TABLE loyalty_account (
  consumer_uuid uuid PRIMARY KEY,
  balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
  held integer NOT NULL DEFAULT 0 CHECK (held >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT loyalty_account_held_within_balance CHECK (held <= balance)
);

CREATE TABLE loyalty_ledger (
  id bigserial PRIMARY KEY,
  consumer_uuid uuid NOT NULL,
  points integer NOT NULL CHECK (points <> 0),
  source_type text NOT NULL CHECK (source_type IN ('order', 'article', 'qr_code', 'pack_code', 'referral', 'reward', 'adjustment', 'expiry')),
  source_key text NOT NULL CHECK (length(source_key) BETWEEN 1 AND 200),
  -- What the history shows: the campaign or reward name, a coupon, the order number.
  event text,
  coupon text,
  coupon_type text,
  order_id text,
  -- Credits only: when their points lapse (NULL: never).
  expire_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (expire_at IS NULL OR points > 0),
  -- Each source moves points once in each direction.
  CONSTRAINT loyalty_ledger_source_once UNIQUE (source_type, source_key)
);
CREATE INDEX loyalty_ledger_consumer ON loyalty_ledger (consumer_uuid, id);

-- Append-only: rows are never changed or removed.
CREATE FUNCTION loyalty_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'loyalty_ledger is append-only' USING ERRCODE = '42501';
END;
$$;
CREATE TRIGGER loyalty_ledger_no_change BEFORE UPDATE OR DELETE ON loyalty_ledger
  FOR EACH ROW EXECUTE FUNCTION loyalty_ledger_append_only();

-- Every ledger row moves the balance in the same statement; the CHECK on loyalty_account refuses a
-- debit the balance cannot carry, and the row lock serialises concurrent spenders.
CREATE FUNCTION loyalty_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The row is created first (empty) so a debit meets the balance CHECK on the update, never on the insert.
  INSERT INTO loyalty_account (consumer_uuid) VALUES (NEW.consumer_uuid) ON CONFLICT (consumer_uuid) DO NOTHING;
  UPDATE loyalty_account SET balance = balance + NEW.points, updated_at = now() WHERE consumer_uuid = NEW.consumer_uuid;
  RETURN NEW;
END;
$$;
CREATE TRIGGER loyalty_ledger_balance AFTER INSERT ON loyalty_ledger
  FOR EACH ROW EXECUTE FUNCTION loyalty_ledger_apply();

-- Points an order earns: pending until delivered (or due_at), then credited; reversed in proportion on cancel/refund.
CREATE TABLE loyalty_order_points (
  order_id text PRIMARY KEY,
  order_number text NOT NULL,
  consumer_uuid uuid NOT NULL,
  points integer NOT NULL CHECK (points >= 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'credited', 'reversed')),
  reversed_points integer NOT NULL DEFAULT 0 CHECK (reversed_points >= 0 AND reversed_points <= points),
  due_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loyalty_order_points_consumer ON loyalty_order_points (consumer_uuid);
CREATE INDEX loyalty_order_points_due ON loyalty_order_points (due_at) WHERE status = 'pending';

CREATE TABLE loyalty_tier (
  code text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9_]{0,31}$'),
  name text NOT NULL,
  image_url text NOT NULL,
  threshold integer NOT NULL UNIQUE CHECK (threshold >= 0),
  position integer NOT NULL
);
INSERT INTO loyalty_tier (code, name, image_url, threshold, position) VALUES
  ('bronze', 'Bronze', '/media/loyalty/tier-bronze.svg', 0, 1),
  ('silver', 'Silver', '/media/loyalty/tier-silver.svg', 500, 2),
  ('gold', 'Gold', '/media/loyalty/tier-gold.svg', 1500, 3);

-- Points per event; for order_placed, points per whole unit of the order's currency.
CREATE TABLE loyalty_earning_rule (
  event_name text PRIMARY KEY CHECK (event_name ~ '^[a-z][a-z0-9_]{0,63}$'),
  points integer NOT NULL CHECK (points >= 0),
  description text NOT NULL,
  is_active boolean NOT NULL DEFAULT true
);
INSERT INTO loyalty_earning_rule (event_name, points, description) VALUES
  ('order_placed', 1, 'Points for every whole unit spent, credited once the order is delivered'),
  ('article_read', 10, 'Read a club article'),
  ('qr_code_scan', 25, 'Scan a QR code on a pack'),
  ('pack_code_registered', 20, 'Register a pack code'),
  ('referral_first_order', 200, 'A friend you referred completes their first order'),
  ('registration', 0, 'Join the club');

CREATE TABLE loyalty_product_points (
  sku text NOT NULL,
  store_code text NOT NULL REFERENCES store_view(code),
  points integer NOT NULL CHECK (points >= 0),
  rules text[] NOT NULL DEFAULT '{}',
  time_to timestamptz,
  PRIMARY KEY (sku, store_code)
);

-- Rewards are bought with points (stock optional); campaigns are discounts applied to a cart.
CREATE TABLE loyalty_reward (
  uuid uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('reward', 'campaign')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  description text NOT NULL DEFAULT '',
  image_url text,
  points integer NOT NULL CHECK (points > 0),
  -- Campaigns: the discount in minor units of currency.
  discount_amount integer CHECK (discount_amount > 0),
  currency text,
  stock integer CHECK (stock >= 0),
  min_tier text REFERENCES loyalty_tier(code),
  store_code text REFERENCES store_view(code),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'reward' OR (discount_amount IS NOT NULL AND currency IS NOT NULL))
);

CREATE TABLE loyalty_redemption (
  uuid uuid PRIMARY KEY,
  reward_uuid uuid NOT NULL REFERENCES loyalty_reward(uuid),
  consumer_uuid uuid NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10),
  points integer NOT NULL CHECK (points > 0),
  coupon text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loyalty_redemption_consumer ON loyalty_redemption (consumer_uuid);

-- A campaign applied to a cart holds its points until placeOrder spends them (or the cart drops it).
CREATE TABLE loyalty_cart_campaign (
  uuid uuid PRIMARY KEY,
  cart_id text NOT NULL,
  consumer_uuid uuid NOT NULL,
  campaign_uuid uuid NOT NULL REFERENCES loyalty_reward(uuid),
  points integer NOT NULL CHECK (points > 0),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'spent', 'released', 'returned')),
  order_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status NOT IN ('spent', 'returned') OR order_id IS NOT NULL)
);
-- One live campaign per cart.
CREATE UNIQUE INDEX loyalty_cart_campaign_one_held ON loyalty_cart_campaign (cart_id) WHERE status = 'held';
CREATE UNIQUE INDEX loyalty_cart_campaign_order ON loyalty_cart_campaign (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE loyalty_article (
  article_id text PRIMARY KEY CHECK (article_id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  image_url text,
  points integer NOT NULL CHECK (points >= 0),
  levels text[] NOT NULL DEFAULT '{}',
  is_available boolean NOT NULL DEFAULT true,
  published_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE loyalty_qr_code (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{4,64}$'),
  points integer NOT NULL CHECK (points > 0),
  description text NOT NULL DEFAULT '',
  valid_from timestamptz NOT NULL DEFAULT now(),
  valid_to timestamptz NOT NULL,
  CHECK (valid_to > valid_from)
);
