-- Store locator (docs/decisions/0060): shops, kiosks and service points with their address, coordinates,
-- opening hours and services, shown per store view; the checkout's pick-up stores are the stores a store
-- view flags as pick-up points. Address suggestions (docs/decisions/0061): a table of public postal
-- addresses (OpenAddresses format) the built-in provider searches. Neither holds personal data.

CREATE TABLE store_locator_store (
  -- The store's id in the shop: the page's address and the checkout's pick-up location code.
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9_-]{2,40}$'),
  -- The store's id in the retail system it comes from.
  external_id text NOT NULL UNIQUE CHECK (external_id ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$'),
  type text NOT NULL DEFAULT 'shop' CHECK (type IN ('shop', 'kiosk', 'service_point')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  street text NOT NULL CHECK (length(street) BETWEEN 1 AND 120),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 80),
  postcode text CHECK (length(postcode) <= 16),
  country_code char(2) NOT NULL REFERENCES directory_country (id),
  telephone text CHECK (telephone ~ '^\+[0-9]{6,15}$'),
  -- Degrees WGS84; both or neither (a store without them is listed, never found by distance).
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  -- The zone its opening hours are in.
  timezone text NOT NULL DEFAULT 'Europe/London',
  is_active boolean NOT NULL DEFAULT true,
  CONSTRAINT store_locator_store_point CHECK ((latitude IS NULL) = (longitude IS NULL))
);
-- The bounding-box prefilter of the distance search.
CREATE INDEX store_locator_store_geo ON store_locator_store (latitude, longitude) WHERE is_active AND latitude IS NOT NULL;

-- Which store views show a store, in which order, and whether it is one of their pick-up points.
CREATE TABLE store_locator_store_view (
  store_code text NOT NULL REFERENCES store_view (code),
  store_id text NOT NULL REFERENCES store_locator_store (id) ON DELETE CASCADE,
  is_pickup boolean NOT NULL DEFAULT false,
  position int NOT NULL DEFAULT 0,
  PRIMARY KEY (store_code, store_id)
);
CREATE INDEX store_locator_store_view_store ON store_locator_store_view (store_id);

-- A store's description per language (what the shop is, where to find it).
CREATE TABLE store_locator_store_text (
  store_id text NOT NULL REFERENCES store_locator_store (id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 1000),
  PRIMARY KEY (store_id, language)
);

-- Weekly opening hours in the store's zone: ISO weekday (1 Monday … 7 Sunday), one or more spans a
-- day; a day without a span is closed.
CREATE TABLE store_locator_opening_hours (
  store_id text NOT NULL REFERENCES store_locator_store (id) ON DELETE CASCADE,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  opens time NOT NULL,
  closes time NOT NULL,
  PRIMARY KEY (store_id, weekday, opens),
  CONSTRAINT store_locator_opening_hours_span CHECK (closes > opens)
);

-- What a store offers (device repair, recycling, ...), labelled per language.
CREATE TABLE store_locator_service (
  code text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9_]{1,39}$'),
  position int NOT NULL DEFAULT 0
);
CREATE TABLE store_locator_service_text (
  code text NOT NULL REFERENCES store_locator_service (code) ON DELETE CASCADE,
  language text NOT NULL CHECK (language ~ '^[a-z]{2}$'),
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 80),
  PRIMARY KEY (code, language)
);
CREATE TABLE store_locator_store_service (
  store_id text NOT NULL REFERENCES store_locator_store (id) ON DELETE CASCADE,
  service_code text NOT NULL REFERENCES store_locator_service (code),
  PRIMARY KEY (store_id, service_code)
);

CREATE TRIGGER store_locator_store_changes AFTER INSERT OR UPDATE OR DELETE ON store_locator_store FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER store_locator_store_view_changes AFTER INSERT OR UPDATE OR DELETE ON store_locator_store_view FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER store_locator_store_text_changes AFTER INSERT OR UPDATE OR DELETE ON store_locator_store_text FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');

-- The checkout's pick-up stores move here: each becomes a shop, a pick-up point of its store view,
-- with its free-text note as the description in the store view's language.
INSERT INTO store_locator_store (id, external_id, type, name, street, city, postcode, country_code, telephone, latitude, longitude, timezone, is_active)
SELECT p.code, 'PICKUP-' || upper(p.code), 'shop', p.name, p.street, p.city, p.postcode, p.country_code,
       CASE WHEN p.telephone ~ '^\+[0-9]{6,15}$' THEN p.telephone END, p.latitude::double precision, p.longitude::double precision,
       v.timezone, p.is_active
  FROM checkout_pickup_store p JOIN store_view v ON v.code = p.store_code;
INSERT INTO store_locator_store_view (store_code, store_id, is_pickup, position)
SELECT store_code, code, true, position FROM checkout_pickup_store;
INSERT INTO store_locator_store_text (store_id, language, description)
SELECT p.code, v.language, p.description
  FROM checkout_pickup_store p JOIN store_view v ON v.code = p.store_code
 WHERE p.description IS NOT NULL AND length(p.description) BETWEEN 1 AND 1000;
DROP TABLE checkout_pickup_store;

-- Public postal addresses for suggestions, one row per OpenAddresses row (HASH its key, so an import
-- again changes nothing). The search tokens are derived: lower case, accents and ß folded, the
-- postcode also without its space.
CREATE TABLE address_suggestion_address (
  hash text PRIMARY KEY CHECK (hash ~ '^[A-Za-z0-9_.:-]{1,64}$'),
  country_code char(2) NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  number text CHECK (length(number) <= 20),
  street text NOT NULL CHECK (length(street) BETWEEN 1 AND 120),
  unit text CHECK (length(unit) <= 40),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 80),
  district text CHECK (length(district) <= 80),
  region text CHECK (length(region) <= 80),
  postcode text CHECK (length(postcode) <= 16),
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  search_tokens text[] GENERATED ALWAYS AS (
    regexp_split_to_array(btrim(regexp_replace(
      translate(replace(lower(coalesce(number, '') || ' ' || street || ' ' || coalesce(postcode, '') || ' ' || replace(coalesce(postcode, ''), ' ', '') || ' ' || city), 'ß', 'ss'),
        'äöüàáâãåèéêëìíîïòóôõùúûçñ', 'aouaaaaaeeeeiiiioooouuucn'),
      '[^a-z0-9]+', ' ', 'g')), ' ')
  ) STORED,
  postcode_key text GENERATED ALWAYS AS (upper(replace(postcode, ' ', ''))) STORED
);
CREATE INDEX address_suggestion_address_postcode ON address_suggestion_address (country_code, postcode_key text_pattern_ops);
