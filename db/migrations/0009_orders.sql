-- Sales (orders): placed orders with their items, addresses, totals, status history and shipments,
-- the order statuses of spec §4 with their transitions, and order attribute definitions (spec §2/§3).

-- Order statuses: a label (English; orders_status_label translates) and whether a customer may cancel.
CREATE TABLE orders_status (
  code text PRIMARY KEY CHECK (code ~ '^[a-z][a-z_]{1,39}$'),
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 80),
  cancelable boolean NOT NULL,
  -- No transition leaves a final status.
  is_final boolean NOT NULL DEFAULT false,
  sort_order int NOT NULL DEFAULT 0
);

CREATE TABLE orders_status_label (
  status text NOT NULL REFERENCES orders_status(code),
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 80),
  PRIMARY KEY (status, language)
);

-- The allowed status changes; a trigger on orders_order refuses every other one.
CREATE TABLE orders_status_transition (
  from_status text NOT NULL REFERENCES orders_status(code),
  to_status text NOT NULL REFERENCES orders_status(code),
  PRIMARY KEY (from_status, to_status),
  CHECK (from_status <> to_status)
);

INSERT INTO orders_status (code, label, cancelable, is_final, sort_order) VALUES
  ('new', 'New', true, false, 10),
  ('pending', 'Pending', true, false, 20),
  ('pending_payment', 'Pending payment', true, false, 30),
  ('payment_failed', 'Payment failed', true, false, 40),
  ('payment_completed', 'Payment completed', true, false, 50),
  ('confirmed', 'Confirmed', true, false, 60),
  ('on_hold', 'On hold', false, false, 70),
  ('processing', 'Processing', false, false, 80),
  ('shipped_to_warehouse', 'Shipped to warehouse', false, false, 90),
  ('shipped', 'Shipped', false, false, 100),
  ('delivered_to_pick_up_point', 'Delivered to pick-up point', false, false, 110),
  ('delivered', 'Delivered', false, false, 120),
  ('complete', 'Complete', false, false, 130),
  ('pending_cancellation', 'Pending cancellation', false, false, 140),
  ('canceled', 'Canceled', false, true, 150),
  ('returned', 'Returned', false, true, 160);

INSERT INTO orders_status_label (status, language, label) VALUES
  ('new', 'de', 'Neu'),
  ('pending', 'de', 'Ausstehend'),
  ('pending_payment', 'de', 'Zahlung ausstehend'),
  ('payment_failed', 'de', 'Zahlung fehlgeschlagen'),
  ('payment_completed', 'de', 'Bezahlt'),
  ('confirmed', 'de', 'Bestätigt'),
  ('on_hold', 'de', 'Angehalten'),
  ('processing', 'de', 'In Bearbeitung'),
  ('shipped_to_warehouse', 'de', 'An Lager versandt'),
  ('shipped', 'de', 'Versandt'),
  ('delivered_to_pick_up_point', 'de', 'An Abholstelle geliefert'),
  ('delivered', 'de', 'Zugestellt'),
  ('complete', 'de', 'Abgeschlossen'),
  ('pending_cancellation', 'de', 'Stornierung ausstehend'),
  ('canceled', 'de', 'Storniert'),
  ('returned', 'de', 'Zurückgesandt');

