import type { PasswordRequirements } from '@ember/contracts';
import { describe, expect, it } from 'vitest';
import { schemaResolver, withoutEmptyValues } from '../forms/schema-resolver';
import { AddressFormSchema, dateOfBirthProblem, registerFormSchema, type RegisterFormValues } from './account-forms';

const rules: PasswordRequirements = { min_length: 8, min_lowercase: 1, min_uppercase: 1, min_number: 1, min_symbol: 0, exclude_username: true };
const today = new Date('2026-06-15T12:00:00Z');

describe('dateOfBirthProblem', () => {
  it('accepts an adult', () => {
    expect(dateOfBirthProblem('1990-04-12', today)).toBeNull();
    expect(dateOfBirthProblem('2008-06-15', today)).toBeNull();
  });

  it('refuses someone one day short of 18', () => {
    expect(dateOfBirthProblem('2008-06-16', today)).toBe('underage');
  });

  it('refuses impossible, future and implausibly old dates', () => {
    expect(dateOfBirthProblem('1990-02-30', today)).toBe('invalid');
    expect(dateOfBirthProblem('2030-01-01', today)).toBe('invalid');
    expect(dateOfBirthProblem('1890-01-01', today)).toBe('invalid');
  });
});

async function resolve(values: RegisterFormValues) {
  const resolver = schemaResolver(registerFormSchema(rules));
  return resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

const valid: RegisterFormValues = {
  firstname: 'Ada', lastname: 'Lovelace', email: ' Ada@Example.com ', password: 'Engine-1843', date_of_birth: '1990-04-12', gender: '', phone: '', parent_code: '', terms_accepted: true,
};

describe('the registration form', () => {
  it('passes valid values on in the contract shape: e-mail normalised, empty optionals left out', async () => {
    const result = await resolve(valid);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', password: 'Engine-1843', date_of_birth: '1990-04-12', terms_accepted: true });
  });

  it('requires the terms and privacy policy to be accepted', async () => {
    expect((await resolve({ ...valid, terms_accepted: false })).errors).toHaveProperty('terms_accepted');
    // Named together with the other fields' problems, not only once they are all right.
    expect((await resolve({ ...valid, firstname: '', terms_accepted: false })).errors).toMatchObject({ firstname: { message: 'required' }, terms_accepted: {} });
  });

  it('names missing fields and a malformed e-mail with message keys', async () => {
    const result = await resolve({ ...valid, firstname: '', email: 'ada-at-example' });
    expect(result.errors).toMatchObject({ firstname: { message: 'required' }, email: { message: 'email' } });
  });

  it('applies the server password policy, including the e-mail rule', async () => {
    expect((await resolve({ ...valid, password: 'engine1843' })).errors).toMatchObject({ password: { message: 'passwordPolicy' } });
    expect((await resolve({ ...valid, password: 'Ada-Lovelace1' })).errors).toMatchObject({ password: { message: 'passwordPolicy' } });
  });

  it('refuses customers under 18', async () => {
    const result = await resolve({ ...valid, date_of_birth: `${new Date().getUTCFullYear() - 10}-01-01` });
    expect(result.errors).toMatchObject({ date_of_birth: { message: 'underage' } });
  });
});

describe('the address form', () => {
  it('drops an empty second street line and reports a missing first one on its input', async () => {
    const resolver = schemaResolver(AddressFormSchema, (path) => (path === 'street' ? 'street.0' : path));
    const base = { firstname: 'Ada', lastname: 'Lovelace', city: 'London', postcode: 'SW1A 1AA', country_code: 'GB', telephone: '' };
    const ok = await resolver({ ...base, street: ['1 High St', ''] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok.values).toMatchObject({ street: ['1 High St'] });
    const missing = await resolver({ ...base, street: ['', ''] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(missing.errors).toMatchObject({ street: [{ message: 'required' }] });
  });
});

describe('withoutEmptyValues', () => {
  it('turns blank strings into absent values and leaves others alone', () => {
    expect(withoutEmptyValues({ a: '', b: '  ', c: 'x', d: false, e: ['', 'y'] })).toEqual({ a: undefined, b: undefined, c: 'x', d: false, e: ['y'] });
  });
});
