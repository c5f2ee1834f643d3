-- Stock levels with their history (docs/decisions/0082): every change of a product's quantity, from
-- a sale, a cancellation, a return or an operator, is kept with where it came from. The trigger
-- records what the statement did; the writer names the source and the person for its transaction
-- (`set_config('ember.stock_source', …, true)`), and a change that names nothing is a sale (down) or a
-- release (up), as every unnamed writer of the stock is the order path.

CREATE TABLE inventory_stock_movement (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id int NOT NULL REFERENCES catalog_product(id) ON DELETE CASCADE,
  delta int NOT NULL CHECK (delta <> 0),
  quantity_after int NOT NULL CHECK (quantity_after >= 0),
  source text NOT NULL CHECK (source IN ('sale', 'release', 'operator', 'return', 'import')),
  actor text CHECK (length(actor) <= 254),
  reason text CHECK (length(reason) <= 500),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inventory_stock_movement_product ON inventory_stock_movement (product_id, id DESC);

CREATE FUNCTION inventory_stock_record_movement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  named text := NULLIF(current_setting('ember.stock_source', true), '');
BEGIN
  INSERT INTO inventory_stock_movement (product_id, delta, quantity_after, source, actor, reason)
  VALUES (NEW.product_id, NEW.quantity - OLD.quantity, NEW.quantity,
          COALESCE(named, CASE WHEN NEW.quantity < OLD.quantity THEN 'sale' ELSE 'release' END),
          NULLIF(current_setting('ember.stock_actor', true), ''),
          NULLIF(current_setting('ember.stock_reason', true), ''));
  RETURN NULL;
END;
$$;

CREATE TRIGGER inventory_stock_movement AFTER UPDATE OF quantity ON inventory_stock FOR EACH ROW
  WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity)
  EXECUTE FUNCTION inventory_stock_record_movement();
