import type { Reader, Tx } from '../../platform/db.js';

/** The only SQL on the platform configuration tables (platform_config_setting, _value, _change). */

export interface SettingRow {
  key: string;
  value_type: 'boolean' | 'integer' | 'text' | 'text_list';
  /** The store view's own value, else the setting's default. */
  value: unknown;
  updated_at: Date | null;
}

/** Every setting with the store view's value where it has one. */
export async function settingsOf(q: Reader, storeCode: string): Promise<SettingRow[]> {
  const { rows } = await q.query<SettingRow>(
    `SELECT s.key, s.value_type, COALESCE(v.value, s.default_value) AS value, v.updated_at
       FROM platform_config_setting s
       LEFT JOIN platform_config_value v ON v.key = s.key AND v.store_code = $1
      ORDER BY s.key`,
    [storeCode],
  );
  return rows.map((r) => ({ ...r, updated_at: r.updated_at ? new Date(r.updated_at) : null }));
}

/** When an operator (or the seed) last changed a setting of the store view. */
export function lastUpdate(rows: SettingRow[]): Date | null {
  return rows.reduce<Date | null>((at, r) => (r.updated_at && (!at || r.updated_at > at) ? r.updated_at : at), null);
}

/**
 * Sets one value of a store view and records the change with its operator, in the caller's
 * transaction; the row lock makes parallel changes of one key record their true previous values.
 * A value of the wrong type is refused by the database (platform_config_value_typed).
 */
export async function setValue(tx: Tx, c: { store_code: string; key: string; value: unknown; operator: string }): Promise<void> {
  const json = JSON.stringify(c.value);
  await tx.query(
    `WITH old AS (
       SELECT COALESCE(
         (SELECT v.value FROM platform_config_value v WHERE v.store_code = $1 AND v.key = $2 FOR UPDATE),
         (SELECT s.default_value FROM platform_config_setting s WHERE s.key = $2)) AS value
     ), upsert AS (
       INSERT INTO platform_config_value (store_code, key, value_type, value, updated_by, updated_at)
       SELECT $1, s.key, s.value_type, $3::jsonb, $4, now() FROM platform_config_setting s WHERE s.key = $2
       ON CONFLICT (store_code, key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()
     )
     INSERT INTO platform_config_change (store_code, key, old_value, new_value, changed_by)
     SELECT $1, $2, old.value, $3::jsonb, $4 FROM old`,
    [c.store_code, c.key, json, c.operator],
  );
}

export interface ChangeRow {
  key: string;
  old_value: unknown;
  new_value: unknown;
  changed_by: string;
  changed_at: Date;
}

/** A store view's operator changes, newest first. */
export async function changesOf(q: Reader, storeCode: string, limit: number): Promise<ChangeRow[]> {
  const { rows } = await q.query<ChangeRow>(
    `SELECT key, old_value, new_value, changed_by, changed_at FROM platform_config_change
      WHERE store_code = $1 ORDER BY changed_at DESC, id DESC LIMIT $2`,
    [storeCode, limit],
  );
  return rows.map((r) => ({ ...r, changed_at: new Date(r.changed_at) }));
}
