-- Devices: the registry of manufactured devices (serial with its check character, model, flags),
-- who each one is registered to (a consumer, a user, or a guest's external id) and the warranty
-- period per market; plus the spent bot-check challenges, so a solved challenge is used once.

-- A device model: one catalogue product (the colour variant) with the facts the device service answers.
CREATE TABLE devices_model (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9][A-Z0-9-]{1,39}$'),
  product_sku text NOT NULL UNIQUE REFERENCES catalog_product(sku),
  -- productType: the model family (the configurable product's sku), productColor: the variant's colour.
  product_type text NOT NULL CHECK (product_type ~ '^[A-Z0-9][A-Z0-9-]{1,39}$'),
  product_color text NOT NULL CHECK (length(product_color) BETWEEN 1 AND 40),
  product_version text NOT NULL CHECK (length(product_version) BETWEEN 1 AND 20),
  -- Serials of this model start with this prefix (two characters of the code alphabet).
  serial_prefix text NOT NULL CHECK (serial_prefix ~ '^[0-9A-Z]{2}$'),
  is_bluetooth boolean NOT NULL,
  is_virtual boolean NOT NULL DEFAULT false,
  iot_tenant_code text NOT NULL CHECK (length(iot_tenant_code) BETWEEN 1 AND 40),
  tenant_code integer NOT NULL CHECK (tenant_code > 0),
  tenant_code_string text NOT NULL CHECK (length(tenant_code_string) BETWEEN 1 AND 40)
);

-- The warranty period of a device registered in a market (store view): registration date + months.
CREATE TABLE devices_market (
  store_code text PRIMARY KEY REFERENCES store_view(code),
  warranty_months integer NOT NULL CHECK (warranty_months BETWEEN 1 AND 120)
);

-- One row per manufactured device. The serial (the registration code, `deviceId`) is 11 characters
-- of 0-9A-Z and an ISO 7064 MOD 37-36 check character. Its owner fields follow its state:
--   unregistered / unassigned: nobody;  guest: an external id;  registered: a consumer (from an
--   order's shipment), not yet assigned to the user;  assigned: the consumer and the user.
-- One row per serial with these CHECKs is what makes "exactly one owner" a database fact.
CREATE TABLE devices_device (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  serial text NOT NULL UNIQUE CHECK (serial ~ '^[0-9A-Z]{12}$'),
  model_code text NOT NULL REFERENCES devices_model(code),
  random_code text NOT NULL CHECK (random_code ~ '^[0-9A-Z]{6}$'),
  tracking_code text NOT NULL UNIQUE CHECK (tracking_code ~ '^[0-9A-Z-]{8,40}$'),
  state text NOT NULL DEFAULT 'unregistered' CHECK (state IN ('unregistered', 'guest', 'registered', 'assigned', 'unassigned')),
  consumer_uuid uuid REFERENCES identity_user(uuid),
  user_uuid uuid REFERENCES identity_user(uuid),
  external_id text CHECK (external_id ~ '^[A-Za-z0-9_-]{16,100}$'),
  store_code text REFERENCES store_view(code),
  device_name text CHECK (length(device_name) BETWEEN 1 AND 60 AND device_name !~ '[[:cntrl:]]'),
  order_number text CHECK (length(order_number) BETWEEN 1 AND 64),
  registered_at timestamptz,
  user_assigned_at timestamptz,
  warranty_expires_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT devices_device_owner_by_state CHECK (
    CASE state
      WHEN 'unregistered' THEN consumer_uuid IS NULL AND user_uuid IS NULL AND external_id IS NULL AND registered_at IS NULL
      WHEN 'unassigned' THEN consumer_uuid IS NULL AND user_uuid IS NULL AND external_id IS NULL AND registered_at IS NULL
      WHEN 'guest' THEN consumer_uuid IS NULL AND user_uuid IS NULL AND external_id IS NOT NULL AND registered_at IS NOT NULL
      WHEN 'registered' THEN consumer_uuid IS NOT NULL AND user_uuid IS NULL AND external_id IS NULL AND registered_at IS NOT NULL
      WHEN 'assigned' THEN consumer_uuid IS NOT NULL AND user_uuid = consumer_uuid AND external_id IS NULL AND registered_at IS NOT NULL
        AND user_assigned_at IS NOT NULL
    END
  ),
  CONSTRAINT devices_device_warranty_with_registration CHECK ((registered_at IS NULL) = (warranty_expires_at IS NULL) AND (registered_at IS NULL) = (store_code IS NULL))
);
CREATE INDEX devices_device_consumer ON devices_device (consumer_uuid) WHERE consumer_uuid IS NOT NULL;
CREATE INDEX devices_device_external ON devices_device (external_id) WHERE external_id IS NOT NULL;
CREATE INDEX devices_device_order ON devices_device (order_number) WHERE order_number IS NOT NULL;

-- Solved bot-check challenges, kept until they expire: a second use of one is refused.
CREATE TABLE bot_check_spent (
  challenge_id text PRIMARY KEY CHECK (length(challenge_id) BETWEEN 8 AND 200),
  expires_at timestamptz NOT NULL
);
CREATE INDEX bot_check_spent_expiry ON bot_check_spent (expires_at);
