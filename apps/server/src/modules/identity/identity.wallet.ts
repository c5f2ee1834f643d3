import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { WALLET_TYPES } from '@ember/contracts';
import { AppError } from '../../platform/errors.js';

export { WALLET_TYPES };
export type WalletType = (typeof WALLET_TYPES)[number];

/** A pass link is a bearer credential handed to a phone's wallet app: it lives minutes, not days. */
export const PASS_LINK_TTL_SECONDS = 10 * 60;

/** What a loyalty card shows: the same for every wallet; only its packaging differs. */
export interface WalletPass {
  type: WalletType;
  /** Stable per customer and wallet, so reinstalling the pass replaces the card instead of adding one. */
  serial_number: string;
  member_name: string;
  member_number: string;
  barcode: { format: 'QR'; message: string; alt_text: string };
  issued_at: string;
}

/** Packages a pass for one wallet. TEST mode serves a JSON document; a LIVE adapter signs a .pkpass or a Google Wallet JWT. */
export interface WalletPassIssuer {
  render(pass: WalletPass): Promise<{ contentType: string; body: string | Buffer }>;
}

export class TestWalletPassIssuer implements WalletPassIssuer {
  async render(pass: WalletPass) {
    return {
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ format: 'ember-test-pass/1', organization_name: 'Ember', pass_kind: 'loyalty', ...pass }),
    };
  }
}

/** LIVE mode until a wallet provider is wired: links can be signed, but no pass is served without real certificates. */
export class UnconfiguredWalletPassIssuer implements WalletPassIssuer {
  async render(): Promise<never> {
    throw new AppError('NOT_AVAILABLE', 'Wallet passes are not available yet');
  }
}

/** Luhn check digit, so a member number typed at a till is checked before it is looked up. */
function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    if (d > 9) d -= 9;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * The customer's 16-digit member number: 15 digits from the SHA-256 of the uuid (not reversible to the
 * uuid; collisions negligible below tens of millions of customers) and a Luhn check digit.
 */
export function memberNumber(uuid: string): string {
  const digest = createHash('sha256').update(`ember-member:${uuid.toLowerCase()}`).digest();
  const body = (digest.readBigUInt64BE(0) % 10n ** 15n).toString().padStart(15, '0');
  return body + luhnDigit(body);
}

export function isValidMemberNumber(value: string): boolean {
  return /^\d{16}$/.test(value) && luhnDigit(value.slice(0, 15)) === value[15];
}

interface PassClaims {
  u: string;
  t: WalletType;
  /** Expiry, seconds since the epoch. */
  e: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Signed, expiring pass links (HMAC-SHA256 over the claims, with a key derived from the server secret
 * for this one use) and the passes they open.
 */
export class WalletService {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly issuer: WalletPassIssuer,
    /** The customer's display name; NOT_FOUND when the account is no longer active. */
    private readonly memberName: (uuid: string) => Promise<string>,
    private readonly ttlSeconds = PASS_LINK_TTL_SECONDS,
  ) {
    this.key = createHmac('sha256', secret).update('ember/wallet-pass-link/v1').digest();
  }

  /** A link to the customer's pass for one wallet, valid for a few minutes. */
  async linkFor(uuid: string, type: WalletType, baseUrl: string, now = Date.now()) {
    await this.memberName(uuid);
    const expires = Math.floor(now / 1000) + this.ttlSeconds;
    const token = this.sign({ u: uuid, t: type, e: expires });
    return { type, url: `${baseUrl}/profile/wallet/passes/${token}`, expires_at: new Date(expires * 1000).toISOString() };
  }

  /** The pass a link opens; a tampered link is NOT_FOUND, an expired one VERIFICATION_EXPIRED. */
  async pass(token: string, now = Date.now()) {
    const claims = this.verify(token);
    if (!claims) throw new AppError('NOT_FOUND', 'This wallet pass link is not valid');
    if (claims.e * 1000 <= now) throw new AppError('VERIFICATION_EXPIRED', 'This wallet pass link has expired: ask for a new one');
    const number = memberNumber(claims.u);
    const pass: WalletPass = {
      type: claims.t,
      serial_number: `${claims.t}-${number}`,
      member_name: await this.memberName(claims.u),
      member_number: number,
      barcode: { format: 'QR', message: `EMB${number}`, alt_text: number.replace(/(\d{4})(?=\d)/g, '$1 ') },
      issued_at: new Date(now).toISOString(),
    };
    return this.issuer.render(pass);
  }

  private sign(claims: PassClaims): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  private verify(token: string): PassClaims | null {
    const [body, sig, extra] = token.split('.');
    if (!body || !sig || extra !== undefined || token.length > 200) return null;
    const given = Buffer.from(sig, 'base64url');
    const expected = this.mac(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<PassClaims>;
      if (typeof c.u !== 'string' || !UUID.test(c.u) || !WALLET_TYPES.includes(c.t as WalletType) || !Number.isInteger(c.e)) return null;
      return c as PassClaims;
    } catch {
      return null;
    }
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}
