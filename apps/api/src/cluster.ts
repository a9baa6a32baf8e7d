/**
 * Several server processes on one machine (WEB_CONCURRENCY=N): the primary prepares the database
 * once (migrate, seed), then forks N workers that each build the app and listen on the shared port
 * (Node's cluster module hands connections out in turn). Workers keep no state of their own:
 * sessions, rate limits and images live in PostgreSQL, so any worker can serve any request.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';
import { secureDataDir } from './db/prepare.js';
import { prepareDatabase } from './seed/first-start.js';
import { printSeedResult } from './seed/seed-report.js';

/** A worker that dies this soon after starting is not restarted again and again. */
const CRASH_LOOP_MS = 5_000;
const MAX_QUICK_CRASHES = 5;

export const PGLITE_CONCURRENCY_WARNING =
  'WEB_CONCURRENCY > 1 needs PostgreSQL (set DATABASE_URL): the embedded PGlite database can be opened by one process only. Starting 1 process.';

/** How many processes to run: WEB_CONCURRENCY, or 1 (with a warning) on the embedded database. */
export function processCount(config: Pick<Config, 'webConcurrency' | 'databaseUrl'>): number {
  if (config.webConcurrency > 1 && !config.databaseUrl) {
    console.warn(`\n  ${PGLITE_CONCURRENCY_WARNING}\n`);
    return 1;
  }
  return config.webConcurrency;
}

/** Runs in the primary process: prepare the database, fork the workers, keep them running, stop them on a signal. */
export async function runPrimary(config: Config, workerCount: number, shutdownTimeoutMs: number): Promise<void> {
  const secured = secureDataDir(config);
  if (secured) console.log(secured);
  const { database, seed } = await prepareDatabase(config);
  await database.close();
  printSeedResult(seed);

  let isStopping = false;
  let quickCrashes = 0;
  let listening = 0;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.once('listening', () => {
      listening += 1;
      if (listening === workerCount) {
        console.log(`\n  Mandi is running at ${config.publicUrl} (${workerCount} processes)\n`);
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const lifetime = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (isStopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another.`);
    quickCrashes = lifetime < CRASH_LOOP_MS ? quickCrashes + 1 : 0;
    if (quickCrashes >= MAX_QUICK_CRASHES) {
      console.error(`Workers keep failing right after start (${quickCrashes} times): giving up.`);
      isStopping = true;
      stopWorkers();
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    fork();
  });

  const stopWorkers = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };

  const stop = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    console.log(`${signal} received: stopping ${workerCount} workers`);
    stopWorkers();
    // Each worker has its own deadline; this one only catches a worker that ignores it.
    const timer = setTimeout(() => {
      console.error('workers took too long to stop; killing them');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownTimeoutMs + 2_000);
    timer.unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < workerCount; i += 1) fork();
}
