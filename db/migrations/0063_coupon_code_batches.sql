-- Batches of generated coupon codes for one cart rule (docs/decisions/0087). Each generated code is
-- its own cart_rule row copying what the batch's rule gives, so the cart applies, limits and counts
-- it exactly like a single coupon; the code column's UNIQUE keeps every code, typed or generated,
-- one of a kind.
CREATE TABLE cart_rule_batch (
  id serial PRIMARY KEY,
  -- The coupon whose discount, store view, minimum subtotal, dates and per-customer limit the codes copy.
  rule_id int NOT NULL REFERENCES cart_rule(id),
  prefix text NOT NULL DEFAULT '' CHECK (prefix ~ '^[A-Z0-9]{0,12}-?$'),
  -- Random characters after the prefix, from an alphabet without look-alikes (no 0, O, 1, I).
  code_length int NOT NULL CHECK (code_length BETWEEN 8 AND 20),
  quantity int NOT NULL CHECK (quantity BETWEEN 1 AND 10000),
  -- Uses of each code; NULL: unlimited.
  uses_per_code int CHECK (uses_per_code > 0),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (length(prefix) + code_length <= 40)
);
CREATE INDEX cart_rule_batch_rule ON cart_rule_batch (rule_id);

ALTER TABLE cart_rule ADD COLUMN batch_id int REFERENCES cart_rule_batch(id);
CREATE INDEX cart_rule_batch_codes ON cart_rule (batch_id, id) WHERE batch_id IS NOT NULL;
