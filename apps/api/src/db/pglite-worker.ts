/**
 * The database thread (decision 0065): the one owner of the embedded PGlite. It opens the database
 * as `pglite-create.ts` says, then answers the main thread's requests (`pglite-thread.ts`) by id:
 * statements, transactions, the data directory's dump and the close.
 *
 * A transaction is PGlite's own: `begin` runs `pglite.transaction(...)`, whose callback waits here
 * until the main thread says commit or roll back; meanwhile the statements sent with its id run on
 * it, and every other statement waits for PGlite's transaction lock, as on one thread.
 *
 * A statement (`protocol`) arrives as PostgreSQL's protocol messages built by the main thread
 * (pglite-wire.ts, decision 0070) and is answered with PostgreSQL's reply as bytes, moved, not
 * copied; the rows are parsed over there. `exec` (several statements in one text: migrations, the
 * database commands) is PGlite's own, its results parsed here and sent as structured clones.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { collectGarbage } from '../lib/collect-garbage.js';
import { createPglite } from './pglite-create.js';
import { createStatementProfile, writeProfileEvery } from './pglite-profile.js';
import type { DbThreadAnswer, DbThreadRequest, DbThreadStart, WireError, WireQueryOptions } from './pglite-thread.js';
import { concat, movableBuffer } from './pglite-wire.js';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as the database thread of pglite-thread.ts');
const start = workerData as DbThreadStart;

/** Everything an error carries that can cross: PostgreSQL's code, constraint, detail... */
function toWire(error: unknown): WireError {
  if (typeof error !== 'object' || error === null) {
    return { kind: 'value', value: typeof error === 'string' || typeof error === 'number' ? error : String(error) };
  }
  const fields: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  if (!(error instanceof Error)) return { kind: 'object', fields };
  return { kind: 'error', name: error.name, message: error.message, stack: error.stack, fields };
}

function send(answer: DbThreadAnswer): void {
  try {
    if ('value' in answer && answer.value instanceof Uint8Array)
      port?.postMessage(answer, [movableBuffer(answer.value)]);
    else port?.postMessage(answer);
  } catch (error) {
    // A value that cannot be cloned (none of PGlite's parsed types): the caller gets why, not silence.
    port?.postMessage({ id: answer.id, error: toWire(error) } satisfies DbThreadAnswer);
  }
}

let pglite: PGlite;
try {
  pglite = await createPglite(start.dir, start.snapshot);
} catch (error) {
  send({ id: 0, error: toWire(error) });
  throw error;
}

/** `PGLITE_PROFILE`: every statement timed, written to the named file (pglite-profile.ts). */
const profile = start.profile ? createStatementProfile() : null;
const profileWriter = profile && start.profile ? writeProfileEvery(profile, start.profile) : null;
if (profile && !profile.wrap(pglite as unknown as Parameters<typeof profile.wrap>[0])) {
  const error = new Error('PGLITE_PROFILE: this PGlite has no exclusive section to time statements in');
  send({ id: 0, error: toWire(error) });
  throw error;
}

// Drizzle's parsers hand some types over as PostgreSQL wrote them (timestamps, dates, intervals):
// they cross as the list of those types and are passed through here the same way.
const passThrough = (value: unknown) => value;
const parserSets = new Map<string, NonNullable<QueryOptions['parsers']>>();
function queryOptions(wire: WireQueryOptions | undefined): QueryOptions | undefined {
  if (!wire) return undefined;
  const options: QueryOptions = {};
  if (wire.rowMode) options.rowMode = wire.rowMode;
  if (wire.paramTypes) options.paramTypes = wire.paramTypes;
  if (wire.rawTypes) {
    const key = wire.rawTypes.join(',');
    let parsers = parserSets.get(key);
    if (!parsers) {
      parsers = Object.fromEntries(wire.rawTypes.map((type) => [type, passThrough]));
      parserSets.set(key, parsers);
    }
    options.parsers = parsers;
  }
  return options;
}

