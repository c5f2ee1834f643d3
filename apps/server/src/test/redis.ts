import { Redis } from 'ioredis';

/** The Redis the suites use: the machine's own, or `REDIS_TEST_URL`. */
export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether that Redis answers. CI has one, so there its absence fails the suite; elsewhere the suites
 * that need it are skipped.
 */
export async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_TEST_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    if (process.env.CI) throw new Error(`these tests need Redis at ${REDIS_TEST_URL}`);
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Deletes every key under `prefix` (a suite's own). */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const admin = new Redis(REDIS_TEST_URL);
  try {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
  } finally {
    admin.disconnect();
  }
}
