-- Every change to a cart's lines, addresses or coupons writes a new version of the cart's own row
-- (its updated_at), in the same transaction. Two things rest on it: the sweep of untouched guest
-- carts reads updated_at, and a cart mutation that locks the cart and reads its contents in one
-- statement (docs/decisions/0041) tells from the row's version whether a transaction that committed
-- while it waited for the lock changed the contents its snapshot read. The stores no longer touch the
-- row themselves.
CREATE FUNCTION cart_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE cart_cart SET updated_at = now() WHERE id = OLD.cart_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.cart_id IS DISTINCT FROM OLD.cart_id) THEN
    UPDATE cart_cart SET updated_at = now() WHERE id = NEW.cart_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER cart_item_touches_cart AFTER INSERT OR UPDATE OR DELETE ON cart_item
  FOR EACH ROW EXECUTE FUNCTION cart_touch();
CREATE TRIGGER cart_address_touches_cart AFTER INSERT OR UPDATE OR DELETE ON cart_address
  FOR EACH ROW EXECUTE FUNCTION cart_touch();
CREATE TRIGGER cart_coupon_touches_cart AFTER INSERT OR UPDATE OR DELETE ON cart_coupon
  FOR EACH ROW EXECUTE FUNCTION cart_touch();
