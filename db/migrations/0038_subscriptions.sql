-- Subscriptions: consumables delivered on a schedule, each delivery an order placed by the renewal
-- job under every rule a one-off order obeys, paid with the card the customer saved at checkout.

-- What a store view offers (GET /api/subscriptions/configurations): how often, for how long at
-- least, which products, and the delivery method renewals use.
CREATE TABLE subscription_plan (
  store_code text NOT NULL REFERENCES store_view (code),
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{1,31}$'),
  plan_type text NOT NULL DEFAULT 'REGULAR' CHECK (plan_type IN ('REGULAR', 'TRIAL')),
  -- Delivery every n weeks, one of these.
  frequencies_weeks int[] NOT NULL CHECK (cardinality(frequencies_weeks) BETWEEN 1 AND 12 AND 1 <= ALL (frequencies_weeks) AND 26 >= ALL (frequencies_weeks)),
  default_frequency_weeks int NOT NULL,
  -- Deliveries (the first order included) before the customer may cancel.
  minimum_deliveries int NOT NULL DEFAULT 0 CHECK (minimum_deliveries BETWEEN 0 AND 24),
  -- Units of one product per delivery.
  max_quantity int NOT NULL DEFAULT 3 CHECK (max_quantity BETWEEN 1 AND 20),
  -- The longest pause a customer may choose with an end date (an open pause has none).
  max_pause_weeks int NOT NULL DEFAULT 12 CHECK (max_pause_weeks BETWEEN 1 AND 52),
  -- The delivery method renewals are placed with; it must be one a subscription may use.
  carrier_code text NOT NULL,
  method_code text NOT NULL,
  PRIMARY KEY (store_code, code),
  CHECK (default_frequency_weeks = ANY (frequencies_weeks))
);

CREATE TABLE subscription_plan_product (
  store_code text NOT NULL,
  plan_code text NOT NULL,
  sku text NOT NULL,
  position int NOT NULL DEFAULT 0,
  PRIMARY KEY (store_code, plan_code, sku),
  FOREIGN KEY (store_code, plan_code) REFERENCES subscription_plan (store_code, code) ON DELETE CASCADE
);

CREATE TABLE subscription_subscription (
  id uuid PRIMARY KEY,
  customer_uuid uuid NOT NULL,
  store_code text NOT NULL REFERENCES store_view (code),
  plan_code text NOT NULL,
  plan_type text NOT NULL CHECK (plan_type IN ('REGULAR', 'TRIAL')),
  status text NOT NULL CHECK (status IN ('active', 'paused', 'past_due', 'cancelled', 'expired')),
  frequency_weeks int NOT NULL CHECK (frequency_weeks BETWEEN 1 AND 26),
  -- The next delivery's date: the renewal job places its order on that day (in the store's time zone).
  next_delivery_date date NOT NULL,
  -- A pause until a date (resumed by the job that day), or an open pause (NULL) until the customer resumes.
  paused_until date,
  pause_reason text CHECK (pause_reason IS NULL OR pause_reason IN ('customer', 'payment_failed', 'age_verification', 'operator')),
  -- Where renewals go: a copy of the address (cart address fields), and the address book entry it came from, if any.
  address jsonb NOT NULL CHECK (jsonb_typeof(address) = 'object'),
  address_id int,
  -- The saved card renewals are charged to (payments_saved_card.id); none until the first payment saved one.
  card_id uuid,
  currency char(3) NOT NULL,
  minimum_deliveries int NOT NULL DEFAULT 0 CHECK (minimum_deliveries >= 0),
  -- Paid deliveries so far, the first order included.
  deliveries int NOT NULL DEFAULT 0 CHECK (deliveries >= 0),
  -- The order that started it: one subscription per order.
  origin_order_id uuid NOT NULL UNIQUE,
  cancel_reason text CHECK (cancel_reason IS NULL OR length(cancel_reason) <= 500),
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status IN ('cancelled', 'expired')) = (cancelled_at IS NOT NULL)),
  CHECK (status = 'paused' OR (paused_until IS NULL AND pause_reason IS NULL)),
  CHECK (status <> 'paused' OR pause_reason IS NOT NULL)
);
-- One ongoing subscription per customer (the ONGOING_SUBSCRIPTION rule, held by the database too).
CREATE UNIQUE INDEX subscription_one_live_per_customer ON subscription_subscription (customer_uuid)
  WHERE status IN ('active', 'paused', 'past_due');
-- The renewal job's queue: active subscriptions by delivery date; paused ones by the day they resume.
CREATE INDEX subscription_due ON subscription_subscription (next_delivery_date) WHERE status = 'active';
CREATE INDEX subscription_resume_due ON subscription_subscription (paused_until) WHERE status = 'paused' AND paused_until IS NOT NULL;

