import type { Config } from '../config.js';
import type { IdentityService } from '../modules/identity/identity.service.js';
import { inTransaction } from './transaction.js';
import type { Db } from './db.js';

/** The password of every demo customer; written in README.md and docs/decisions/0029. */
export const DEMO_PASSWORD = 'Ember-Demo-2026';

/** One demo customer per market of the seeded brand (the gb account also signs in to gb_trial, the same website). */
export const DEMO_CUSTOMERS = [
  { store: 'gb', country: 'GB', language: 'en', email: 'demo-gb@ember.example', firstname: 'Demo', lastname: 'Customer' },
  { store: 'de', country: 'DE', language: 'de', email: 'demo-de@ember.example', firstname: 'Demo', lastname: 'Kundin' },
  { store: 'ch', country: 'CH', language: 'de', email: 'demo-ch@ember.example', firstname: 'Demo', lastname: 'Kunde' },
] as const;

/**
 * Registers the demo customers through the identity service, as a registration would (hashed
 * password, registration hooks), right after the demo brand is seeded into an empty database.
 * Only in TEST mode: a LIVE shop never gets an account with a published password
 * (docs/decisions/0029). An address already registered is left as it is.
 */
export async function seedDemoCustomers(
  db: Db, services: { identity: Pick<IdentityService, 'prepareRegistration' | 'register' | 'registered'> }, config: Pick<Config, 'STORE_MODE'>,
): Promise<number> {
  if (config.STORE_MODE !== 'TEST') return 0;
  let created = 0;
  for (const c of DEMO_CUSTOMERS) {
    const prepared = await services.identity.prepareRegistration(
      {
        firstname: c.firstname,
        lastname: c.lastname,
        date_of_birth: '1990-01-01',
        strategy: 'email_password',
        strategy_data: { identifier: c.email, password: DEMO_PASSWORD },
        // The demo customer holds the account on the shop's current terms, as every registration does.
        terms_accepted: true,
      },
      { storeCode: c.store, language: c.language, ip: null, defaultCountry: c.country },
    );
    const result = await inTransaction(db, (tx) => services.identity.register(tx, prepared)).catch((err: unknown) => services.identity.registered(err, prepared));
    if (result.created) created += 1;
  }
  return created;
}
