-- Platform configuration per store view, from what each market really has: the loyalty club where
-- loyalty_market has it on (not gb_trial), trials only in the trial store view, subscriptions where a
-- plan exists (gb, de, ch), devices where devices_market has a warranty; every store view offers both
-- payment families and keeps the spec's timeouts, so those stay their defaults.
INSERT INTO platform_config_value (store_code, key, value_type, value, updated_by)
SELECT v.code, 'loyalty_enabled', 'text', to_jsonb(COALESCE(m.enabled, 'true')), 'seed'
  FROM store_view v LEFT JOIN loyalty_market m ON m.store_code = v.code;

INSERT INTO platform_config_value (store_code, key, value_type, value, updated_by)
SELECT code, 'trials_enabled', 'boolean', to_jsonb(is_trial), 'seed' FROM store_view;

INSERT INTO platform_config_value (store_code, key, value_type, value, updated_by)
SELECT v.code, 'subscriptions_enabled', 'boolean', to_jsonb(EXISTS (SELECT 1 FROM subscription_plan p WHERE p.store_code = v.code)), 'seed'
  FROM store_view v;

INSERT INTO platform_config_value (store_code, key, value_type, value, updated_by)
SELECT v.code, 'devices_enabled', 'boolean', to_jsonb(EXISTS (SELECT 1 FROM devices_market d WHERE d.store_code = v.code)), 'seed'
  FROM store_view v;
