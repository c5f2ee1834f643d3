-- Customer returns (RMA, spec §4, docs/decisions/0077): a customer asks to send back items of a
-- delivered order of theirs within the store view's withdrawal window; operators authorize, receive,
-- approve or reject per item and close. An approval refunds the items' share once, restocks the
-- resellable ones once and takes back that share of the order's points.

-- The withdrawal window per store view, in days from delivery (14 in the EU; a store view without a row has 14).
CREATE TABLE returns_window (
  store_code text PRIMARY KEY REFERENCES store_view(code),
  window_days int NOT NULL CHECK (window_days BETWEEN 0 AND 365)
);
INSERT INTO returns_window (store_code, window_days) SELECT code, 14 FROM store_view;

CREATE TABLE returns_request (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid uuid NOT NULL UNIQUE,
  number text NOT NULL UNIQUE CHECK (number ~ '^[A-Z0-9-]{4,80}$'),
  order_entity_id uuid NOT NULL,
  order_number text NOT NULL,
  -- NULL once the customer's account is erased: the return stays in the books naming no one.
  customer_uuid uuid,
  store_code text NOT NULL REFERENCES store_view(code),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'AUTHORIZED', 'PARTIALLY_AUTHORIZED', 'RECEIVED',
    'PARTIALLY_RECEIVED', 'APPROVED', 'PARTIALLY_APPROVED', 'REJECTED', 'PARTIALLY_REJECTED', 'DENIED', 'PROCESSED_AND_CLOSED', 'CLOSED')),
  reason text NOT NULL CHECK (reason IN ('damaged', 'wrong_item', 'not_as_described', 'changed_mind', 'other')),
  comment text CHECK (length(comment) <= 1000),
  method text NOT NULL CHECK (method IN ('label', 'drop_off')),
  drop_off_store_id text,
  -- The store as it was when chosen (name and address), shown with the return.
  drop_off_store jsonb,
  label_reference text,
  currency char(3) NOT NULL,
  refunded_total int NOT NULL DEFAULT 0 CHECK (refunded_total >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK ((method = 'drop_off') = (drop_off_store_id IS NOT NULL)),
  CHECK ((status IN ('PROCESSED_AND_CLOSED', 'CLOSED')) = (closed_at IS NOT NULL))
);
CREATE INDEX returns_request_order ON returns_request (order_entity_id);
CREATE INDEX returns_request_customer ON returns_request (customer_uuid, created_at DESC) WHERE customer_uuid IS NOT NULL;
CREATE INDEX returns_request_status ON returns_request (status, created_at DESC);

-- How much of each order line is in live or approved returns: the row is locked by each request, and
-- the CHECK holds that together they never exceed what was bought, however many arrive at once.
CREATE TABLE returns_order_item (
  order_item_uid uuid PRIMARY KEY,
  order_entity_id uuid NOT NULL,
  qty_ordered int NOT NULL CHECK (qty_ordered > 0),
  qty_claimed int NOT NULL DEFAULT 0,
  CHECK (qty_claimed >= 0 AND qty_claimed <= qty_ordered)
);

CREATE TABLE returns_item (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid uuid NOT NULL UNIQUE,
  return_id bigint NOT NULL REFERENCES returns_request(id),
  order_item_uid uuid NOT NULL REFERENCES returns_order_item(order_item_uid),
  product_id int NOT NULL,
  sku text NOT NULL,
  name text NOT NULL,
  qty_ordered int NOT NULL CHECK (qty_ordered > 0),
  -- The order line's total including tax less its discount: what the whole line refunds.
  line_refundable int NOT NULL CHECK (line_refundable >= 0),
  request_quantity int NOT NULL CHECK (request_quantity > 0 AND request_quantity <= qty_ordered),
  authorized_quantity int,
  received_quantity int,
  approved_quantity int,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'AUTHORIZED', 'RECEIVED', 'APPROVED', 'REJECTED', 'DENIED')),
  condition text CHECK (condition IN ('resellable', 'not_resellable')),
  refund_amount int NOT NULL DEFAULT 0 CHECK (refund_amount >= 0),
  -- Set once, in the approval's transaction: the refund and the restock happen exactly once.
  refunded_at timestamptz,
  restocked_at timestamptz,
  UNIQUE (return_id, order_item_uid),
  CHECK (authorized_quantity IS NULL OR authorized_quantity BETWEEN 0 AND request_quantity),
  CHECK (received_quantity IS NULL OR received_quantity BETWEEN 0 AND authorized_quantity),
  CHECK (approved_quantity IS NULL OR approved_quantity BETWEEN 1 AND received_quantity),
  CHECK ((status = 'APPROVED') = (approved_quantity IS NOT NULL)),
  CHECK ((status = 'APPROVED') = (condition IS NOT NULL)),
  CHECK (restocked_at IS NULL OR condition = 'resellable')
);
CREATE INDEX returns_item_return ON returns_item (return_id);

CREATE TABLE returns_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  return_id bigint NOT NULL REFERENCES returns_request(id),
  from_status text,
  to_status text NOT NULL,
  actor text NOT NULL CHECK (actor IN ('customer', 'operator', 'system')),
  -- The operator's label (e-mail) for the console; never shown to the customer.
  actor_label text,
  comment text CHECK (length(comment) <= 1000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX returns_history_return ON returns_history (return_id, id);

CREATE SEQUENCE returns_number_seq;

-- Partial refunds (payments, docs/decisions/0077): what the shop has asked the provider to give back,
-- never more than was captured; a partial refund is a provider command of its own kind, so finishing
-- it never marks the whole payment refunded.
ALTER TABLE payments_payment ADD COLUMN refund_requested int NOT NULL DEFAULT 0;
ALTER TABLE payments_payment ADD CONSTRAINT payments_payment_refund_requested_check CHECK (refund_requested >= 0 AND refund_requested <= amount);
ALTER TABLE payments_provider_command DROP CONSTRAINT payments_provider_command_kind_check;
ALTER TABLE payments_provider_command ADD CONSTRAINT payments_provider_command_kind_check CHECK (kind IN ('void', 'refund', 'partial_refund'));
