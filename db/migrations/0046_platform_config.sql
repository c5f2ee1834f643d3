-- Platform configuration (modules/platform-config, docs/decisions/0066): the settings the storefront
-- reads per store view (feature flags, payment families, timeouts, cache times), each typed, with a
-- default; a store view's own value where an operator or the seed set one; and the history of
-- operators' changes (who, when, from what to what). Every change announces `config`.
CREATE TABLE platform_config_setting (
  key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]{1,63}$'),
  value_type text NOT NULL CHECK (value_type IN ('boolean', 'integer', 'text', 'text_list')),
  default_value jsonb NOT NULL,
  description text NOT NULL,
  UNIQUE (key, value_type),
  CONSTRAINT platform_config_setting_typed CHECK (
    (value_type = 'boolean' AND jsonb_typeof(default_value) = 'boolean')
    OR (value_type = 'integer' AND jsonb_typeof(default_value) = 'number' AND default_value::text ~ '^-?[0-9]+$')
    OR (value_type = 'text' AND jsonb_typeof(default_value) = 'string')
    OR (value_type = 'text_list' AND jsonb_typeof(default_value) = 'array')
  )
);

CREATE TABLE platform_config_value (
  store_code text NOT NULL REFERENCES store_view(code) ON DELETE CASCADE,
  key text NOT NULL,
  -- Repeated from the setting so the database holds each value to its setting's type.
  value_type text NOT NULL,
  value jsonb NOT NULL,
  updated_by text NOT NULL CHECK (length(updated_by) BETWEEN 1 AND 80),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_code, key),
  FOREIGN KEY (key, value_type) REFERENCES platform_config_setting (key, value_type),
  CONSTRAINT platform_config_value_typed CHECK (
    (value_type = 'boolean' AND jsonb_typeof(value) = 'boolean')
    OR (value_type = 'integer' AND jsonb_typeof(value) = 'number' AND value::text ~ '^-?[0-9]+$')
    OR (value_type = 'text' AND jsonb_typeof(value) = 'string')
    OR (value_type = 'text_list' AND jsonb_typeof(value) = 'array')
  )
);

CREATE TABLE platform_config_change (
  id bigserial PRIMARY KEY,
  store_code text NOT NULL REFERENCES store_view(code) ON DELETE CASCADE,
  key text NOT NULL REFERENCES platform_config_setting(key),
  old_value jsonb,
  new_value jsonb NOT NULL,
  -- An operator's name as they gave it with ADMIN_TOKEN, never a customer's.
  changed_by text NOT NULL CHECK (length(changed_by) BETWEEN 1 AND 80),
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX platform_config_change_store ON platform_config_change (store_code, changed_at DESC, id DESC);

INSERT INTO platform_config_setting (key, value_type, default_value, description) VALUES
  ('loyalty_enabled', 'text', '"true"', 'The loyalty club is shown (the spec''s string "true" or "false")'),
  ('trials_enabled', 'boolean', 'false', 'Free trials are offered'),
  ('subscriptions_enabled', 'boolean', 'true', 'Subscriptions are offered'),
  ('devices_enabled', 'boolean', 'true', 'Device registration is offered'),
  ('search_enabled', 'boolean', 'true', 'Site search is shown'),
  ('store_locator_enabled', 'boolean', 'true', 'The store locator is shown'),
  ('payment_families', 'text_list', '["card", "bank_transfer"]', 'Payment families offered, in display order'),
  ('request_timeout_ms', 'integer', '5000', 'Default request timeout when one is requested (spec 9)'),
  ('loyalty_timeout_ms', 'integer', '5000', 'Timeout of loyalty calls (spec 9)'),
  ('default_cache_time_ms', 'integer', '300000', 'Default cache time of the storefront''s queries: 5 minutes (spec 9)'),
  ('trade_in_stale_time_ms', 'integer', '5000', 'Stale time of the trade-in configuration (spec 9)');

-- A shop seeded before this migration gets its markets' real differences; a new one gets them from the seed.
INSERT INTO platform_config_value (store_code, key, value_type, value, updated_by)
SELECT code, 'trials_enabled', 'boolean', 'true', 'migration' FROM store_view WHERE is_trial;
INSERT INTO platform_config_value (store_code, key, value_type, value, updated_by)
SELECT code, 'loyalty_enabled', 'text', '"false"', 'migration' FROM store_view WHERE is_trial;
INSERT INTO platform_config_value (store_code, key, value_type, value, updated_by)
SELECT code, 'subscriptions_enabled', 'boolean', 'false', 'migration' FROM store_view WHERE is_trial;

CREATE TRIGGER platform_config_setting_changes AFTER INSERT OR UPDATE OR DELETE ON platform_config_setting FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
CREATE TRIGGER platform_config_value_changes AFTER INSERT OR UPDATE OR DELETE ON platform_config_value FOR EACH STATEMENT EXECUTE FUNCTION changes_notify('config');
