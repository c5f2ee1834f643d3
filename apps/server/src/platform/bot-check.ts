import { createHash, randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { BotCheckChallenge } from '@ember/contracts';
import type { Config } from '../config.js';
import type { Tx } from './transaction.js';

/**
 * A check that the caller is a person's browser, not a script (docs/decisions/0047). `challenge`
 * gives the browser what its widget needs; `verify` says whether a token is genuine and fresh, and
 * returns the id under which it is spent; `spend` records it in the caller's transaction, so a
 * solved challenge is accepted once across every instance, and a replay fails.
 */
export interface BotCheck {
  readonly provider: 'altcha' | 'turnstile';
  challenge(): Promise<BotCheckChallenge>;
  verify(token: string | undefined, remoteIp?: string): Promise<{ ok: true; id: string; expiresAt: Date } | { ok: false }>;
}

/** The most a token may weigh: a solved ALTCHA challenge is well under 1 KB. */
const MAX_TOKEN_LENGTH = 4096;

/** Records a verified token's id; false when it was spent before (a replay). Old ids are dropped as they go. */
export async function spendBotCheck(tx: Tx, id: string, expiresAt: Date): Promise<boolean> {
  const key = createHash('sha256').update(id).digest('hex');
  const r = await tx.query(`INSERT INTO bot_check_spent (challenge_id, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [key, expiresAt]);
  if (r.rowCount === 1 && Math.random() < 0.02) tx.defer(`DELETE FROM bot_check_spent WHERE expires_at < now() - interval '1 minute'`, []);
  return r.rowCount === 1;
}

/**
 * ALTCHA proof of work (altcha-lib, SHA-256 key derivation): the server signs a challenge with a
 * known counter, the browser searches for it, the server checks the signed key in constant time.
 * Nothing leaves the shop; it works offline and keeps TEST mode's challenge real.
 */
export class AltchaBotCheck implements BotCheck {
  readonly provider = 'altcha' as const;
  private readonly keySecret: string;

  constructor(private readonly opts: { secret: string; cost: number; maxNumber: number; ttlSeconds: number }) {
    this.keySecret = createHash('sha256').update(`${opts.secret}:key`).digest('hex');
  }

  async challenge(): Promise<BotCheckChallenge> {
    const c = await createChallenge({
      algorithm: 'SHA-256',
      cost: this.opts.cost,
      counter: randomInt(this.opts.maxNumber, Math.floor(this.opts.maxNumber / 2)),
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + this.opts.ttlSeconds,
      hmacSignatureSecret: this.opts.secret,
      hmacKeySignatureSecret: this.keySecret,
    });
    return { provider: 'altcha', parameters: { ...c.parameters }, signature: c.signature };
  }

  async verify(token: string | undefined) {
    const payload = parseToken(token);
    if (!payload) return { ok: false as const };
    try {
      const r = await verifySolution({
        challenge: payload.challenge, solution: payload.solution, deriveKey,
        hmacSignatureSecret: this.opts.secret, hmacKeySignatureSecret: this.keySecret,
      });
      const expires = payload.challenge.parameters.expiresAt;
      if (!r.verified || typeof expires !== 'number') return { ok: false as const };
      return { ok: true as const, id: `altcha:${payload.challenge.parameters.nonce}`, expiresAt: new Date(expires * 1000) };
    } catch {
      return { ok: false as const };
    }
  }
}

/** The widget's token: base64 of `{ challenge, solution }`; anything else is no token. */
function parseToken(token: string | undefined): { challenge: Challenge; solution: Solution } | null {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  try {
    const value = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { challenge?: Challenge; solution?: Solution };
    const c = value?.challenge;
    const s = value?.solution;
    if (!c || typeof c !== 'object' || !c.parameters || typeof c.parameters.nonce !== 'string' || typeof c.signature !== 'string') return null;
    if (!s || typeof s !== 'object' || !Number.isInteger(s.counter) || typeof s.derivedKey !== 'string') return null;
    return { challenge: c, solution: s };
  } catch {
    return null;
  }
}

/**
 * A hosted check in the style of Cloudflare Turnstile or reCAPTCHA: the widget's token is sent to
 * the provider's verify URL with the secret; the provider answers each token once. Spent here too,
 * so a replay within the provider's window is refused by the shop as well.
 */
export class TurnstileBotCheck implements BotCheck {
  readonly provider = 'turnstile' as const;

  constructor(
    private readonly opts: { siteKey: string; secret: string; verifyUrl: string; ttlSeconds: number },
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async challenge(): Promise<BotCheckChallenge> {
    return { provider: 'turnstile', siteKey: this.opts.siteKey };
  }

  async verify(token: string | undefined, remoteIp?: string) {
    if (!token || token.length > MAX_TOKEN_LENGTH) return { ok: false as const };
    try {
      const body = new URLSearchParams({ secret: this.opts.secret, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) });
      const res = await this.fetcher(this.opts.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
      const answer = (await res.json()) as { success?: boolean };
      if (!res.ok || answer.success !== true) return { ok: false as const };
      return { ok: true as const, id: `turnstile:${createHash('sha256').update(token).digest('hex')}`, expiresAt: new Date(Date.now() + this.opts.ttlSeconds * 1000) };
    } catch {
      return { ok: false as const };
    }
  }
}

/** The configured bot check. */
export function botCheckFrom(config: Config): BotCheck {
  if (config.BOT_CHECK_PROVIDER === 'turnstile') {
    return new TurnstileBotCheck({ siteKey: config.TURNSTILE_SITE_KEY!, secret: config.TURNSTILE_SECRET!, verifyUrl: config.TURNSTILE_VERIFY_URL, ttlSeconds: 300 });
  }
  return new AltchaBotCheck({
    secret: config.BOT_CHECK_SECRET ?? randomBytes(32).toString('hex'),
    cost: config.BOT_CHECK_COST,
    maxNumber: config.BOT_CHECK_MAX_NUMBER,
    ttlSeconds: config.BOT_CHECK_TTL_S,
  });
}
