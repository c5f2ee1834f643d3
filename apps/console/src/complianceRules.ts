/** The markets' and consent texts' forms as the operator fills them and as the API takes them. */
import { wholeNumber } from './catalogue';

export interface MarketDraft {
  is_age_verification_enabled: boolean;
  is_order_limit_enabled: boolean;
  order_limit_value: string;
  cartons_limit_value: string;
  minimum_age: string;
  order_limit_period_hours: string;
  reason: string;
}

/** Every rule as the form holds it (a market is saved whole); a limit's values only with the limit on. */
export function marketBody(d: MarketDraft): Record<string, unknown> {
  const body: Record<string, unknown> = {
    is_age_verification_enabled: d.is_age_verification_enabled,
    is_order_limit_enabled: d.is_order_limit_enabled,
    reason: d.reason,
  };
  const numbers = ['minimum_age', 'order_limit_period_hours', ...(d.is_order_limit_enabled ? (['order_limit_value', 'cartons_limit_value'] as const) : [])] as const;
  for (const key of numbers) {
    const n = wholeNumber(d[key]);
    body[key] = n === undefined ? Number.NaN : n;
  }
  return body;
}

export interface ConsentDraft {
  en_name: string;
  en_description: string;
  de_name: string;
  de_description: string;
  /** A correction keeps the version; a new version asks customers to agree again. */
  change: 'correction' | 'new_version';
}

/** The texts of each language the form holds (a language left wholly empty is not sent). */
export function consentBody(d: ConsentDraft): Record<string, unknown> {
  const texts: Record<string, { name: string; description: string }> = {};
  for (const lang of ['en', 'de'] as const) {
    const name = d[`${lang}_name`] ?? '';
    const description = d[`${lang}_description`] ?? '';
    if (name.trim() || description.trim()) texts[lang] = { name, description };
  }
  return { texts, new_version: d.change === 'new_version' };
}
