-- The operator console's lists (docs/decisions/0076): orders and customers searched, filtered and paged
-- by an operator, fast on 100,000 orders and 50,000 customers. pg_trgm is there since 0047.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Orders: newest first (the default page), by status or store view, by total; number and e-mail prefixes
-- (text_pattern_ops: LIKE 'x%' whatever the database's collation), e-mail fragments, billing names.
CREATE INDEX orders_order_console_created ON orders_order (created_at DESC, id DESC);
CREATE INDEX orders_order_console_status ON orders_order (status, created_at DESC);
CREATE INDEX orders_order_console_store ON orders_order (store_code, created_at DESC);
CREATE INDEX orders_order_console_total ON orders_order (grand_total, id);
CREATE INDEX orders_order_console_refunded ON orders_order (created_at DESC) WHERE refunded_total > 0;
CREATE INDEX orders_order_console_unpaid ON orders_order (created_at DESC) INCLUDE (refunded_total, grand_total) WHERE paid_at IS NULL;
CREATE INDEX orders_order_console_number ON orders_order (order_number text_pattern_ops);
CREATE INDEX orders_order_console_email ON orders_order (email text_pattern_ops);
CREATE INDEX orders_order_console_email_trgm ON orders_order USING gin (email gin_trgm_ops);
CREATE INDEX orders_address_console_name ON orders_address USING gin ((lower(firstname || ' ' || lastname)) gin_trgm_ops)
  WHERE kind = 'billing';

-- Customers: newest first, e-mail and phone prefixes, names anywhere, by status and store view.
CREATE INDEX identity_user_console_created ON identity_user (created_at DESC, uuid);
CREATE INDEX identity_user_console_email ON identity_user (email text_pattern_ops);
CREATE INDEX identity_user_console_phone ON identity_user (telephone text_pattern_ops) WHERE telephone IS NOT NULL;
CREATE INDEX identity_user_console_name ON identity_user USING gin ((lower(firstname || ' ' || lastname)) gin_trgm_ops);
CREATE INDEX identity_user_console_store ON identity_user (store_code, created_at DESC);