CREATE TABLE subscription_item (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id uuid NOT NULL REFERENCES subscription_subscription (id) ON DELETE CASCADE,
  sku text NOT NULL,
  quantity int NOT NULL CHECK (quantity BETWEEN 1 AND 20),
  options jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(options) = 'array'),
  position int NOT NULL DEFAULT 0,
  -- A product is in a subscription once (spec §9: error '4', product exists in subscription).
  UNIQUE (subscription_id, sku)
);

-- Every change, with who made it and why.
CREATE TABLE subscription_event (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id uuid NOT NULL REFERENCES subscription_subscription (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z_]{2,40}$'),
  actor text NOT NULL CHECK (actor IN ('customer', 'operator', 'system')),
  from_status text,
  to_status text,
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscription_event_subscription ON subscription_event (subscription_id, id);

-- One renewal per subscription and delivery date; each attempt of it (a retry after a declined card)
-- is its own order and charge, and at most one attempt of a period is ever paid.
CREATE TABLE subscription_renewal (
  subscription_id uuid NOT NULL REFERENCES subscription_subscription (id) ON DELETE CASCADE,
  period date NOT NULL,
  attempt int NOT NULL CHECK (attempt BETWEEN 1 AND 10),
  -- charging: the order exists, its off-session charge is under way (or its outcome not yet recorded);
  -- awaiting_customer: the bank asked the customer to authenticate (e-mailed a link);
  -- paid; declined (this attempt's order was cancelled, another may follow); refused (a selling rule
  -- stopped it before any order or charge).
  status text NOT NULL CHECK (status IN ('charging', 'awaiting_customer', 'paid', 'declined', 'refused')),
  order_id uuid UNIQUE,
  order_number text,
  payment_uuid uuid,
  reason text CHECK (reason IS NULL OR length(reason) <= 200),
  -- When the job tries again after a declined attempt.
  retry_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, period, attempt),
  CHECK ((status IN ('charging', 'awaiting_customer', 'paid')) <= (order_id IS NOT NULL))
);
-- At most one attempt of a period holds a live order: a crash or a second instance cannot add another.
CREATE UNIQUE INDEX subscription_renewal_one_live ON subscription_renewal (subscription_id, period)
  WHERE status IN ('charging', 'awaiting_customer', 'paid');
CREATE INDEX subscription_renewal_unsettled ON subscription_renewal (updated_at) WHERE status = 'charging';
CREATE INDEX subscription_renewal_retry ON subscription_renewal (retry_at) WHERE status = 'declined' AND retry_at IS NOT NULL;

CREATE TRIGGER subscription_plan_changes AFTER INSERT OR UPDATE OR DELETE ON subscription_plan FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER subscription_plan_product_changes AFTER INSERT OR UPDATE OR DELETE ON subscription_plan_product FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');

-- A renewal's order is placed from a cart of its own, made and ordered in one transaction; it never
-- counts as the customer's shopping cart.
ALTER TABLE cart_cart ADD COLUMN purpose text NOT NULL DEFAULT 'shop' CHECK (purpose IN ('shop', 'renewal'));
DROP INDEX cart_cart_one_active_per_customer;
CREATE UNIQUE INDEX cart_cart_one_active_per_customer ON cart_cart (customer_uuid, store_code)
  WHERE status = 'active' AND customer_uuid IS NOT NULL AND purpose = 'shop';

-- Saved cards: one default per customer, and the payment that saved each card.
ALTER TABLE payments_saved_card ADD COLUMN is_default boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX payments_saved_card_one_default ON payments_saved_card (customer_uuid) WHERE is_default;
ALTER TABLE payments_payment ADD COLUMN saved_card_id uuid;
-- A charge the customer was not present for (a renewal), made with a saved card.
ALTER TABLE payments_payment ADD COLUMN off_session boolean NOT NULL DEFAULT false;

-- The sandbox's answer to a later charge of a saved card, per test card: charged, declined, or
-- charged only with the merchant-initiated exemption (otherwise the bank asks for authentication).
ALTER TABLE payments_sandbox_session ADD COLUMN card_off_session text
  CHECK (card_off_session IS NULL OR card_off_session IN ('success', 'declined', 'exemption', 'authentication_required'));
ALTER TABLE payments_sandbox_session DROP CONSTRAINT payments_sandbox_session_kind_check;
ALTER TABLE payments_sandbox_session ADD CONSTRAINT payments_sandbox_session_kind_check CHECK (kind IN ('card', 'bank_transfer', 'off_session'));
CREATE INDEX payments_sandbox_session_card ON payments_sandbox_session (card_token) WHERE tokenize AND kind = 'card';