interface OpenTransaction {
  tx: Transaction | null;
  decide(commit: boolean): void;
  done: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
let lastTransaction = 0;

/** The database or the open transaction a statement was sent for. */
function target(tx: number): Pick<Transaction, 'query' | 'exec'> {
  if (tx === 0) return pglite;
  const open = transactions.get(tx)?.tx;
  if (!open) throw new Error('Transaction is closed');
  return open;
}

/** Opens a transaction (after any before it, under PGlite's lock) and answers its id once BEGIN ran. */
function begin(): Promise<number> {
  lastTransaction += 1;
  const id = lastTransaction;
  return new Promise<number>((resolve, reject) => {
    let decide: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((settle) => {
      decide = settle;
    });
    const open: OpenTransaction = { tx: null, decide, done: Promise.resolve() };
    open.done = pglite.transaction(async (tx) => {
      open.tx = tx;
      transactions.set(id, open);
      profile?.transactionBegan(id);
      resolve(id);
      if (!(await decided)) await tx.rollback();
    });
    // BEGIN itself failed (the database closed): the caller of begin hears it. A failed COMMIT or
    // ROLLBACK is heard by the caller of end, which awaits `done`.
    open.done.catch((error) => {
      if (!open.tx) reject(error);
    });
  });
}

/** Commits or rolls back transaction `tx`; a COMMIT that PostgreSQL turned into a rollback throws. */
async function end(tx: number, commit: boolean): Promise<null> {
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  transactions.delete(tx);
  open.decide(commit);
  try {
    await open.done;
  } finally {
    profile?.transactionEnded(tx);
  }
  return null;
}

/**
 * Runs protocol messages as PGlite's `query` runs its own: in transaction `tx` under its statement
 * lock, or, outside any, after every open transaction (its transaction lock) and then synced to the
 * file system as PGlite syncs after a statement. The reply is collected as PostgreSQL writes it
 * (`execProtocolRawStream`: `execProtocolRaw` would also parse it here, for nothing).
 */
function runProtocol(bytes: Uint8Array, tx: number): Promise<Uint8Array> {
  const runBytes = async () => {
    const chunks: Uint8Array[] = [];
    await pglite.execProtocolRawStream(bytes, {
      syncToFs: false,
      // A view of the WebAssembly's memory, valid only during the call: copied.
      onRawData: (chunk) => chunks.push(chunk.slice()),
    });
    return concat(chunks);
  };
  if (tx !== 0) {
    if (!transactions.get(tx)?.tx) return Promise.reject(new Error('Transaction is closed'));
    return pglite._runExclusiveQuery(runBytes);
  }
  return pglite._runExclusiveTransaction(async () => {
    const reply = await pglite._runExclusiveQuery(runBytes);
    await pglite.syncToFs();
    return reply;
  });
}

/** A statement, timed by the profile when there is one. */
function run<T>(sql: string, tx: number, statement: () => Promise<T>): Promise<T> {
  return profile ? profile.statement(sql, tx, statement) : statement();
}

async function handle(request: DbThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'protocol': {
      const { bytes, tx, label } = request;
      return run(label ?? 'a prepared statement', tx, () => runProtocol(bytes, tx));
    }
    case 'exec': {
      const { sql, tx, options } = request;
      return run(sql, tx, () => target(tx).exec(sql, queryOptions(options)));
    }
    case 'begin':
      // Its COMMIT or ROLLBACK runs in the same context, so both are tallied under this name.
      return run('BEGIN, and its COMMIT or ROLLBACK', 0, begin);
    case 'end':
      return end(request.tx, request.commit);
    case 'dump':
      return pglite.dumpDataDir('none');
    case 'collectGarbage':
      collectGarbage();
      return null;
    case 'close':
      profileWriter?.stop();
      await pglite.close();
      return null;
  }
}

port.on('message', (request: DbThreadRequest) => {
  handle(request).then(
    (value) => send({ id: request.id, value }),
    (error: unknown) => send({ id: request.id, error: toWire(error) }),
  );
});
send({ id: 0, value: 'ready' });
