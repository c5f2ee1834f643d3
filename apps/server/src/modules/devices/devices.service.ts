import { hasValidCheckCharacter, normaliseDeviceCode, type Device, type DeviceValidation } from '@ember/contracts';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { phrase } from '../../platform/messages.js';
import { requireTx } from '../../platform/transaction.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { StoreService, StoreView } from '../store/store.service.js';
import * as store from './devices.store.js';
import type { DeviceRow } from './devices.store.js';

/** The warranty of a market the registry has no period for. */
const DEFAULT_WARRANTY_MONTHS = 12;

/** A consumer's registered device with its model, as trade-in and other modules read it. */
export interface RegisteredDevice {
  serial: string;
  state: 'registered' | 'assigned';
  productSku: string;
  productType: string;
  productVersion: string;
  registeredAt: Date;
  warrantyExpiresAt: Date;
}

const unknownDevice = () => new AppError('NOT_FOUND', phrase('device.notFound'));
const invalidCode = () => new AppError('DEVICE_CODE_INVALID', phrase('device.codeInvalid'));
const elsewhere = () => new AppError('DEVICE_REGISTERED_ELSEWHERE', phrase('device.registeredElsewhere'));

/**
 * The device registry and its owners (spec §3 Device, §4 states, §7 device calls; docs/decisions/0046).
 * Ownership always comes from the caller's session: a device another consumer holds is answered like
 * one that does not exist, except when registering it, where the spec's 409 says it is taken.
 */
export class DevicesService {
  constructor(
    private readonly db: Queryable,
    private readonly stores: StoreService,
    private readonly catalog: CatalogService,
  ) {}

  /**
   * The code as the registry keys it, or 406 before any lookup: a code of the wrong shape or with a
   * wrong check character is a typo, never a device.
   */
  checkedCode(raw: string): string {
    const code = normaliseDeviceCode(raw);
    if (!hasValidCheckCharacter(code)) throw invalidCode();
    return code;
  }

  /** The consumer's registered devices (registered to them from an order, or assigned). */
  async list(consumer: string, view: StoreView): Promise<Device[]> {
    return this.present(await store.listForConsumer(this.db, consumer), view);
  }

  /** One of the consumer's devices; anyone else's, or none, is NOT_FOUND alike. */
  async get(consumer: string, rawCode: string, view: StoreView): Promise<Device> {
    const row = await store.findBySerial(this.db, normaliseDeviceCode(rawCode));
    if (!row || !ownedBy(row, consumer)) throw unknownDevice();
    return (await this.present([row], view))[0]!;
  }

  /** Whether a code names a genuine device, with its model: never who holds it. 406 when it does not. */
  async validate(rawCode: string, view: StoreView): Promise<DeviceValidation> {
    const row = await store.findBySerial(this.db, this.checkedCode(rawCode));
    if (!row) throw invalidCode();
    const d = (await this.present([row], view))[0]!;
    return { deviceId: d.deviceId, valid: true, productId: d.productId, productType: d.productType, productColor: d.productColor, productName: d.productName, colorLabel: d.colorLabel };
  }

  /**
   * Registers a device to the consumer and assigns it to them as its user. A device registered to
   * them from an order is assigned; one already theirs is answered again (idempotent); one anybody
   * else holds (a consumer or a guest) is 409.
   */
  async register(tx: Tx, consumer: string, rawCode: string, view: StoreView): Promise<DeviceRow> {
    requireTx(tx);
    const code = this.checkedCode(rawCode);
    const taken = await store.take(tx, code, { state: 'assigned', consumer, externalId: null, storeCode: view.code, defaultMonths: DEFAULT_WARRANTY_MONTHS });
    if (taken) return taken;
    const row = await store.lockBySerial(tx, code);
    if (!row) throw invalidCode();
    if (!ownedBy(row, consumer)) throw elsewhere();
    return row.state === 'registered' ? store.assignTo(tx, code, consumer) : row;
  }

  /** Registers a device to a guest's external id (spec: guest devices). */
  async registerGuest(tx: Tx, externalId: string, rawCode: string, view: StoreView): Promise<DeviceRow> {
    requireTx(tx);
    const code = this.checkedCode(rawCode);
    const taken = await store.take(tx, code, { state: 'guest', consumer: null, externalId, storeCode: view.code, defaultMonths: DEFAULT_WARRANTY_MONTHS });
    if (taken) return taken;
    const row = await store.lockBySerial(tx, code);
    if (!row) throw invalidCode();
    if (row.state === 'guest' && row.external_id === externalId) return row;
    throw elsewhere();
  }

  /**
   * Records a shipped device as registered to the buyer (not yet assigned: the customer confirms it
   * from their order). The serial must be of a model the order holds (`skus`, the order's item and
   * parent skus); a serial someone else holds is 409, the same serial again for the order is a no-op.
   */
  async registerFromShipment(tx: Tx, consumer: string, rawCode: string, order: { storeCode: string; orderNumber: string; skus: string[] }): Promise<string> {
    requireTx(tx);
    const code = this.checkedCode(rawCode);
    const found = await store.findBySerial(tx, code);
    if (!found) throw invalidCode();
    if (!order.skus.includes(found.product_sku) && !order.skus.includes(found.product_type)) {
      throw new AppError('VALIDATION_FAILED', 'The order holds no device of this model', { field: 'serial' });
    }
    const taken = await store.take(tx, code, { state: 'registered', consumer, externalId: null, storeCode: order.storeCode, defaultMonths: DEFAULT_WARRANTY_MONTHS, orderNumber: order.orderNumber });
    if (taken) return code;
    const row = await store.lockBySerial(tx, code);
    if (!(row && row.consumer_uuid === consumer && row.order_number === order.orderNumber)) throw elsewhere();
    return code;
  }

