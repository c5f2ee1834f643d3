import type { ConsoleCustomerDetail } from '@ember/contracts';
import type { Db, Reader } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import type { DataSubject } from '../platform/privacy.js';
import { inTransaction } from '../platform/transaction.js';
import type { Services } from '../services.js';
import { findCustomer, type ConsoleCustomerDb, type ConsoleCustomerRowDb } from '../modules/identity/identity.console.store.js';
import { OrdersConsole } from '../modules/orders/orders.console.js';
import type { OperatorActor } from '../modules/operators/operators.permissions.js';
import { loyaltyBalance } from '../modules/loyalty/loyalty.store.js';
import { isoOrNull } from '../platform/sql.js';


/** An account by uuid, whatever its status; NOT_FOUND otherwise. */
export async function customerOf(db: Reader, uuid: string): Promise<ConsoleCustomerDb> {
  const row = await findCustomer(db, uuid);
  if (!row) throw new AppError('NOT_FOUND', 'Customer not found');
  return row;
}

export function customerRow(c: ConsoleCustomerRowDb) {
  return {
    uuid: c.uuid, email: c.email, firstname: c.firstname, lastname: c.lastname, telephone: c.telephone, store_code: c.store_code,
    website_code: c.website_code, status: c.status, is_age_verified: c.is_age_verified, created_at: isoOrNull(c.created_at)!,
  };
}

/**
 * Everything the console shows of a customer, each part read through its owner's service: the
 * profile and address book (identity), the 20 latest orders, loyalty balance and the 20 latest
 * ledger entries, devices, subscriptions, consents with their history, and the age state.
 */
export async function customerDetail(db: Db, services: Services, uuid: string): Promise<ConsoleCustomerDetail> {
  const c = await customerOf(db, uuid);
  const orders = new OrdersConsole(services.orders, services.stores, services.messaging);
  const [addresses, recentOrders, points, ledger, devices, subscriptions, consents, consentHistory, age] = await Promise.all([
    services.identity.addresses(uuid, db),
    orders.recentOf(db, uuid, 20),
    services.loyalty.summary(uuid),
    services.loyalty.history(uuid, 1, 20),
    services.devices.registeredDevices(db, uuid),
    services.subscriptions.list(db, uuid),
    services.consents.userConsents(uuid, db),
    services.consents.history(uuid),
    services.ageVerification.accountStatus(db, uuid).catch(() => ({ is_age_verified: c.is_age_verified, verification: null })),
  ]);
  return {
    profile: {
      ...customerRow(c),
      date_of_birth: c.date_of_birth, gender: c.gender, email_verified: c.email_verified_at !== null, telephone_verified: c.telephone_verified_at !== null,
      status_reason: c.status_reason, updated_at: isoOrNull(c.updated_at)!,
    },
    addresses: addresses.map((a) => ({
      id: a.id, firstname: a.firstname, lastname: a.lastname, street: a.street, city: a.city, postcode: a.postcode ?? null, country_code: a.country_code,
      region: a.region ?? null, telephone: a.telephone ?? null, is_default_billing: a.is_default_billing, is_default_shipping: a.is_default_shipping,
    })),
    orders: recentOrders,
    loyalty: {
      balance: points.balance, held: points.held_points, pending: points.pending_points,
      recent: ledger.items.map((e) => ({ type: e.type, points: e.points, event: e.event ?? null, order_id: e.order_id ?? null, balance: e.balance ?? null, date: e.date })),
    },
    devices: devices.map((d) => ({ serial: d.serial, state: d.state, product_sku: d.productSku, registered_at: isoOrNull(d.registeredAt), warranty_expires_at: isoOrNull(d.warrantyExpiresAt) })),
    subscriptions,
    consents: { current: consents, history: consentHistory },
    age_verification: { is_age_verified: age.is_age_verified, latest: age.verification ?? null },
  };
}

/** The account and the identifiers other modules know it by (e-mail, phone), as the customer's own export names them. */
function subjectOf(c: ConsoleCustomerDb): DataSubject {
  return { uuid: c.uuid, identifiers: [c.email, c.telephone].filter((x): x is string => !!x) };
}

/** The data-subject export of a customer over the privacy registry, audited as one read of the account. */
export async function exportCustomer(db: Db, services: Services, actor: OperatorActor, uuid: string, requestId: string) {
  const c = await customerOf(db, uuid);
  const data = { exported_at: new Date().toISOString(), user_uuid: c.uuid, ...(await services.privacy.export(db, subjectOf(c))) };
  await inTransaction(db, (tx) => services.operators.audit(tx, actor, { action: 'customer.export', entity_type: 'customer', entity_id: c.uuid, after: { sections: Object.keys(data).length } }, requestId));
  return data;
}

/**
 * Erases a customer as the account's cancellation does, over the privacy registry in one transaction
 * with its audit entry: identity anonymised and its sessions ended, what the law keeps kept.
 */
export async function eraseCustomer(db: Db, services: Services, actor: OperatorActor, uuid: string, reason: string, requestId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const c = await customerOf(tx, uuid);
    if (c.status === 'cancelled') throw new AppError('OPERATION_NOT_ALLOWED', 'The account is already erased');
    await services.privacy.erase(tx, subjectOf(c));
    const after = await customerOf(tx, uuid);
    await services.operators.audit(tx, actor, { action: 'customer.erasure', entity_type: 'customer', entity_id: uuid, before: { status: c.status }, after: { status: after.status, reason } }, requestId);
  });
}

/**
 * Adds (positive) or takes (negative) points through the loyalty ledger as an `adjustment`, once per
 * key; a debit beyond what is spendable is INSUFFICIENT_POINTS (the database keeps balances ≥ 0).
 * Audited with the balance before and after, only when the ledger moved.
 */
export async function adjustPoints(
  db: Db, services: Services, actor: OperatorActor, uuid: string, change: { points: number; reason: string; key: string }, requestId: string,
): Promise<{ applied: boolean; balance: number }> {
  return inTransaction(db, async (tx) => {
    const c = await customerOf(tx, uuid);
    if (c.status === 'cancelled') throw new AppError('OPERATION_NOT_ALLOWED', 'The account is erased');
    const before = await loyaltyBalance(tx, uuid);
    const entry = { consumer_uuid: uuid, source_type: 'adjustment' as const, source_key: `console:${uuid}:${change.key}`, event: change.reason };
    const applied = change.points > 0
      ? await services.loyalty.credit(tx, { ...entry, points: change.points })
      : await services.loyalty.debit(tx, { ...entry, points: -change.points });
    const balance = await loyaltyBalance(tx, uuid);
    if (applied) {
      await services.operators.audit(tx, actor, {
        action: 'customer.points', entity_type: 'customer', entity_id: uuid,
        before: { balance: before }, after: { balance, points: change.points, reason: change.reason, idempotency_key: change.key },
      }, requestId);
    }
    return { applied, balance };
  });
}
