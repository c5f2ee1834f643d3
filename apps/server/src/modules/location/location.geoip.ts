import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';

/** A lookup's answer: the two-letter country, and where it came from ('none' for an address no country owns). */
export interface GeoAnswer {
  country_code: string | null;
  source: 'offline' | 'external' | 'none';
}

/** Answers the country of a public client address, or null when it cannot tell. */
export interface GeoIpLookup {
  lookup(ip: string): Promise<GeoAnswer>;
}

const NONE: GeoAnswer = { country_code: null, source: 'none' };

/**
 * Addresses no country owns: loopback, private, link-local, carrier-grade NAT, documentation,
 * multicast and reserved ranges. Some country databases still list a few of them (a home router's
 * 192.168.x.x), so they are answered as unknown before any lookup.
 */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  for (const [net, bits] of [
    ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
    ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
    ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
  ] as const) list.addSubnet(net, bits, 'ipv4');
  for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96]] as const) {
    list.addSubnet(net, bits, 'ipv6');
  }
  return list;
})();

const COUNTRY = /^[A-Z]{2}$/;

/** The address in the form lookups take: an IPv4-mapped IPv6 address (::ffff:1.2.3.4) as IPv4; null when it is no address. */
export function normaliseAddress(ip: string): string | null {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  return isIP(address) ? address : null;
}

/** Whether an address belongs to the public internet (a country can own it). */
export function isPublicAddress(ip: string): boolean {
  const address = normaliseAddress(ip);
  if (!address) return false;
  return !NOT_PUBLIC.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** A two-letter country code as lookups answer it, or null for anything else. */
export function asCountryCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  // "ZZ", "XX" and "EU" stand for unknown or a region, not a country.
  return COUNTRY.test(code) && !['ZZ', 'XX', 'EU', 'AP'].includes(code) ? code : null;
}

const require = createRequire(import.meta.url);
/** The CC0 country database (IPv4 and IPv6) of @ip-location-db, shipped as an npm package with the shop. */
export const OFFLINE_DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

/** Looks addresses up in the offline country database, read into memory once on first use (about 8 MB). */
export class OfflineGeoIp implements GeoIpLookup {
  private reader: Reader<Response> | null = null;

  constructor(private readonly file = require.resolve(OFFLINE_DATABASE)) {}

  private open(): Reader<Response> {
    this.reader ??= new Reader<Response>(readFileSync(this.file));
    return this.reader;
  }

  /** Synchronous lookup; about a microsecond once the database is loaded (docs/decisions/0065). */
  countryOfSync(ip: string): string | null {
    const address = normaliseAddress(ip);
    if (!address || !isPublicAddress(address)) return null;
    // This database's records are `{ country_code }`, not MaxMind's nested country object.
    const record = this.open().get(address) as { country_code?: unknown } | null;
    return asCountryCode(record?.country_code);
  }

  async lookup(ip: string): Promise<GeoAnswer> {
    if (!isPublicAddress(ip)) return NONE;
    return { country_code: this.countryOfSync(ip), source: 'offline' };
  }
}

/**
 * Asks a lookup service (GEOIP_LOOKUP_URL; `{ip}` in it is replaced by the address, else `?ip=` is
 * added) and reads `country_code`, `countryCode` or `country` of its JSON answer. Any failure, a
 * timeout (the spec's 5000 ms by default) or an answer without a country falls back to `fallback`.
 */
export class ExternalGeoIp implements GeoIpLookup {
  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly fallback: GeoIpLookup,
    private readonly onFailure: (reason: string) => void = () => undefined,
  ) {}

  private urlFor(address: string): string {
    const encoded = encodeURIComponent(address);
    if (this.url.includes('{ip}')) return this.url.replaceAll('{ip}', encoded);
    const u = new URL(this.url);
    u.searchParams.set('ip', address);
    return u.toString();
  }

  async lookup(ip: string): Promise<GeoAnswer> {
    const address = normaliseAddress(ip);
    if (!address || !isPublicAddress(address)) return NONE;
    try {
      const res = await fetch(this.urlFor(address), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'error' });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const body = (await res.json()) as Record<string, unknown> | null;
      const code = asCountryCode(body?.country_code ?? body?.countryCode ?? body?.country);
      if (code) return { country_code: code, source: 'external' };
      throw new Error('answer without a country');
    } catch (err) {
      // The reason only: the address is personal data and never logged.
      this.onFailure(err instanceof Error ? err.name === 'TimeoutError' ? 'timeout' : err.message : 'failed');
      return this.fallback.lookup(address);
    }
  }
}
