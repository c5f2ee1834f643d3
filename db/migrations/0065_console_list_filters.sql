-- The console's lists filtered by two things at once (docs/decisions/0084): an order list of one store
-- view in one status, and a customer list of one status, read their rows and their capped count from
-- one index each instead of filtering a walk through every order or account by date.
CREATE INDEX orders_order_console_store_status ON orders_order (store_code, status, created_at DESC, id DESC);
CREATE INDEX identity_user_console_status ON identity_user (status, created_at DESC);
