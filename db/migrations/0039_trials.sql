-- Free trials: a device sent for a trial price, kept (the saved card is charged the price after the
-- trial) or sent back in time (no charge). One trial per person and programme.

-- A programme: what a trial store view sells for a trial (the kit), what keeping it is bought as (the
-- conversion product, virtual, priced in the same store view: the amount after the trial), and its days.
CREATE TABLE trials_program (
  code text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9-]{1,31}$'),
  store_code text NOT NULL UNIQUE REFERENCES store_view (code),
  kit_sku text NOT NULL,
  conversion_sku text NOT NULL,
  -- The trial runs this many days from the day its order is paid plus the delivery allowance.
  trial_days int NOT NULL CHECK (trial_days BETWEEN 1 AND 90),
  delivery_days int NOT NULL DEFAULT 3 CHECK (delivery_days BETWEEN 0 AND 14),
  -- The reminder e-mail goes this many days before the end.
  reminder_days int NOT NULL DEFAULT 3 CHECK (reminder_days >= 1),
  is_active boolean NOT NULL DEFAULT true,
  CHECK (reminder_days < trial_days),
  CHECK (kit_sku <> conversion_sku)
);

CREATE TABLE trials_trial (
  id uuid PRIMARY KEY,
  program_code text NOT NULL REFERENCES trials_program (code),
  -- NULL once the customer's account is erased.
  customer_uuid uuid,
  store_code text NOT NULL REFERENCES store_view (code),
  -- The trial order: one trial per order.
  order_id uuid NOT NULL UNIQUE,
  order_number text NOT NULL,
  -- pending_payment: ordered, not paid yet; in_trial: paid, the days run; return_requested: the customer
  -- is sending it back (no charge while it travels); returned: received back, nothing charged;
  -- converting: the conversion order exists and its charge is under way; payment_failed: the charge was
  -- declined (retried, the customer e-mailed); converted: paid, the device is theirs; cancelled: the trial
  -- order was cancelled; refused: the payment showed a card that already had this programme's trial.
  status text NOT NULL CHECK (status IN ('pending_payment', 'in_trial', 'return_requested', 'returned', 'converting',
                                         'payment_failed', 'converted', 'cancelled', 'refused')),
  -- What keeping the device costs, in minor units, VAT included, as the cart showed it (total_after_trial).
  amount_after_trial bigint NOT NULL CHECK (amount_after_trial >= 0),
  currency char(3) NOT NULL,
  -- The saved card the conversion is charged to (payments_saved_card.id), known once the trial order is paid.
  card_id uuid,
  started_at timestamptz,
  ends_at timestamptz,
  reminder_sent_at timestamptz,
  return_requested_at timestamptz,
  return_reason text CHECK (return_reason IS NULL OR length(return_reason) <= 500),
  -- The order that sells the kept device, and its off-session payment.
  conversion_order_id uuid UNIQUE,
  conversion_order_number text,
  conversion_payment_uuid uuid,
  conversion_attempts int NOT NULL DEFAULT 0 CHECK (conversion_attempts BETWEEN 0 AND 10),
  retry_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status IN ('pending_payment', 'cancelled', 'refused')) OR (started_at IS NOT NULL AND ends_at IS NOT NULL)),
  CHECK ((status IN ('returned', 'converted', 'cancelled', 'refused')) = (closed_at IS NOT NULL)),
  CHECK ((status IN ('converting', 'converted')) <= (conversion_order_id IS NOT NULL))
);
CREATE INDEX trials_trial_customer ON trials_trial (customer_uuid, created_at DESC) WHERE customer_uuid IS NOT NULL;
-- The job's queues: reminders and ends of running trials, charges left unsettled, retries.
CREATE INDEX trials_trial_running ON trials_trial (ends_at) WHERE status = 'in_trial';
CREATE INDEX trials_trial_converting ON trials_trial (updated_at) WHERE status = 'converting';
CREATE INDEX trials_trial_retry ON trials_trial (retry_at) WHERE status = 'payment_failed' AND retry_at IS NOT NULL;

-- One trial per person and programme, held by the database: each trial claims its account, the
-- customer's e-mail and verified phone, the delivery address and the card's fingerprint, as keyed
-- hashes; a second trial of the same person finds one of them taken.
CREATE TABLE trials_claim (
  program_code text NOT NULL REFERENCES trials_program (code),
  kind text NOT NULL CHECK (kind IN ('account', 'contact', 'address', 'card')),
  key_hash text NOT NULL CHECK (key_hash ~ '^[A-Za-z0-9_-]{43}$'),
  trial_id uuid NOT NULL REFERENCES trials_trial (id) ON DELETE CASCADE,
  PRIMARY KEY (program_code, kind, key_hash)
);
CREATE INDEX trials_claim_trial ON trials_claim (trial_id);

-- Every change, with who made it and why.
CREATE TABLE trials_event (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  trial_id uuid NOT NULL REFERENCES trials_trial (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z_]{2,40}$'),
  actor text NOT NULL CHECK (actor IN ('customer', 'operator', 'system')),
  from_status text,
  to_status text,
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trials_event_trial ON trials_event (trial_id, id);

CREATE TRIGGER trials_program_changes AFTER INSERT OR UPDATE OR DELETE ON trials_program FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');

-- The product a kept trial device is sold as.
ALTER TABLE catalog_product DROP CONSTRAINT catalog_product_kind_check;
ALTER TABLE catalog_product ADD CONSTRAINT catalog_product_kind_check CHECK (kind IN ('device', 'sticks_pack', 'sticks_carton', 'bundle', 'accessory',
  'gift', 'trade_in', 'subscription', 'trial_kit', 'trial_conversion'));

-- What the trial order's buyer agreed to pay after the trial (spec §4 order total_after_trial).
ALTER TABLE orders_order ADD COLUMN total_after_trial bigint CHECK (total_after_trial IS NULL OR total_after_trial >= 0);

-- A stable fingerprint of the card number per merchant (as providers give it), to know a card again
-- across tokens; the sandbox's sessions keep theirs too.
ALTER TABLE payments_saved_card ADD COLUMN fingerprint text CHECK (fingerprint IS NULL OR length(fingerprint) BETWEEN 8 AND 64);
ALTER TABLE payments_sandbox_session ADD COLUMN card_fingerprint text;

-- A conversion's order is placed from a cart of its own, like a renewal's.
ALTER TABLE cart_cart DROP CONSTRAINT cart_cart_purpose_check;
ALTER TABLE cart_cart ADD CONSTRAINT cart_cart_purpose_check CHECK (purpose IN ('shop', 'renewal', 'conversion'));
