import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, type Db } from '../platform/db.js';
import type { TestServer } from './test-app.js';

/**
 * The built server as a child process on a database of the suite's (an embedded one in a temporary
 * directory, or the test PostgreSQL server's), for tests that kill it (EMBER_FAULT, TEST mode only)
 * and start it again: `npm test` builds before running the tests.
 */
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/server.js');

export interface Child {
  process: ChildProcess;
  server: TestServer;
  /** The exit code, or -9 when the process was killed by SIGKILL. */
  exited: Promise<number | null>;
  output: () => string;
}

export interface ChildServers {
  /** Starts the server with the suite's environment and `env` over it; resolves once it is ready. */
  start(env?: Record<string, string>): Promise<Child>;
  stop(child: Child): Promise<void>;
  /** The database while no child holds it (the embedded one takes one process at a time). */
  withDb<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Removes the embedded database's directory. */
  cleanUp(): void;
}

export function childServers(opts: { databaseUrl?: string; portBase: number; env: Record<string, string> }): ChildServers {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ember-child-'));
  let port = opts.portBase + (process.pid % 2000);
  return {
    async start(env = {}) {
      port += 1;
      const url = `http://127.0.0.1:${port}`;
      const { DATABASE_URL: _ignored, ...rest } = process.env;
      let output = '';
      const child = spawn(process.execPath, [SERVER], {
        env: {
          ...rest, NODE_ENV: 'production', STORE_MODE: 'TEST', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', STOREFRONT_BUILD_DIR: '/nonexistent',
          ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : { DATA_DIR: dataDir }),
          ...opts.env,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal === 'SIGKILL' ? -9 : code)));
      const until = Date.now() + 90_000;
      while (Date.now() < until) {
        if (child.exitCode !== null || child.signalCode !== null) break;
        try {
          if ((await fetch(`${url}/readyz`)).ok) return { process: child, server: { url } as TestServer, exited, output: () => output };
        } catch { /* not yet listening */ }
        await new Promise((r) => setTimeout(r, 200));
      }
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    },
    async stop(c) {
      c.process.kill('SIGTERM');
      await c.exited;
    },
    async withDb(fn) {
      const db = await openDb(opts.databaseUrl ? { url: opts.databaseUrl } : { dataDir });
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
    cleanUp() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