INSERT INTO orders_status_transition (from_status, to_status) VALUES
  ('new', 'pending'), ('new', 'pending_payment'), ('new', 'processing'), ('new', 'on_hold'), ('new', 'canceled'),
  ('pending', 'confirmed'), ('pending', 'processing'), ('pending', 'on_hold'), ('pending', 'pending_cancellation'), ('pending', 'canceled'),
  ('pending_payment', 'payment_completed'), ('pending_payment', 'payment_failed'), ('pending_payment', 'on_hold'), ('pending_payment', 'canceled'),
  ('payment_failed', 'pending_payment'), ('payment_failed', 'payment_completed'), ('payment_failed', 'canceled'),
  ('payment_completed', 'confirmed'), ('payment_completed', 'processing'), ('payment_completed', 'on_hold'), ('payment_completed', 'pending_cancellation'), ('payment_completed', 'canceled'),
  ('confirmed', 'processing'), ('confirmed', 'on_hold'), ('confirmed', 'pending_cancellation'), ('confirmed', 'canceled'),
  ('on_hold', 'pending'), ('on_hold', 'payment_completed'), ('on_hold', 'confirmed'), ('on_hold', 'processing'), ('on_hold', 'canceled'),
  ('processing', 'shipped'), ('processing', 'shipped_to_warehouse'), ('processing', 'on_hold'), ('processing', 'pending_cancellation'), ('processing', 'canceled'),
  ('shipped_to_warehouse', 'shipped'), ('shipped_to_warehouse', 'delivered_to_pick_up_point'),
  ('shipped', 'delivered'), ('shipped', 'delivered_to_pick_up_point'), ('shipped', 'returned'),
  ('delivered_to_pick_up_point', 'delivered'), ('delivered_to_pick_up_point', 'returned'),
  ('delivered', 'complete'), ('delivered', 'returned'),
  ('complete', 'returned'),
  ('pending_cancellation', 'canceled'), ('pending_cancellation', 'processing');

-- Order numbers: one gapless counter per store view; the number reads <STORE>-<9 digits>.
CREATE TABLE orders_sequence (
  store_code text PRIMARY KEY REFERENCES store_view(code),
  last_value bigint NOT NULL CHECK (last_value > 0)
);

CREATE TABLE orders_order (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The public id: random, never the sequential key.
  entity_id uuid NOT NULL UNIQUE,
  order_number text NOT NULL UNIQUE CHECK (order_number ~ '^[A-Z0-9-]{4,64}$'),
  store_code text NOT NULL REFERENCES store_view(code),
  website_code text NOT NULL REFERENCES store_website(code),
  sequence_value bigint NOT NULL CHECK (sequence_value > 0),
  -- The cart's masked id: one order per cart, whatever the caller does.
  cart_id text NOT NULL UNIQUE CHECK (length(cart_id) BETWEEN 1 AND 64),
  customer_uuid uuid REFERENCES identity_user(uuid),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254 AND position('@' IN email) > 1),
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  status text NOT NULL REFERENCES orders_status(code),
  status_reason_code text CHECK (status_reason_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  status_reason_message text CHECK (length(status_reason_message) <= 500),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  subtotal_incl_tax bigint NOT NULL CHECK (subtotal_incl_tax >= 0),
  subtotal_excl_tax bigint NOT NULL CHECK (subtotal_excl_tax >= 0 AND subtotal_excl_tax <= subtotal_incl_tax),
  discount_total bigint NOT NULL CHECK (discount_total >= 0),
  shipping_incl_tax bigint NOT NULL CHECK (shipping_incl_tax >= 0),
  tax_total bigint NOT NULL CHECK (tax_total >= 0),
  grand_total bigint NOT NULL CHECK (grand_total >= 0),
  refunded_total bigint NOT NULL DEFAULT 0 CHECK (refunded_total >= 0 AND refunded_total <= grand_total),
  shipping_carrier_code text,
  shipping_method_code text,
  shipping_carrier_title text,
  shipping_method_title text,
  payment_method_code text NOT NULL CHECK (payment_method_code ~ '^[a-z][a-z0-9_]{0,63}$'),
  coupon_codes text[] NOT NULL DEFAULT '{}',
  -- Set once the provider captured the payment, always for exactly the order's amount and currency.
  payment_uuid uuid,
  payment_reference text CHECK (length(payment_reference) <= 200),
  amount_paid bigint,
  paid_at timestamptz,
  canceled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_code, sequence_value),
  CHECK (grand_total = subtotal_incl_tax - discount_total + shipping_incl_tax),
  CHECK ((shipping_carrier_code IS NULL) = (shipping_method_code IS NULL)),
  CHECK ((paid_at IS NULL) = (amount_paid IS NULL) AND (paid_at IS NULL) = (payment_uuid IS NULL)),
  CHECK (amount_paid IS NULL OR amount_paid = grand_total),
  CHECK ((status = 'canceled') = (canceled_at IS NOT NULL))
);
CREATE INDEX orders_order_customer ON orders_order (customer_uuid, created_at DESC) WHERE customer_uuid IS NOT NULL;

