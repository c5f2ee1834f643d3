-- Request headers, tax display and order-attribute placements (docs/decisions/0074).

-- The tenant token of spec §6: a public identifier per website that an account-service client
-- sends in `X-Tenant-Token`; a token naming another website than the request's store view is
-- refused. Public like the store code, so it is stored as it is (no secret).
ALTER TABLE store_website
  ADD COLUMN tenant_token text NOT NULL UNIQUE
    DEFAULT ('tnt_' || replace(gen_random_uuid()::text, '-', ''))
    CHECK (tenant_token ~ '^[A-Za-z0-9_-]{8,64}$');

-- Tax display of spec §4 per store view: whether prices are shown excluding tax, including it, or
-- both (including, with the amount excluding tax beside it). Stored prices include tax (0007).
ALTER TABLE store_view
  ADD COLUMN tax_display text NOT NULL DEFAULT 'INCLUDING' CHECK (tax_display IN ('EXCLUDING', 'INCLUDING', 'BOTH'));

-- Spec §9: the order history's page size comes from the store configuration.
ALTER TABLE store_view
  ADD COLUMN orders_page_size int NOT NULL DEFAULT 10 CHECK (orders_page_size BETWEEN 1 AND 50);

-- An order attribute at a placement the checkout does not know is dropped with a warning when the
-- definitions are read (spec §2, §5), not refused here: an operator may configure a placement a
-- later storefront renders. The column keeps the placements' shape.
ALTER TABLE orders_attribute DROP CONSTRAINT orders_attribute_placement_check;
ALTER TABLE orders_attribute ADD CONSTRAINT orders_attribute_placement_check
  CHECK (placement ~ '^[A-Za-z][A-Za-z0-9]{0,62}_(before|after)$');
