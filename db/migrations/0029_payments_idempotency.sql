-- Idempotency-Key on placeOrder and the payment calls (docs/decisions/0034): the first answer to a
-- key is kept for a day, scoped to the caller's credential and to the operation, so a retry gets
-- it again and two instances of the shop agree on which request came first.
CREATE TABLE payments_idempotency_key (
  -- 'customer:<uuid>' or 'cart:<sha256 of the masked cart id>': a key means nothing to anyone else.
  scope text NOT NULL CHECK (scope ~ '^(customer|cart):[0-9a-f-]{32,64}$'),
  operation text NOT NULL CHECK (operation IN ('placeOrder', 'payments.generate-token')),
  idempotency_key text NOT NULL CHECK (idempotency_key ~ '^[A-Za-z0-9_-]{8,100}$'),
  -- SHA-256 of the request's parameters: the same key with other parameters is refused.
  request_hash text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  -- Set while the first request runs; a request that finds it recent answers 409, an old one (its
  -- process died) is taken over, which is safe because the operations are idempotent themselves.
  locked_at timestamptz,
  -- Names the request holding the key, so only it stores the answer or lets the key go.
  lock_token uuid,
  response_status int CHECK (response_status IS NULL OR response_status BETWEEN 200 AND 499),
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, operation, idempotency_key),
  CHECK ((response_status IS NULL) = (response_body IS NULL)),
  CHECK ((locked_at IS NULL) = (lock_token IS NULL)),
  CHECK (locked_at IS NOT NULL OR response_status IS NOT NULL)
);
CREATE INDEX payments_idempotency_key_expiry ON payments_idempotency_key (expires_at);

-- What the provider has given back of a payment, from its refund notifications: never more than it took.
ALTER TABLE payments_payment ADD COLUMN refunded_amount int NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= amount);

-- A refund notification can overtake the capture it refunds: its amount is kept with the event
-- (outcome 'parked') and applied when the capture is.
ALTER TABLE payments_webhook_event ADD COLUMN amount int CHECK (amount IS NULL OR amount >= 0);

-- Reconciliation asks the provider about payments still open after a while (a lost notification, a
-- crash between the provider's answer and the shop's record).
CREATE INDEX payments_payment_unsettled ON payments_payment (updated_at) WHERE status = 'created';
