// `npm run reset`: deletes the embedded database (DATA_DIR, default ./data) so the next `npm start`
// creates, migrates and seeds it again with the demo brand and the demo customers. Stop the shop
// first. A PostgreSQL server named by DATABASE_URL is never touched.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: reset only deletes the embedded database. Drop and recreate the PostgreSQL database yourself.');
  process.exit(1);
}
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
if (dataDir === root || root.startsWith(dataDir + path.sep)) {
  console.error(`DATA_DIR=${dataDir} is the project itself; refusing to delete it.`);
  process.exit(1);
}
const shown = dataDir.startsWith(root + path.sep) ? path.relative(root, dataDir) : dataDir;
if (!existsSync(dataDir)) {
  console.log(`Nothing to reset: ${shown} does not exist.`);
} else {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Deleted ${shown}; the next start seeds the demo data again.`);
}
