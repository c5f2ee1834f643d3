-- Returns made in physical stores (docs/decisions/0069): a return names the purchase it returns
-- items of, is recorded once by its own action id, and takes back that share of the purchase's
-- points once (the ledger's source `offline_return`/action id).
ALTER TABLE loyalty_ledger DROP CONSTRAINT loyalty_ledger_source_type_check;
ALTER TABLE loyalty_ledger ADD CONSTRAINT loyalty_ledger_source_type_check
  CHECK (source_type IN ('order', 'article', 'qr_code', 'pack_code', 'referral', 'reward', 'adjustment', 'expiry', 'offline_purchase', 'offline_return'));

ALTER TABLE offline_purchase DROP CONSTRAINT offline_purchase_type_check;
ALTER TABLE offline_purchase ADD CONSTRAINT offline_purchase_type_check CHECK (type IN ('purchase', 'return'));
-- The purchase a return belongs to; a purchase names none, and a return cannot return a return.
ALTER TABLE offline_purchase ADD COLUMN original_action_id text REFERENCES offline_purchase(action_id);
ALTER TABLE offline_purchase ADD CONSTRAINT offline_purchase_return_names_purchase
  CHECK ((type = 'return') = (original_action_id IS NOT NULL) AND original_action_id IS DISTINCT FROM action_id);
CREATE INDEX offline_purchase_original ON offline_purchase (original_action_id) WHERE original_action_id IS NOT NULL;
