-- Pick-up stores (click and collect) per store view; a pick-up shipping address points at one.
CREATE TABLE checkout_pickup_store (
  code text PRIMARY KEY CHECK (code ~ '^[a-z0-9_-]{2,40}$'),
  store_code text NOT NULL REFERENCES store_view(code),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  street text NOT NULL,
  city text NOT NULL,
  postcode text,
  country_code char(2) NOT NULL REFERENCES directory_country(id),
  telephone text,
  description text,
  latitude numeric(9, 6),
  longitude numeric(9, 6),
  position int NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true
);
CREATE INDEX checkout_pickup_store_store ON checkout_pickup_store (store_code, position);
