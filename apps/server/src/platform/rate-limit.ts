import type { Redis } from 'ioredis';
import { AppError } from './errors.js';

/** One budget: at most `limit` hits per `windowMs` for `key`. */
export interface Budget {
  key: string;
  limit: number;
  windowMs: number;
  /** How many hits this request counts as (default 1): a request carrying several guesses counts each. */
  cost?: number;
}

export interface RateLimiter {
  /** Counts a hit against the budget and says whether it is still within it. */
  hit(b: Budget): Promise<{ allowed: boolean; count: number; retryAfterMs: number }>;
  /** Forgets a key (e.g. failed logins after a successful one). */
  reset(key: string): Promise<void>;
  /** Whether a budget is spent, without counting a hit (a lock-out checked before each attempt). */
  spent?(b: Budget): Promise<boolean>;
}

/** Fixed windows in this process's memory: correct for one instance, the default. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number; windowMs: number }>();
  private lastSweep = Date.now();

  async hit(b: Budget) {
    const now = Date.now();
    this.sweep(now);
    let w = this.windows.get(b.key);
    if (!w || now - w.start >= b.windowMs) {
      w = { start: now, count: 0, windowMs: b.windowMs };
      this.windows.set(b.key, w);
    }
    w.count += Math.max(1, Math.floor(b.cost ?? 1));
    return { allowed: w.count <= b.limit, count: w.count, retryAfterMs: w.start + b.windowMs - now };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  async spent(b: Budget) {
    const w = this.windows.get(b.key);
    return !!w && Date.now() - w.start < w.windowMs && w.count >= b.limit;
  }

  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (now - w.start >= w.windowMs) this.windows.delete(k);
  }
}

/** Fixed windows in Redis, shared by every instance. Redis failures fail closed (503). */
export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly redis: Redis, private readonly prefix = 'ember:rl:') {}

  async hit(b: Budget) {
    const key = this.prefix + b.key;
    try {
      const res = await this.redis.multi().incrby(key, Math.max(1, Math.floor(b.cost ?? 1))).pexpire(key, b.windowMs, 'NX').pttl(key).exec();
      if (!res) throw new Error('transaction aborted');
      const count = Number(res[0]![1]);
      const ttl = Number(res[2]![1]);
      return { allowed: count <= b.limit, count, retryAfterMs: ttl > 0 ? ttl : b.windowMs };
    } catch (err) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Rate limiting is unavailable, try again later', { cause: String(err) });
    }
  }

  async spent(b: Budget) {
    try {
      const count = Number((await this.redis.get(this.prefix + b.key)) ?? 0);
      return count >= b.limit;
    } catch (err) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Rate limiting is unavailable, try again later', { cause: String(err) });
    }
  }

  async reset(key: string) {
    try {
      await this.redis.del(this.prefix + key);
    } catch {
      // A stale counter only delays the user; never fail the request for it.
    }
  }
}

/** Refuses with RATE_LIMITED when any of the budgets is already spent, counting nothing. */
export async function refuseWhenSpent(limiter: RateLimiter, budgets: Budget[]): Promise<void> {
  for (const b of budgets) {
    if (await limiter.spent?.(b)) throw new AppError('RATE_LIMITED', 'Too many attempts, try again later', { retry_after_s: Math.ceil(b.windowMs / 1000) });
  }
}

/** Counts the hit against every budget and refuses with RATE_LIMITED (429, Retry-After) when any is spent. */
export async function enforce(limiter: RateLimiter, budgets: Budget[]): Promise<void> {
  let retryAfterMs = 0;
  for (const b of budgets) {
    const r = await limiter.hit(b);
    if (!r.allowed) retryAfterMs = Math.max(retryAfterMs, r.retryAfterMs);
  }
  if (retryAfterMs > 0) {
    throw new AppError('RATE_LIMITED', 'Too many attempts, try again later', { retry_after_s: Math.ceil(retryAfterMs / 1000) });
  }
}
