import type { CouponGrant, CouponProvider } from '@ember/contracts';
import { AppError } from '../../platform/errors.js';
import type { Reader, Tx } from '../../platform/transaction.js';
import type { StoreView } from '../store/store.store.js';
import * as store from './coupons.store.js';

/**
 * External coupon providers (spec §7, docs/decisions/0068): an offer in some store views with a pool
 * of single-use codes; each signed-in customer gets one code per provider, the same one every time
 * they ask, and a code goes to one customer only, whatever runs at the same time.
 */
export class CouponsService {
  async provider(q: Reader, view: StoreView, id: string, customer: string | null): Promise<CouponProvider> {
    const row = await store.findProvider(q, id, view.code, view.language);
    if (!row) throw new AppError('ENTITY_NOT_FOUND', 'No such coupon offer in this shop.');
    const mine = customer ? await store.codeOf(q, id, customer) : null;
    return {
      id: row.id, name: row.name, description: row.description, terms: row.terms,
      available: row.running && row.free_codes > 0, ends_at: row.ends_at?.toISOString() ?? null, code: mine?.code ?? null,
    };
  }

  async request(tx: Tx, view: StoreView, id: string, customer: string): Promise<CouponGrant> {
    const row = await store.findProvider(tx, id, view.code, view.language);
    if (!row) throw new AppError('ENTITY_NOT_FOUND', 'No such coupon offer in this shop.');
    await store.lockCustomerProvider(tx, id, customer);
    const held = await store.codeOf(tx, id, customer);
    if (held) return grant(id, held);
    if (!row.running) throw new AppError('NOT_ELIGIBLE', 'This offer has ended.');
    const taken = await store.takeCode(tx, id, customer);
    if (!taken) throw new AppError('NOT_ELIGIBLE', 'All the codes of this offer have been given out.');
    return grant(id, taken);
  }

  async addCodes(tx: Tx, id: string, codes: readonly string[]): Promise<{ added: number; free: number }> {
    if (!await store.providerExists(tx, id)) throw new AppError('ENTITY_NOT_FOUND', 'No such coupon provider.');
    return store.addCodes(tx, id, codes);
  }

  async exportFor(q: Reader, customer: string) {
    return (await store.codesOfCustomer(q, customer)).map((r) => ({ provider_id: r.provider_id, code: r.code, taken_at: r.taken_at.toISOString() }));
  }

  async eraseFor(tx: Tx, customer: string): Promise<void> {
    await store.forgetCustomer(tx, customer);
  }
}

function grant(providerId: string, row: store.CodeRow): CouponGrant {
  return { provider_id: providerId, code: row.code, taken_at: row.taken_at.toISOString() };
}
