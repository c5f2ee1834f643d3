import { describe, expect, it } from 'vitest';
import { canonicalEmail, contactKeys, sharesContact } from './identity.canonical.js';

describe('canonical e-mail addresses', () => {
  it('reads an upper-cased +tag alias as the address it is delivered to', () => {
    expect(canonicalEmail('Anna.Smith+REFERRAL@Example.COM')).toBe('anna.smith@example.com');
    expect(canonicalEmail('anna.smith@example.com')).toBe('anna.smith@example.com');
  });

  it('drops dots only where the provider ignores them, and treats googlemail.com as gmail.com', () => {
    expect(canonicalEmail('J.O.Doe+x@GoogleMail.com')).toBe('jodoe@gmail.com');
    expect(canonicalEmail('jodoe@gmail.com')).toBe('jodoe@gmail.com');
    expect(canonicalEmail('j.o.doe@outlook.com')).toBe('j.o.doe@outlook.com');
  });

  it('keeps a local part that starts with + or has no @ as it is, lower-cased', () => {
    expect(canonicalEmail('+tag@example.com')).toBe('+tag@example.com');
    expect(canonicalEmail(' NoAt ')).toBe('noat');
  });
});

describe('contact keys', () => {
  it('finds the same person by canonical e-mail or by verified phone, and not otherwise', () => {
    const a = contactKeys({ email: 'anna@gmail.com', verifiedTelephone: '+447911123456' });
    expect(sharesContact(a, contactKeys({ email: 'A.N.N.A+1@googlemail.com', verifiedTelephone: null }))).toBe(true);
    expect(sharesContact(a, contactKeys({ email: 'other@example.com', verifiedTelephone: '+447911123456' }))).toBe(true);
    expect(sharesContact(a, contactKeys({ email: 'other@example.com', verifiedTelephone: '+447911000000' }))).toBe(false);
  });
});
