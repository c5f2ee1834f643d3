import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { dropRedisKeys, REDIS_TEST_URL, redisReachable } from '../test/redis.js';
import { MemoryRateLimiter, RedisRateLimiter, refuseWhenSpent, type RateLimiter } from './rate-limit.js';

const prefix = `test:spent:${randomUUID()}:`;
const redis = new Redis(REDIS_TEST_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
redis.on('error', () => undefined);
const hasRedis = await redisReachable();

afterAll(async () => {
  if (hasRedis) await dropRedisKeys(prefix);
  redis.disconnect();
});

const limiters: [string, () => RateLimiter, boolean][] = [
  ['in memory', () => new MemoryRateLimiter(), true],
  ['in Redis', () => new RedisRateLimiter(redis, prefix), hasRedis],
];

describe.each(limiters)('a spent budget (%s)', (_name, make, available) => {
  it.skipIf(!available)('is refused before counting, and only once the limit is reached', async () => {
    const rl = make();
    const budget = { key: `wrong:${randomUUID()}`, limit: 2, windowMs: 60_000 };
    await expect(refuseWhenSpent(rl, [budget])).resolves.toBeUndefined();
    await rl.hit(budget);
    await expect(refuseWhenSpent(rl, [budget])).resolves.toBeUndefined();
    // Looking did not count: still one hit.
    expect(await rl.spent!(budget)).toBe(false);
    await rl.hit(budget);
    await expect(refuseWhenSpent(rl, [budget])).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
