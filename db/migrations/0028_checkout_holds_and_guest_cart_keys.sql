-- A guest cart answers, once it holds personal data, only to the browser that created it
-- (docs/decisions/0033): the SHA-256 digest of the guest credential cookie set at its creation.
-- Carts created before this column have none and so can take no personal data.
ALTER TABLE cart_cart ADD COLUMN guest_key_hash bytea CHECK (guest_key_hash IS NULL OR length(guest_key_hash) = 32);

-- What an unpaid order holds stock for (docs/decisions/0033): digests of the buyer's e-mail, the
-- delivery address and the client address. Orders waiting for payment are counted per key.
ALTER TABLE orders_order ADD COLUMN hold_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX orders_order_waiting_hold_keys ON orders_order USING gin (hold_keys)
  WHERE status IN ('pending_payment', 'payment_failed') AND paid_at IS NULL;
