-- Payments: the shop's side (payments, provider notifications, provider commands, saved cards) and
-- the built-in TEST sandbox PSP's own state (its sessions and outgoing notifications). No table here
-- has a column for a card number or security code: cards exist only as provider token, brand, last
-- four digits and expiry.

-- Strong customer authentication per store view (spec §4); a store without a row uses SCA_WHEN_REQUIRED.
CREATE TABLE payments_store_setting (
  store_code text PRIMARY KEY CHECK (store_code ~ '^[a-z][a-z0-9_]{1,31}$'),
  sca_mode text NOT NULL CHECK (sca_mode IN ('OFF', 'SCA_WHEN_REQUIRED', 'SCA_ALWAYS'))
);

CREATE TABLE payments_payment (
  uuid uuid PRIMARY KEY,
  order_id text NOT NULL CHECK (length(order_id) BETWEEN 1 AND 64),
  store_code text NOT NULL,
  -- Who may read the payment: the customer, or (guest) the SHA-256 of the masked cart id.
  customer_uuid uuid,
  cart_id_hash text CHECK (cart_id_hash IS NULL OR cart_id_hash ~ '^[0-9a-f]{64}$'),
  method_code text NOT NULL,
  provider text NOT NULL,
  amount int NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'paid', 'failed', 'suspicious', 'voided', 'refund_pending', 'refunded')),
  tokenize boolean NOT NULL DEFAULT false,
  return_url text NOT NULL,
  -- Set once the provider opened its session (a crash in between is resumed by the next request).
  provider_reference text UNIQUE,
  payment_token text UNIQUE,
  redirect_url text,
  card_brand text,
  card_last4 char(4) CHECK (card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$'),
  card_exp_month int CHECK (card_exp_month IS NULL OR card_exp_month BETWEEN 1 AND 12),
  card_exp_year int CHECK (card_exp_year IS NULL OR card_exp_year BETWEEN 2000 AND 2100),
  failure_code text,
  review_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  CHECK (customer_uuid IS NOT NULL OR cart_id_hash IS NOT NULL),
  CHECK ((provider_reference IS NULL) = (payment_token IS NULL)),
  CHECK ((status = 'paid') <= (paid_at IS NOT NULL)),
  CHECK (status <> 'suspicious' OR review_reason IS NOT NULL)
);
-- At most one live payment per order: a second one can start only after the first failed or was voided.
CREATE UNIQUE INDEX payments_payment_live_order ON payments_payment (order_id)
  WHERE status IN ('created', 'paid', 'suspicious', 'refund_pending');
CREATE INDEX payments_payment_order ON payments_payment (order_id, created_at);

-- Every provider notification the shop acted on, keyed by the provider's event id: a replay finds its row.
CREATE TABLE payments_webhook_event (
  provider text NOT NULL,
  event_id text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 100),
  type text NOT NULL,
  payment_uuid uuid NOT NULL REFERENCES payments_payment(uuid),
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- Calls to the provider that must happen after a transaction commits (void, refund), each with an
-- idempotency key the provider dedupes on, so a retry or a crash never voids or refunds twice.
CREATE TABLE payments_provider_command (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_uuid uuid NOT NULL REFERENCES payments_payment(uuid),
  kind text NOT NULL CHECK (kind IN ('void', 'refund')),
  amount int NOT NULL CHECK (amount > 0),
  idempotency_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text,
  done_at timestamptz,
  failed_at timestamptz
);
CREATE INDEX payments_provider_command_due ON payments_provider_command (next_attempt_at, id) WHERE done_at IS NULL AND failed_at IS NULL;

-- A customer's cards saved with "tokenize": the provider's token and what may be shown, never the number.
CREATE TABLE payments_saved_card (
  id uuid PRIMARY KEY,
  customer_uuid uuid NOT NULL,
  provider text NOT NULL,
  token text NOT NULL,
  brand text NOT NULL,
  last4 char(4) NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month int NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year int NOT NULL CHECK (exp_year BETWEEN 2000 AND 2100),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_uuid, provider, token)
);

-- The TEST sandbox PSP's own records (what a real provider keeps on its side).
CREATE TABLE payments_sandbox_session (
  token text PRIMARY KEY CHECK (token ~ '^sbx_ses_[A-Za-z0-9_-]{32,}$'),
  psp_reference text NOT NULL UNIQUE,
  -- The merchant account (shop instance) the session belongs to: only its notifications go there.
  merchant_account text NOT NULL CHECK (merchant_account ~ '^[A-Za-z0-9_-]{1,64}$'),
  idempotency_key text NOT NULL UNIQUE,
  merchant_reference text NOT NULL,
  order_reference text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('card', 'bank_transfer')),
  amount int NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL,
  sca_mode text NOT NULL CHECK (sca_mode IN ('OFF', 'SCA_WHEN_REQUIRED', 'SCA_ALWAYS')),
  tokenize boolean NOT NULL,
  return_url text NOT NULL,
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'challenge', 'authorised', 'captured', 'refused', 'cancelled', 'refunded')),
  card_token text,
  card_brand text,
  card_last4 char(4) CHECK (card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$'),
  card_exp_month int,
  card_exp_year int,
  -- What the issuer will answer once authentication is done: kept instead of the number.
  card_outcome text CHECK (card_outcome IS NULL OR card_outcome IN ('success', 'insufficient_funds')),
  refusal_reason text,
  -- Card form submissions refused as invalid; the session ends after a few (card testing).
  form_errors int NOT NULL DEFAULT 0 CHECK (form_errors >= 0),
  refunded_amount int NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= amount),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_sandbox_session_open ON payments_sandbox_session (merchant_account, expires_at) WHERE status IN ('open', 'challenge');

-- The sandbox's outgoing notifications: sent by a job a moment after the change, retried until acknowledged.
CREATE TABLE payments_sandbox_event (
  id text PRIMARY KEY CHECK (id ~ '^evt_[A-Za-z0-9_-]{16,}$'),
  merchant_account text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  next_attempt_at timestamptz NOT NULL,
  attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_status int,
  delivered_at timestamptz,
  failed_at timestamptz
);
CREATE INDEX payments_sandbox_event_due ON payments_sandbox_event (merchant_account, next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL;

-- Refunds and voids the sandbox already performed, by the merchant's idempotency key.
CREATE TABLE payments_sandbox_operation (
  idempotency_key text PRIMARY KEY,
  psp_reference text NOT NULL REFERENCES payments_sandbox_session(psp_reference),
  kind text NOT NULL CHECK (kind IN ('capture', 'void', 'refund')),
  amount int NOT NULL CHECK (amount >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