  /** Unassigns (deletes) one of the consumer's devices: it becomes free for a new registration. */
  async unassign(tx: Tx, consumer: string, rawCode: string): Promise<string> {
    requireTx(tx);
    const code = normaliseDeviceCode(rawCode);
    const row = await store.lockBySerial(tx, code);
    if (!row || !ownedBy(row, consumer)) throw unknownDevice();
    await store.release(tx, code);
    return code;
  }

  /** Unassigns a guest device from the external id it was registered to. */
  async unassignGuest(tx: Tx, externalId: string, rawCode: string): Promise<string> {
    requireTx(tx);
    const code = normaliseDeviceCode(rawCode);
    const row = await store.lockBySerial(tx, code);
    if (!row || row.state !== 'guest' || row.external_id !== externalId) throw unknownDevice();
    await store.release(tx, code);
    return code;
  }

  /**
   * Reassigns a device to the consumer as its user: one registered to them (from an order) or theirs
   * already, or a guest device claimed with the external id it was registered to. Anything else is
   * answered like an unknown device.
   */
  async reassign(tx: Tx, consumer: string, rawCode: string, externalId: string | undefined): Promise<DeviceRow> {
    requireTx(tx);
    const code = normaliseDeviceCode(rawCode);
    const row = await store.lockBySerial(tx, code);
    const claimable = row && row.state === 'guest' && externalId !== undefined && row.external_id === externalId;
    if (!row || !(ownedBy(row, consumer) || claimable)) throw unknownDevice();
    return store.assignTo(tx, code, consumer);
  }

  /** Names one of the consumer's devices. */
  async rename(tx: Tx, consumer: string, rawCode: string, name: string): Promise<DeviceRow> {
    requireTx(tx);
    const code = normaliseDeviceCode(rawCode);
    const row = await store.lockBySerial(tx, code);
    if (!row || !ownedBy(row, consumer)) throw unknownDevice();
    return store.rename(tx, code, name);
  }

  /** Session user `is_device_registered`: true from the consumer's first assigned device on. */
  isDeviceRegistered(consumer: string, reader: Reader = this.db): Promise<boolean> {
    return store.hasAssigned(reader, consumer);
  }

  /** Serials of the devices recorded as shipped with an order. */
  async serialsOfOrder(reader: Reader, orderNumber: string): Promise<string[]> {
    return store.orderSerialsOf(reader, orderNumber);
  }

  /** The consumer's registered devices with their model (for trade-in eligibility and the like). */
  async registeredDevices(reader: Reader, consumer: string): Promise<RegisteredDevice[]> {
    return (await store.listForConsumer(reader, consumer)).map((r) => ({
      serial: r.serial,
      state: r.state as 'registered' | 'assigned',
      productSku: r.product_sku,
      productType: r.product_type,
      productVersion: r.product_version,
      registeredAt: r.registered_at!,
      warrantyExpiresAt: r.warranty_expires_at!,
    }));
  }

  /**
   * A device as a write left it, said after the write's transaction (the catalogue's names come
   * from its own cache and connection, which must not wait on an open transaction).
   */
  async describe(row: DeviceRow, view: StoreView): Promise<Device> {
    return (await this.present([row], view))[0]!;
  }

  /** Rows as the spec's Device, with the model's name, colour and picture from the catalogue in the store view's language. */
  private async present(rows: DeviceRow[], view: StoreView): Promise<Device[]> {
    if (rows.length === 0) return [];
    const families = [...new Set(rows.map((r) => r.product_type))];
    const docs = await this.catalog.productsBySkus(view, families).catch(() => []);
    const countries = new Map((await this.stores.list()).map((v) => [v.code, v.default_country]));
    return rows.map((r) => {
      const parent = docs.find((d) => d.sku === r.product_type);
      const child = parent?.children.find((c) => c.sku === r.product_sku);
      const picture = child?.media[0]?.file ?? parent?.media.find((m) => m.file.includes(r.product_color))?.file ?? parent?.media[0]?.file ?? null;
      return {
        consumerId: r.consumer_uuid,
        deviceId: r.serial,
        externalId: r.external_id,
        countryCode: r.store_code ? (countries.get(r.store_code) ?? null) : null,
        iotTenantCode: r.iot_tenant_code,
        isBluetooth: r.is_bluetooth,
        isVirtual: r.is_virtual,
        productColor: r.product_color,
        productType: r.product_type,
        productVersion: r.product_version,
        randomCode: r.random_code,
        registrationDate: r.registered_at?.toISOString() ?? null,
        tenantCode: r.tenant_code,
        tenantCodeString: r.tenant_code_string,
        trackingCode: r.tracking_code,
        userAssignmentDate: r.user_assigned_at?.toISOString() ?? null,
        userId: r.user_uuid,
        warrantyExpiryDate: r.warranty_expires_at?.toISOString() ?? null,
        deviceName: r.device_name,
        productId: r.product_sku,
        orderNumber: r.order_number,
        status: r.state,
        productName: parent?.name ?? r.product_type,
        colorLabel: child?.color_label ?? r.product_color,
        imageUrl: picture,
      };
    });
  }
}

/** Whether the device is registered to the consumer (from an order, or assigned to them). */
function ownedBy(row: DeviceRow, consumer: string): boolean {
  return (row.state === 'registered' || row.state === 'assigned') && row.consumer_uuid === consumer;
}
