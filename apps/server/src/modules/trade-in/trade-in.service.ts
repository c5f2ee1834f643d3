import { toMajor, type TradeInConfiguration, type TradeInEligibility } from '@ember/contracts';
import type { Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { phrase } from '../../platform/messages.js';
import { TtlCache } from '../../platform/ttl-cache.js';
import type { CatalogService, ProductDoc } from '../catalog/catalog.service.js';
import { finalMinor } from '../catalog/catalog.service.js';
import type { OrderEvent } from '../orders/orders.store.js';
import type { StoreView } from '../store/store.service.js';
import * as store from './trade-in.store.js';
import type { OfferRow } from './trade-in.store.js';

/** A device registered to a customer, as the device registry tells it. */
export interface RegisteredDevice {
  /** The device's registration code (serial). */
  device_id: string;
  /** The catalogue product the device is (a colour of a model, or the model). */
  product_sku: string;
  registered_at: Date;
}

/** What trade-in asks of the device registry: the devices registered to a customer now. */
export interface TradeInDevicesPort {
  registeredDevices(q: Reader, customerUuid: string): Promise<RegisteredDevice[]>;
}

/** An offer as a customer may use it: with the device it would take and the credit it gives. */
export interface UsableOffer {
  offer: OfferRow;
  device_id: string;
  credit_minor: number;
}

const DAY_MS = 86_400_000;

/**
 * Trade-in (spec §7 `/api/trade-in`): per store view, offers name the trade-in product sold with a
 * new device, the device models that qualify, a window and terms; the credit is the trade-in
 * product's price in the store view. Eligible means a registered qualifying device, registered long
 * enough, not traded in already, while the offer runs. The cart judges its trade-in line with
 * `usableTradeIns` and placeOrder claims the device with `claimForOrder`, once.
 */
export class TradeInService {
  /** Offers per store view; dropped when configuration is announced as changed, and after a minute. */
  private readonly offers = new TtlCache<OfferRow[]>(60_000, 100);

  constructor(
    private readonly catalog: CatalogService,
    private readonly devices: TradeInDevicesPort | null,
  ) {}

  invalidate(): void {
    this.offers.clear();
  }

  private offersOf(q: Reader, storeCode: string): Promise<OfferRow[]> {
    return this.offers.through(storeCode, () => store.offersOf(q, storeCode));
  }

  /** The offers running at `now`. */
  private async running(q: Reader, storeCode: string, now: number): Promise<OfferRow[]> {
    return (await this.offersOf(q, storeCode)).filter((o) => o.starts_at.getTime() <= now && (o.ends_at === null || o.ends_at.getTime() > now));
  }

  /** Products of the offers as sold in the store view: the trade-in products and the qualifying models with their colours. */
  private async productsOf(q: Reader, view: StoreView, offers: OfferRow[]): Promise<Map<string, ProductDoc>> {
    const skus = [...new Set(offers.flatMap((o) => [o.trade_in_sku, ...o.qualifying_skus]))];
    const docs = skus.length ? await this.catalog.productsForSale(q, view, { skus }) : [];
    return new Map(docs.map((d) => [d.sku, d]));
  }

  /** `GET /api/trade-in/configuration`: the store view's running offers, in its language. */
  async configuration(q: Reader, view: StoreView, now = Date.now()): Promise<TradeInConfiguration> {
    const offers = await this.running(q, view.code, now);
    const products = await this.productsOf(q, view, offers);
    const out: TradeInConfiguration['offers'] = [];
    for (const o of offers) {
      const product = products.get(o.trade_in_sku);
      // An offer whose trade-in product is not sold in the store view cannot be used.
      if (!product) continue;
      out.push({
        sku: product.sku,
        name: product.name,
        credit: { value: toMajor(finalMinor(product), view.base_currency_code), currency: view.base_currency_code },
        qualifying_models: o.qualifying_skus.map((sku) => ({ sku, name: products.get(sku)?.name ?? sku })),
        window: { starts_at: o.starts_at.toISOString(), ends_at: o.ends_at?.toISOString() ?? null },
        min_device_age_days: o.min_device_age_days,
        terms: o.terms[view.language] ?? o.terms.en ?? '',
      });
    }
    return { store_code: view.code, enabled: out.length > 0, offers: out };
  }

  /**
   * The offers a customer may use now, each with the device it would take: the oldest registered
   * device of a qualifying model (or one of its colours), registered long enough, with no standing
   * claim. Two offers may name the same device; an order holds one trade-in (cart rules).
   */
  async usable(q: Reader, view: StoreView, customerUuid: string, now = Date.now()): Promise<UsableOffer[]> {
    if (!this.devices) return [];
    const offers = await this.running(q, view.code, now);
    if (!offers.length) return [];
    const devices = await this.devices.registeredDevices(q, customerUuid);
    if (!devices.length) return [];
    const claimed = await store.claimedDevices(q, devices.map((d) => d.device_id));
    const free = devices.filter((d) => !claimed.has(d.device_id)).sort((a, b) => a.registered_at.getTime() - b.registered_at.getTime());
    const products = await this.productsOf(q, view, offers);
    const out: UsableOffer[] = [];
    for (const o of offers) {
      const product = products.get(o.trade_in_sku);
      if (!product) continue;
      const models = new Set(o.qualifying_skus.flatMap((sku) => [sku, ...(products.get(sku)?.children.map((c) => c.sku) ?? [])]));
      const device = free.find((d) => models.has(d.product_sku) && d.registered_at.getTime() <= now - o.min_device_age_days * DAY_MS);
      if (device) out.push({ offer: o, device_id: device.device_id, credit_minor: finalMinor(product) });
    }
    return out;
  }

  /** The trade-in products a customer may use now (the cart's port). */
  async usableTradeIns(q: Reader, view: StoreView, customerUuid: string): Promise<ReadonlySet<string>> {
    return new Set((await this.usable(q, view, customerUuid)).map((u) => u.offer.trade_in_sku));
  }

  /** `GET /api/trade-in/is-eligible/{consumer_id}` for the session's own customer. */
  async eligibility(q: Reader, view: StoreView, customerUuid: string): Promise<TradeInEligibility> {
    const usable = await this.usable(q, view, customerUuid);
    return { consumer_id: customerUuid, is_eligible: usable.length > 0, offers: usable.map((u) => ({ sku: u.offer.trade_in_sku, device_id: u.device_id })) };
  }

  /**
   * placeOrder: claims the device each trade-in of the order takes, in the order's transaction. A
   * device another order claimed meanwhile (or no usable device at all) refuses the order.
   */
  async claimForOrder(
    tx: Tx, view: StoreView, input: { customer_uuid: string; trade_in_skus: string[]; order_entity_id: string; currency: string },
  ): Promise<void> {
    if (!input.trade_in_skus.length) return;
    const usable = await this.usable(tx, view, input.customer_uuid);
    for (const sku of input.trade_in_skus) {
      const u = usable.find((x) => x.offer.trade_in_sku === sku);
      const claimed = u && (await store.insertClaim(tx, {
        device_id: u.device_id, customer_uuid: input.customer_uuid, offer_id: u.offer.id, order_entity_id: input.order_entity_id,
        credit_minor: u.credit_minor, currency: input.currency,
      }));
      if (!claimed) throw new AppError('UNABLE_TO_PLACE_ORDER', phrase('cart.tradeInNotEligible'));
    }
  }

  /** Order events: a cancelled or returned order gives its device back for another trade-in. */
  async onOrderEvent(tx: Tx, e: OrderEvent): Promise<void> {
    if (e.type === 'canceled' || e.type === 'refunded') await store.releaseClaimOf(tx, e.order_id);
  }
}
