// `npm start`: installs what is missing, builds, then serves the shop. With no DATABASE_URL the
// server creates, migrates and seeds the embedded database under ./data on first start.
import { execSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execSync(`node ${JSON.stringify(path.join(root, 'scripts/ensure-install.mjs'))}`, { cwd: root, stdio: 'inherit' });
if (process.env.SKIP_BUILD !== '1') execSync('npm run build', { cwd: root, stdio: 'inherit' });

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