-- Refuses any status change the transition table does not list, whoever runs the UPDATE.
CREATE FUNCTION orders_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT EXISTS (
    SELECT 1 FROM orders_status_transition WHERE from_status = OLD.status AND to_status = NEW.status
  ) THEN
    RAISE EXCEPTION 'order status transition % -> % is not allowed', OLD.status, NEW.status USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER orders_order_transition BEFORE UPDATE OF status ON orders_order
  FOR EACH ROW EXECUTE FUNCTION orders_check_transition();

CREATE TABLE orders_item (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid uuid NOT NULL UNIQUE,
  order_id bigint NOT NULL REFERENCES orders_order(id),
  position int NOT NULL CHECK (position >= 0),
  sku text NOT NULL CHECK (length(sku) BETWEEN 1 AND 64),
  product_id int NOT NULL REFERENCES catalog_product(id),
  parent_sku text,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  product_type text NOT NULL CHECK (product_type IN ('simple', 'virtual', 'bundle', 'configurable')),
  qty_ordered int NOT NULL CHECK (qty_ordered > 0),
  qty_shipped int NOT NULL DEFAULT 0 CHECK (qty_shipped >= 0),
  qty_refunded int NOT NULL DEFAULT 0 CHECK (qty_refunded >= 0),
  qty_canceled int NOT NULL DEFAULT 0 CHECK (qty_canceled >= 0),
  unit_price_incl_tax bigint NOT NULL CHECK (unit_price_incl_tax >= 0),
  row_total_incl_tax bigint NOT NULL CHECK (row_total_incl_tax = unit_price_incl_tax * qty_ordered),
  row_tax bigint NOT NULL CHECK (row_tax >= 0 AND row_tax <= row_total_incl_tax),
  row_discount bigint NOT NULL CHECK (row_discount >= 0 AND row_discount <= row_total_incl_tax),
  is_gift boolean NOT NULL DEFAULT false,
  parent_gift_sku text,
  selected_options jsonb NOT NULL DEFAULT '[]',
  bundle_options jsonb NOT NULL DEFAULT '[]',
  UNIQUE (order_id, position),
  CHECK (qty_shipped + qty_canceled <= qty_ordered),
  CHECK (qty_refunded <= qty_ordered),
  CHECK (parent_gift_sku IS NULL OR is_gift)
);

CREATE TABLE orders_address (
  order_id bigint NOT NULL REFERENCES orders_order(id),
  kind text NOT NULL CHECK (kind IN ('billing', 'shipping')),
  firstname text NOT NULL CHECK (length(firstname) <= 80),
  lastname text NOT NULL CHECK (length(lastname) BETWEEN 1 AND 80),
  street jsonb NOT NULL CHECK (jsonb_typeof(street) = 'array'),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 120),
  postcode text CHECK (length(postcode) <= 20),
  country_code char(2) NOT NULL REFERENCES directory_country(id),
  region text CHECK (length(region) <= 120),
  telephone text CHECK (length(telephone) <= 40),
  extra jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(extra) = 'object'),
  pickup_store_id text,
  pickup_name text,
  PRIMARY KEY (order_id, kind),
  CHECK ((pickup_store_id IS NULL) = (pickup_name IS NULL))
);

