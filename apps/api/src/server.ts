/**
 * Starts Mandi: prepare the database, listen, and shut down gracefully on SIGTERM/SIGINT.
 * With WEB_CONCURRENCY=N (PostgreSQL only) the primary prepares the database and forks N workers
 * (see cluster.ts); each worker runs `serve` on the shared port.
 */
import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { processCount, runPrimary } from './cluster.js';
import { type Config, loadConfig } from './config.js';
import { openConfiguredDatabase, secureDataDir } from './db/prepare.js';
import { isFirstEmbeddedStart, prepareDatabase, prepareInChildProcess } from './seed/first-start.js';
import { printSeedResult } from './seed/seed-report.js';

/** Requests in flight get this long to finish after SIGTERM; then the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function serve(config: Config, options: { isWorker: boolean }): Promise<void> {
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  if (options.isWorker) {
    // The primary has migrated and seeded already.
    database = await openConfiguredDatabase(config);
  } else {
    const secured = secureDataDir(config);
    if (secured) console.log(secured);
    if (isFirstEmbeddedStart(config)) {
      const seed = await prepareInChildProcess(config);
      database = (await prepareDatabase(config)).database;
      printSeedResult(seed);
    } else {
      const prepared = await prepareDatabase(config);
      database = prepared.database;
      printSeedResult(prepared.seed);
    }
  }
  const app = await buildApp({
    config,
    db: database.db,
    warmUp: true,
    ...(database.collectGarbage ? { collectDatabaseGarbage: database.collectGarbage } : {}),
  });

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
      // Stops accepting connections, serves what arrives on open ones (closing each after its
      // answer) and waits for the requests in flight.
      const closing = app.close();
      // A keep-alive connection whose request was in flight becomes idle only after its answer;
      // close those as they go idle, or the client could hold them open for the keep-alive timeout.
      const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
      reaper.unref();
      await closing;
      clearInterval(reaper);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Ctrl+C reaches the primary and every worker; the primary tells the workers to stop.
  process.on('SIGINT', () => void (options.isWorker ? undefined : stop('SIGINT')));

  await app.listen({ port: config.port, host: config.host });
  if (!options.isWorker) {
    console.log(`\n  Mandi is running at ${config.publicUrl}\n`);
    // A live shop missing a setting runs, but wrongly: say so at every start (issue 42).
    for (const warning of config.goLiveWarnings) console.warn(`  ! ${warning.message}`);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, { isWorker: true });
  const count = processCount(config);
  if (count > 1) return runPrimary(config, count, SHUTDOWN_TIMEOUT_MS);
  return serve(config, { isWorker: false });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
