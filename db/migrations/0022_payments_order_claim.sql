-- A payment claims its order while it is open, paid or under review (docs/decisions/0023). A payment
-- superseded by a newer one and captured late anyway is refunded: being refunded, it no longer stands
-- in the way of the order's current payment, so refund_pending leaves the one-per-order index.
DROP INDEX payments_payment_live_order;
CREATE UNIQUE INDEX payments_payment_live_order ON payments_payment (order_id)
  WHERE status IN ('created', 'paid', 'suspicious');

-- The client's key for one attempt to pay (Idempotency-Key of generate-token): a repeated request
-- with the same key shares the attempt's payment, a new key supersedes the open payment.
ALTER TABLE payments_payment ADD COLUMN attempt_key text CHECK (length(attempt_key) BETWEEN 8 AND 100);
