import type { Queryable, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { StoreView } from '../store/store.service.js';
import { ageOn } from './age-verification.provider.js';
import * as store from './age-verification.store.js';

export interface SaleCheck {
  store: Pick<StoreView, 'code' | 'default_country' | 'is_age_verification_enabled' | 'is_order_limit_enabled' | 'order_limit_value'>;
  /** The signed-in buyer; null for a guest. */
  customerUuid: string | null;
  /** The guest's e-mail, which the order limit counts by when there is no account. */
  email?: string | null;
  items: { sku: string; quantity: number }[];
  /**
   * The order (or renewal) this sale is for. Given, the units are recorded for the order limit in the
   * caller's transaction, once per reference; omitted, the rule only checks (e.g. before payment).
   */
  reference?: string;
  /**
   * Whether each sku is age-restricted, as the caller read it in this transaction (placeOrder's priced
   * lines carry it from the catalogue's sale facts); a sku missing here is read from the catalogue.
   */
  restriction?: Map<string, boolean>;
}

interface Deps {
  identity: IdentityService;
  catalog: CatalogService;
  minimumAge(db: Queryable, country: string): Promise<number>;
}

const DENIED_GUEST = 'Age-restricted products can only be bought by signed-in customers whose age is verified';
const DENIED_UNVERIFIED = 'Verify your age before buying age-restricted products';

/**
 * The binding rule of regulated selling, called inside the transaction of every path that sells
 * (placeOrder, subscription renewals, trial checkout): where the store view requires age
 * verification, restricted products go only to a signed-in customer with a verified age at or over
 * the market's minimum; the store view's order limit caps the restricted units a buyer gets per period.
 */
export async function assertMaySell(deps: Deps, tx: Tx, check: SaleCheck): Promise<void> {
  const items = check.items.filter((i) => i.quantity > 0);
  const restricted = await deps.catalog.ageRestrictedSkus(tx, [...new Set(items.map((i) => i.sku))], check.restriction);
  const units = items.filter((i) => restricted.has(i.sku)).reduce((sum, i) => sum + i.quantity, 0);
  if (units === 0) return;
  const country = check.store.default_country;

  if (check.store.is_age_verification_enabled) {
    if (!check.customerUuid) throw new AppError('PERMISSION_DENIED', DENIED_GUEST);
    const facts = await deps.identity.ageFacts(tx, check.customerUuid);
    const verified = facts ? await store.findVerifiedFor(tx, check.customerUuid) : null;
    if (!facts || !facts.is_age_verified || !verified?.verified_date_of_birth) throw new AppError('PERMISSION_DENIED', DENIED_UNVERIFIED);
    const minimum = await deps.minimumAge(tx, country);
    // Both the account's and the verified date of birth must meet this market's minimum today.
    for (const dob of [facts.date_of_birth, verified.verified_date_of_birth]) {
      if (!dob || ageOn(dob) < minimum) throw new AppError('PERMISSION_DENIED', `Age-restricted products are sold only to customers aged ${minimum} or over`);
    }
  }

  if (check.store.is_order_limit_enabled) {
    const buyer = check.customerUuid ?? (check.email ? `guest:${check.email.trim().toLowerCase()}` : null);
    if (!buyer) throw new AppError('GUEST_EMAIL_MISSING', 'An e-mail is needed before ordering');
    const hours = (await store.findCountryRules(tx, country))?.order_limit_period_hours ?? 24;
    await store.lockBuyer(tx, check.store.code, buyer);
    const sold = await store.unitsSoldSince(tx, check.store.code, buyer, hours);
    if (sold + units > check.store.order_limit_value) {
      const left = Math.max(0, check.store.order_limit_value - sold);
      throw new AppError('ORDER_LIMIT', `At most ${check.store.order_limit_value} age-restricted items can be ordered per ${hours} hours; ${left} left`, { limit: check.store.order_limit_value, remaining: left, period_hours: hours });
    }
    if (check.reference) await store.insertSale(tx, { store_code: check.store.code, buyer, reference: check.reference, units });
  }
}
