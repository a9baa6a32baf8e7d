/** Starts Mandi: prepare the database, listen, and shut down gracefully on SIGTERM/SIGINT. */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { prepareDatabase } from './db/prepare.js';
import { printSeedResult } from './db/seed-report.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const { database, seed } = await prepareDatabase(config);
  printSeedResult(seed);
  const app = await buildApp({ config, db: database.db });

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info(`${signal} received: finishing requests in flight`);
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`\n  Mandi is running at ${config.publicUrl}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
