import type { DeviceState } from '@ember/contracts';
import type { Queryable, Tx } from '../../platform/db.js';

/** SQL on the devices_* tables; nothing else touches them. */

export interface DeviceRow {
  serial: string;
  state: DeviceState;
  consumer_uuid: string | null;
  user_uuid: string | null;
  external_id: string | null;
  store_code: string | null;
  device_name: string | null;
  order_number: string | null;
  registered_at: Date | null;
  user_assigned_at: Date | null;
  warranty_expires_at: Date | null;
  random_code: string;
  tracking_code: string;
  model_code: string;
  product_sku: string;
  product_type: string;
  product_color: string;
  product_version: string;
  is_bluetooth: boolean;
  is_virtual: boolean;
  iot_tenant_code: string;
  tenant_code: number;
  tenant_code_string: string;
}

const COLUMNS = `d.serial, d.state, d.consumer_uuid::text AS consumer_uuid, d.user_uuid::text AS user_uuid, d.external_id, d.store_code,
  d.device_name, d.order_number, d.registered_at, d.user_assigned_at, d.warranty_expires_at, d.random_code, d.tracking_code,
  m.code AS model_code, m.product_sku, m.product_type, m.product_color, m.product_version, m.is_bluetooth, m.is_virtual,
  m.iot_tenant_code, m.tenant_code, m.tenant_code_string`;

const FROM = `FROM devices_device d JOIN devices_model m ON m.code = d.model_code`;

/** A device of the registry by serial, whoever holds it. */
export async function findBySerial(db: Queryable, serial: string): Promise<DeviceRow | null> {
  const { rows } = await db.query<DeviceRow>(`SELECT ${COLUMNS} ${FROM} WHERE d.serial = $1`, [serial]);
  return rows[0] ?? null;
}

/** A device by serial, locked for the transaction. */
export async function lockBySerial(tx: Tx, serial: string): Promise<DeviceRow | null> {
  const { rows } = await tx.query<DeviceRow>(`SELECT ${COLUMNS} ${FROM} WHERE d.serial = $1 FOR UPDATE OF d`, [serial]);
  return rows[0] ?? null;
}

/** The consumer's devices (registered to them, assigned or not), newest registration first. */
export async function listForConsumer(db: Queryable, consumer: string): Promise<DeviceRow[]> {
  const { rows } = await db.query<DeviceRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE d.consumer_uuid = $1 AND d.state IN ('registered', 'assigned') ORDER BY d.registered_at DESC, d.serial`,
    [consumer],
  );
  return rows;
}

/** Whether the consumer has a device assigned to them (session user `is_device_registered`). */
export async function hasAssigned(db: Queryable, consumer: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM devices_device WHERE consumer_uuid = $1 AND state = 'assigned' LIMIT 1`, [consumer]);
  return rows.length > 0;
}

/**
 * Takes a free device (never registered, or unassigned) for an owner in one statement, with the
 * market's warranty period (`defaultMonths` without one): the row's lock and the state in the WHERE
 * make a second taker see it taken. Returns the device as taken, or null.
 */
export async function take(
  tx: Tx,
  serial: string,
  owner: { state: 'assigned' | 'registered' | 'guest'; consumer: string | null; externalId: string | null; storeCode: string; defaultMonths: number; orderNumber?: string | null },
): Promise<DeviceRow | null> {
  const { rows } = await tx.query<DeviceRow>(
    `UPDATE devices_device d
        SET state = $2, consumer_uuid = $3, user_uuid = CASE WHEN $2 = 'assigned' THEN $3::uuid END, external_id = $4, store_code = $5,
            registered_at = now(), user_assigned_at = CASE WHEN $2 = 'assigned' THEN now() END,
            warranty_expires_at = now() + make_interval(months => COALESCE((SELECT warranty_months FROM devices_market WHERE store_code = $5), $6::int)),
            order_number = $7, device_name = NULL, updated_at = now()
       FROM devices_model m
      WHERE m.code = d.model_code AND d.serial = $1 AND d.state IN ('unregistered', 'unassigned')
      RETURNING ${COLUMNS}`,
    [serial, owner.state, owner.consumer, owner.externalId, owner.storeCode, owner.defaultMonths, owner.orderNumber ?? null],
  );
  return rows[0] ?? null;
}

/** Assigns a device registered to the consumer (or claimed from a guest) to them as its user. */
export async function assignTo(tx: Tx, serial: string, consumer: string): Promise<DeviceRow> {
  const { rows } = await tx.query<DeviceRow>(
    `UPDATE devices_device d SET state = 'assigned', consumer_uuid = $2, user_uuid = $2, external_id = NULL, user_assigned_at = now(), updated_at = now()
       FROM devices_model m WHERE m.code = d.model_code AND d.serial = $1 RETURNING ${COLUMNS}`,
    [serial, consumer],
  );
  return rows[0]!;
}

/** Frees a device (unassigned: no owner, no registration; the registry row stays). */
export async function release(tx: Tx, serial: string): Promise<void> {
  await tx.query(
    `UPDATE devices_device SET state = 'unassigned', consumer_uuid = NULL, user_uuid = NULL, external_id = NULL, store_code = NULL,
            registered_at = NULL, user_assigned_at = NULL, warranty_expires_at = NULL, device_name = NULL, order_number = NULL, updated_at = now()
      WHERE serial = $1`,
    [serial],
  );
}

export async function rename(tx: Tx, serial: string, name: string): Promise<DeviceRow> {
  const { rows } = await tx.query<DeviceRow>(
    `UPDATE devices_device d SET device_name = $2, updated_at = now() FROM devices_model m WHERE m.code = d.model_code AND d.serial = $1 RETURNING ${COLUMNS}`,
    [serial, name],
  );
  return rows[0]!;
}

/** Every device registered to the consumer, for the data-subject export. */
export async function exportConsumer(db: Queryable, consumer: string) {
  const { rows } = await db.query(
    `SELECT d.serial, d.state, m.product_sku, d.device_name, d.store_code, d.order_number, d.registered_at, d.user_assigned_at, d.warranty_expires_at
       FROM devices_device d JOIN devices_model m ON m.code = d.model_code WHERE d.consumer_uuid = $1 OR d.user_uuid = $1 ORDER BY d.registered_at`,
    [consumer],
  );
  return rows;
}

/** Frees every device of the consumer (account cancellation). */
export async function releaseAllOf(tx: Tx, consumer: string): Promise<void> {
  await tx.query(
    `UPDATE devices_device SET state = 'unassigned', consumer_uuid = NULL, user_uuid = NULL, external_id = NULL, store_code = NULL,
            registered_at = NULL, user_assigned_at = NULL, warranty_expires_at = NULL, device_name = NULL, order_number = NULL, updated_at = now()
      WHERE consumer_uuid = $1 OR user_uuid = $1`,
    [consumer],
  );
}

/** Serials of the devices recorded as shipped with an order (devices_device.order_number). */
export async function orderSerialsOf(db: Queryable, orderNumber: string): Promise<string[]> {
  const { rows } = await db.query<{ serial: string }>(`SELECT serial FROM devices_device WHERE order_number = $1 ORDER BY serial`, [orderNumber]);
  return rows.map((r) => r.serial);
}
