-- Guest carts nobody came back to are deleted after CART_GUEST_LIFETIME_DAYS (docs/decisions/0021):
-- the job looks for the oldest untouched guest carts not ordered; lines, addresses and coupons go
-- with them (ON DELETE CASCADE).
CREATE INDEX cart_cart_guest_untouched ON cart_cart (updated_at) WHERE customer_uuid IS NULL AND status <> 'ordered';
