import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config.js';
import { openDb, type Db } from '../platform/db.js';
import { buildServices, type Services } from '../services.js';

/** What an operator command gets: the database, the services and where its result lines go. */
export interface CommandDeps {
  db: Db;
  services: Services;
  out: (line: string) => void;
}

/**
 * Runs an operator command as a process when `moduleUrl` is the script node was started with:
 * loads the configuration (a bad one exits 2 with its message), opens the database and the
 * services, runs the command with the process's arguments, closes both, and exits with the
 * command's code (1 on an unexpected error).
 */
export function runAsProcess(moduleUrl: string, command: (argv: string[], deps: CommandDeps) => Promise<number>, out: (line: string) => void): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const main = async (): Promise<number> => {
    let config;
    try {
      config = loadConfig();
    } catch (err) {
      if (err instanceof ConfigError) {
        console.error(err.message);
        return 2;
      }
      throw err;
    }
    const db = await openDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
    const services = await buildServices(db, config);
    try {
      return await command(process.argv.slice(2), { db, services, out });
    } finally {
      await services.close();
      await db.close();
    }
  };
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
