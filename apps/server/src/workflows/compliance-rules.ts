import type { ConsentTextsUpdate, MarketRules, MarketRulesUpdate } from '@ember/contracts';
import { AppError } from '../platform/errors.js';
import type { Reader, Tx } from '../platform/transaction.js';
import * as ageStore from '../modules/age-verification/age-verification.store.js';
import * as consentStore from '../modules/consents/consents.store.js';
import { listActiveStoreViews, lockStoreView, updateSellingRules } from '../modules/store/store.store.js';

/**
 * The console's compliance rules (docs/decisions/0083), across the modules that hold them: a market's
 * selling rules (the store view's age verification and order limits, its country's minimum age and
 * limit period) and the consent purposes' texts with their versions.
 */

/** The markets' rules, of every active store view or of one; two reads whatever the number of markets. */
export async function marketRules(q: Reader, only?: string): Promise<MarketRules[]> {
  const views = (await listActiveStoreViews(q)).filter((v) => only === undefined || v.code === only);
  const countries = await ageStore.countryRulesOf(q, views.map((v) => v.default_country));
  return views.map((v) => {
    const country = countries.get(v.default_country);
    const rules = v as typeof v & { is_age_verification_enabled: boolean; is_order_limit_enabled: boolean; order_limit_value: number; cartons_limit_value: number };
    return {
      store_code: v.code, name: v.name, country_code: v.default_country,
      is_age_verification_enabled: rules.is_age_verification_enabled, is_order_limit_enabled: rules.is_order_limit_enabled,
      order_limit_value: rules.order_limit_value, cartons_limit_value: rules.cartons_limit_value,
      minimum_age: country?.minimum_age ?? 18, order_limit_period_hours: country?.order_limit_period_hours ?? 24,
    };
  });
}

/** Changes a market's rules in one transaction; answers them before and after. */
export async function changeMarketRules(tx: Tx, store: string, change: MarketRulesUpdate): Promise<{ before: MarketRules; after: MarketRules }> {
  const locked = await lockStoreView(tx, store);
  if (!locked) throw new AppError('UNKNOWN_STORE', `Requested store is not found: ${store}`);
  const find = async () => (await marketRules(tx, store))[0]!;
  const before = await find();
  const { reason: _reason, minimum_age, order_limit_period_hours, ...viewRules } = change;
  if (viewRules.is_order_limit_enabled && (viewRules.order_limit_value ?? before.order_limit_value) === 0) {
    throw new AppError('VALIDATION_FAILED', 'An order limit needs a value above 0', { fields: { order_limit_value: 'required' } });
  }
  await updateSellingRules(tx, store, viewRules);
  if (minimum_age !== undefined || order_limit_period_hours !== undefined) {
    await ageStore.updateCountryRules(tx, locked.default_country, { minimum_age, order_limit_period_hours });
  }
  return { before, after: await find() };
}

export async function consentPurposes(q: Reader) {
  return consentStore.consolePurposes(q);
}

export async function consentPurpose(q: Reader, id: string) {
  const [purpose] = await consentStore.consolePurposes(q, id);
  if (!purpose) throw new AppError('ENTITY_NOT_FOUND', 'Consent purpose not found');
  const history = await consentStore.purposeTextHistory(q, id);
  return { ...purpose, history: history.map((h) => ({ ...h, recorded_at: new Date(h.recorded_at).toISOString() })) };
}

/**
 * Writes a purpose's texts. A new version moves the purpose's version on: everyone who agreed to an
 * older one is asked again (the consents module's renewal). Each text written is kept in the history.
 */
export async function changeConsentTexts(tx: Tx, id: string, change: ConsentTextsUpdate, by: string) {
  const locked = await consentStore.lockPurpose(tx, id);
  if (!locked) throw new AppError('ENTITY_NOT_FOUND', 'Consent purpose not found');
  const before = await consentPurpose(tx, id);
  const version = change.new_version ? locked.version + 1 : locked.version;
  if (change.new_version) await consentStore.setPurposeVersion(tx, id, version);
  for (const [language, text] of Object.entries(change.texts)) {
    if (text) await consentStore.writePurposeText(tx, id, version, language, text, by);
  }
  return { before, after: await consentPurpose(tx, id) };
}