-- Discount and tax lines of the totals (the order row keeps their sums).
CREATE TABLE orders_total_line (
  order_id bigint NOT NULL REFERENCES orders_order(id),
  kind text NOT NULL CHECK (kind IN ('discount', 'tax')),
  position int NOT NULL CHECK (position >= 0),
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
  amount bigint NOT NULL CHECK (amount >= 0),
  coupon_code text,
  rate_percent numeric(6, 3) CHECK (rate_percent >= 0),
  PRIMARY KEY (order_id, kind, position),
  CHECK (kind = 'discount' OR coupon_code IS NULL)
);

CREATE TABLE orders_attribute_value (
  order_id bigint NOT NULL REFERENCES orders_order(id),
  position int NOT NULL CHECK (position >= 0),
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{0,63}$'),
  value text NOT NULL CHECK (length(value) <= 2000),
  PRIMARY KEY (order_id, code)
);

CREATE TABLE orders_status_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders_order(id),
  from_status text REFERENCES orders_status(code),
  to_status text NOT NULL REFERENCES orders_status(code),
  -- Who moved it: checkout (placed), customer, operator, payment, cli.
  actor text NOT NULL CHECK (actor IN ('checkout', 'customer', 'operator', 'payment', 'system')),
  reason_code text,
  comment text CHECK (length(comment) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_status IS NULL OR from_status <> to_status)
);
CREATE INDEX orders_status_history_order ON orders_status_history (order_id, id);

CREATE TABLE orders_shipment (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid uuid NOT NULL UNIQUE,
  order_id bigint NOT NULL REFERENCES orders_order(id),
  number text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_shipment_order ON orders_shipment (order_id);

CREATE TABLE orders_shipment_item (
  shipment_id bigint NOT NULL REFERENCES orders_shipment(id),
  order_item_id bigint NOT NULL REFERENCES orders_item(id),
  quantity int NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (shipment_id, order_item_id)
);

CREATE TABLE orders_shipment_track (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  shipment_id bigint NOT NULL REFERENCES orders_shipment(id),
  carrier text NOT NULL CHECK (length(carrier) BETWEEN 1 AND 80),
  number text NOT NULL CHECK (length(number) BETWEEN 1 AND 120),
  track_url text CHECK (track_url ~ '^https://' AND length(track_url) <= 500)
);

-- Order attributes collected at checkout, per store view, at one of the placements of spec §2.
CREATE TABLE orders_attribute (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  store_code text NOT NULL REFERENCES store_view(code),
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{0,63}$'),
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
  input_type text NOT NULL CHECK (input_type IN ('text', 'textarea', 'select', 'boolean', 'date', 'checkbox')),
  data_type text NOT NULL DEFAULT 'string' CHECK (data_type IN ('string', 'int', 'boolean', 'date')),
  is_required boolean NOT NULL DEFAULT false,
  min_length int CHECK (min_length >= 0),
  max_length int CHECK (max_length > 0),
  validate_regex text,
  default_value text,
  description text,
  placeholder text,
  placement text NOT NULL CHECK (placement IN ('contactDetails_before', 'contactDetails_after', 'shippingAddress_before',
    'shippingAddress_after', 'billingaddress_before', 'billingaddress_after', 'buttonDelivery_before', 'buttonPlaceOrder_before')),
  sort_order int NOT NULL DEFAULT 0,
  options jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(options) = 'array'),
  is_active boolean NOT NULL DEFAULT true,
  UNIQUE (store_code, code),
  CHECK (min_length IS NULL OR max_length IS NULL OR min_length <= max_length)
);

-- Delivery limits per store view (spec §3): the mode and the limited countries.
CREATE TABLE orders_delivery_limit (
  id text NOT NULL CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  store_code text NOT NULL REFERENCES store_view(code),
  mode text NOT NULL CHECK (mode IN ('ALLOW', 'DENY')),
  country_id char(2) NOT NULL REFERENCES directory_country(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  PRIMARY KEY (store_code, id),
  UNIQUE (store_code, country_id)
);
