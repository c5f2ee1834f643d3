import { describe, expect, it } from 'vitest';
import { consentBody, marketBody, type MarketDraft } from './complianceRules';

const gb: MarketDraft = {
  is_age_verification_enabled: true,
  is_order_limit_enabled: true,
  order_limit_value: '10',
  cartons_limit_value: '2',
  minimum_age: '18',
  order_limit_period_hours: '24',
  reason: 'Yearly review',
};

describe('market rules form', () => {
  it('sends the whole market with the reason', () => {
    expect(marketBody(gb)).toEqual({
      is_age_verification_enabled: true, is_order_limit_enabled: true, order_limit_value: 10, cartons_limit_value: 2, minimum_age: 18, order_limit_period_hours: 24, reason: 'Yearly review',
    });
  });

  it('leaves the limit’s values out with the limit off, and refuses text that is no number', () => {
    const off = marketBody({ ...gb, is_order_limit_enabled: false, order_limit_value: '' });
    expect(off).not.toHaveProperty('order_limit_value');
    expect(off).not.toHaveProperty('cartons_limit_value');
    expect(marketBody({ ...gb, minimum_age: 'eighteen' }).minimum_age).toBeNaN();
    expect(marketBody({ ...gb, minimum_age: '' }).minimum_age).toBeNaN();
  });
});

describe('consent texts form', () => {
  it('sends each filled language and the kind of change', () => {
    expect(consentBody({ en_name: 'News', en_description: 'E-mails', de_name: '', de_description: '', change: 'correction' })).toEqual({
      texts: { en: { name: 'News', description: 'E-mails' } }, new_version: false,
    });
    expect(consentBody({ en_name: 'News', en_description: 'E-mails', de_name: 'Neues', de_description: '', change: 'new_version' })).toEqual({
      texts: { en: { name: 'News', description: 'E-mails' }, de: { name: 'Neues', description: '' } }, new_version: true,
    });
  });
});
