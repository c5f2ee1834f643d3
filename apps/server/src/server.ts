import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { armFaults } from './platform/faults.js';

/** Starts the shop: validates config, builds the app, listens, and drains on SIGTERM/SIGINT. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  // Crash-recovery tests only: TEST store mode with EMBER_FAULT set (LIVE refuses it).
  armFaults(config);
  const app = await buildApp({ config });
  app.server.keepAliveTimeout = 65_000;
  app.server.headersTimeout = 66_000;
  app.server.requestTimeout = 30_000;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.draining = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown grace period over, exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    force.unref();
    if (config.SHUTDOWN_DRAIN_DELAY_MS > 0) await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_DELAY_MS));
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
