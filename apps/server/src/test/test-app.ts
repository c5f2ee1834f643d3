import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDb, type Db } from '../platform/db.js';

let shared: Promise<Db> | null = null;

/**
 * The database a test worker shares: the PostgreSQL server named by DATABASE_URL, or an in-memory
 * PGlite. The app migrates and seeds it on first build.
 */
export function testDb(): Promise<Db> {
  shared ??= openDb({ url: process.env.DATABASE_URL || undefined, poolSize: 5 });
  return shared;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STOREFRONT_BUILD_DIR: '/nonexistent',
    // Every test client shares 127.0.0.1; per-account and per-code limits stay as in production.
    RATE_LIMIT_IP_FACTOR: '100',
    // Suites place many unpaid orders from one address, e-mail and connection; the suites of these limits set their own.
    ORDERS_UNPAID_PER_BUYER: '1000',
    ORDERS_UNPAID_PER_ADDRESS: '1000',
    ORDERS_UNPAID_PER_CLIENT: '1000',
    // LIVE mode refuses to boot without it; tests that switch to LIVE get one.
    WALLET_SIGNING_SECRET: 'test-suite-wallet-signing-secret-0123456789',
    PACK_CODE_SECRET: 'test-suite-pack-code-secret-0123456789abcdef',
    TRIALS_CLAIM_SECRET: 'test-suite-trial-claim-secret-0123456789abcdef',
    ...env,
  });
}

export interface TestServer {
  app: FastifyInstance;
  /** Base URL of the listening app on the loopback interface. */
  url: string;
  close(): Promise<void>;
}

/**
 * Builds the whole app in-process on the worker's database and listens on a loopback port. Logs
 * are off unless `env` sets LOG_LEVEL; `logStream` then receives the lines (one JSON object each).
 */
export async function startTestServer(env: Record<string, string> = {}, opts: { logStream?: { write(line: string): void } } = {}): Promise<TestServer> {
  const app = await buildApp({ config: testConfig(env), db: await testDb(), logger: Boolean(env.LOG_LEVEL), logStream: opts.logStream });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/**
 * Serves the app for the tests of one file: started before them on the worker's database (handed
 * to `use`), closed after them.
 */
export function serveForSuite(use: (server: TestServer, db: Db) => void, env: Record<string, string> = {}): void {
  let server: TestServer | null = null;
  beforeAll(async () => {
    server = await startTestServer(env);
    use(server, await testDb());
  });
  afterAll(async () => {
    await server?.close();
  });
}

// The HTTP clients every suite uses: one implementation, shared with the browser journeys.
export { gql, restCall, type GqlResult, type RestResult } from '@ember/test-support';
