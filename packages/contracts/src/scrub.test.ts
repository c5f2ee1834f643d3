import { describe, expect, it } from 'vitest';
import { isSecretKey, REDACTED, scrub, scrubGraphqlDocument, scrubText } from './scrub.js';

describe('scrubText', () => {
  it.each([
    ['mail jane.doe+shop@example.co.uk now', 'mail [email] now'],
    ['"o\'brien@mail.example"', '"[email]"'],
    ['card 4111 1111 1111 1111 ok', 'card [card] ok'],
    ['card 4111-1111-1111-1111', 'card [card]'],
    ['pan 5555555555554444.', 'pan [card].'],
    ['call +44 (0)20 7946 0958 today', 'call [phone] today'],
    ['tel 0049 30 12345678', 'tel [phone]'],
    ['mobile 07700 900123', 'mobile [phone]'],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: Bearer [redacted]'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig', 'jwt [token]'],
    ['iban DE89 3704 0044 0532 0130 00', 'iban [iban]'],
    ['reset token Zq3v9XbT1mK8pL2wR7yN4cD6fH0jS5aE in link', 'reset token [token] in link'],
  ])('takes personal data out of %j', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it.each([
    'order 000000123 of 2026-06-15 for ember-one',
    'user 123e4567-e89b-12d3-a456-426614174000',
    'quantity 12 price 1999 GBP',
    'number 1234567890123 fails the Luhn check',
    'duplicate key value violates unique constraint "cart_item_pkey"',
  ])('leaves %j as it is', (input) => {
    expect(scrubText(input)).toBe(input);
  });
});

describe('isSecretKey', () => {
  it.each(['password', 'newPassword', 'current_password', 'token', 'refresh_token', 'X-Auth-Token', 'code', 'otc', 'pack_code', 'coupon_code', 'cvc', 'card_number', 'cardHolder', 'email', 'customer_email', 'telephone', 'phone_number', 'firstname', 'last_name', 'name', 'street', 'billing_address', 'city', 'postcode', 'date_of_birth', 'dob', 'birthDate', 'session_id', 'signature'])('holds %s secret', (key) => {
    expect(isSecretKey(key)).toBe(true);
  });

  it.each(['sku', 'quantity', 'country_code', 'currencyCode', 'error_code', 'store', 'cart_items', 'pageSize', 'uid', 'url_key', 'order_number'])('lets %s through', (key) => {
    expect(isSecretKey(key)).toBe(false);
  });
});

describe('scrub', () => {
  it('withholds secret fields at any depth and scrubs every text, without changing the input', () => {
    const input = {
      input: { email: 'a@b.example', password: 'pw', people: [{ firstname: 'Jane', street: ['1 Lane'], country_code: 'GB' }], billing_address: { city: 'London' } },
      note: 'reach me at a@b.example or +49 151 23456789',
      items: [{ sku: 'ember-one', quantity: 1 }],
      nothing: null,
      empty: '',
      big: 10n,
    };
    const copy = structuredClone(input);
    expect(scrub(input)).toEqual({
      input: { email: REDACTED, password: REDACTED, people: [{ firstname: REDACTED, street: REDACTED, country_code: 'GB' }], billing_address: REDACTED },
      note: 'reach me at [email] or [phone]',
      items: [{ sku: 'ember-one', quantity: 1 }],
      nothing: null,
      empty: '',
      big: '10',
    });
    expect(input).toEqual(copy);
  });

  it('survives cycles, great depth and huge values', () => {
    const cyclic: Record<string, unknown> = { sku: 'x' };
    cyclic.self = cyclic;
    expect(scrub(cyclic)).toEqual({ sku: 'x', self: '[circular]' });
    let deep: Record<string, unknown> = { leaf: 'a@b.example' };
    for (let i = 0; i < 20; i++) deep = { next: deep };
    expect(JSON.stringify(scrub(deep))).toContain('[deep]');
    expect(JSON.stringify(scrub(deep))).not.toContain('a@b.example');
    expect((scrub('x'.repeat(5000)) as string).length).toBeLessThan(2100);
    expect((scrub(Array.from({ length: 1000 }, (_, i) => i)) as unknown[]).length).toBe(100);
  });
});

describe('scrubGraphqlDocument', () => {
  it('replaces every string and block string literal, escaped quotes included', () => {
    const doc = 'mutation { a(email: "x@y.z", password: "p\\"w") { b } c(text: """multi\nline secret""") }';
    expect(scrubGraphqlDocument(doc)).toBe(`mutation { a(email: "${REDACTED}", password: "${REDACTED}") { b } c(text: "${REDACTED}") }`);
  });

  it('empties comments and replaces card-like numbers', () => {
    const doc = 'mutation { pay(card: 4111111111111111, qty: 2) { ok } } # for jane@example.com, "quoted"';
    expect(scrubGraphqlDocument(doc)).toBe('mutation { pay(card: [card], qty: 2) { ok } } #');
  });

  it('keeps a document with variables as it is', () => {
    const doc = 'query P($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { name } } }';
    expect(scrubGraphqlDocument(doc)).toBe(doc);
  });
});
