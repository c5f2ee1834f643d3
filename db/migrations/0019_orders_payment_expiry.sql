-- Orders waiting for payment, by their last change: the expiry job (docs/decisions/0019) looks for the
-- oldest every few seconds, and almost every order has moved on, so the index stays small.
CREATE INDEX orders_order_awaiting_payment ON orders_order (updated_at) WHERE status IN ('pending_payment', 'payment_failed');
