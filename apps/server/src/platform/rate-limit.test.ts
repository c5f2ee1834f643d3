import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { MemoryRateLimiter, enforce } from './rate-limit.js';

describe('rate limiting', () => {
  it('allows hits up to the limit in a window and refuses the next with a retry time', async () => {
    const rl = new MemoryRateLimiter();
    const budget = { key: 'login:ip:1', limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) await expect(enforce(rl, [budget])).resolves.toBeUndefined();
    const err = await enforce(rl, [budget]).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.details.retry_after_s).toBeGreaterThan(0);
  });

  it('counts every budget, so a fresh key on one side does not reset the other', async () => {
    const rl = new MemoryRateLimiter();
    const perUser = { key: 'login:id:a@example.com', limit: 2, windowMs: 60_000 };
    await enforce(rl, [{ key: 'ip:1', limit: 100, windowMs: 60_000 }, perUser]);
    await enforce(rl, [{ key: 'ip:2', limit: 100, windowMs: 60_000 }, perUser]);
    await expect(enforce(rl, [{ key: 'ip:3', limit: 100, windowMs: 60_000 }, perUser])).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('starts a new window after the old one ends', async () => {
    const rl = new MemoryRateLimiter();
    const b = { key: 'k', limit: 1, windowMs: 20 };
    await enforce(rl, [b]);
    await expect(enforce(rl, [b])).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await new Promise((r) => setTimeout(r, 30));
    await expect(enforce(rl, [b])).resolves.toBeUndefined();
  });

  it('counts a request carrying several attempts as that many hits', async () => {
    const rl = new MemoryRateLimiter();
    const budget = { key: 'coupon:cart:1', limit: 10, windowMs: 60_000 };
    expect(await rl.hit({ ...budget, cost: 5 })).toMatchObject({ allowed: true, count: 5 });
    expect(await rl.hit({ ...budget, cost: 5 })).toMatchObject({ allowed: true, count: 10 });
    await expect(enforce(rl, [budget])).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('counts a hit without a cost, or with a nonsensical one, as one', async () => {
    const rl = new MemoryRateLimiter();
    const budget = { key: 'k', limit: 2, windowMs: 60_000 };
    expect((await rl.hit(budget)).count).toBe(1);
    expect((await rl.hit({ ...budget, cost: 0 })).count).toBe(2);
    expect((await rl.hit({ ...budget, cost: -3 })).count).toBe(3);
  });
});
