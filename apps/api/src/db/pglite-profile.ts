/**
 * What the embedded database's thread spends its time on (`PGLITE_PROFILE=<file>`, a measuring aid
 * like `BENCH_CPU_PROF`; decision 0065's thread, measured in issue 47). Off by default: nothing here
 * runs unless the file is named.
 *
 * Per statement text: how many ran and how long PGlite worked on them (its exclusive section: the
 * protocol, the execution and parsing the rows, not the wait for the lock), so the figures are the
 * statements' own cost even when the thread is the queue. The transactions: how long they held the
 * database (from BEGIN to COMMIT or ROLLBACK, during which no other statement runs) against the time
 * their statements worked (the rest is the round trips to the main thread between statements), in
 * all and by kind, a kind named by its first statement (a checkout, a saved address). And
 * the thread's event-loop utilisation (statements, structured clones, messages).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

/** How much of a statement's text names it in the profile. */
const STATEMENT_KEY_LENGTH = 200;
/** The statements listed, costliest first. */
const STATEMENTS_LISTED = 80;
/** A statement or transaction that held the database this long is listed with its time. */
const LONG_HOLD_MS = 20;
/** The long holds kept, the first ones of the run. */
const LONG_HOLDS_LISTED = 1000;

interface Tally {
  count: number;
  ms: number;
  maxMs: number;
}

export interface StatementProfileReport {
  /** Since the profile started. */
  seconds: number;
  /** The thread's event loop busy, in ms and as a share of `seconds`. */
  threadBusyMs: number;
  threadUtilisation: number;
  statements: number;
  /** PGlite's own work on them. */
  statementMs: number;
  transactions: { count: number; heldMs: number; statementMs: number; longestHeldMs: number };
  /**
   * The transactions by their first statement (what kind of work they are), longest held first:
   * how long they held the database against their statements' work, and how many statements each.
   */
  byTransaction: {
    first: string;
    count: number;
    heldMs: number;
    statementMs: number;
    meanStatements: number;
    maxHeldMs: number;
  }[];
  /** Costliest first: `sql` begins with "T " for a statement inside a transaction. */
  byStatement: { sql: string; count: number; totalMs: number; meanMs: number; maxMs: number }[];
  /**
   * Each statement and transaction that held the database `LONG_HOLD_MS` or more, in the order they
   * ended, with its wall-clock start (ms since 1970, as `PEAK_TRACE` writes requests), to see what
   * held everyone up at a moment of slow requests.
   */
  longHolds: { at: number; ms: number; what: 'statement' | 'transaction'; sql: string }[];
}

/** The part of PGlite the profile wraps: the section in which it runs one statement at a time. */
interface ExclusiveRunner {
  _runExclusiveQuery?<T>(section: () => Promise<T>): Promise<T>;
}

export function statementKey(sql: string, inTransaction: boolean): string {
  const text = sql.replace(/\s+/g, ' ').trim().slice(0, STATEMENT_KEY_LENGTH);
  return inTransaction ? `T ${text}` : text;
}

/** The `STATEMENTS_LISTED` costliest of `tallies`, costliest first, each as `present` shows it. */
function costliestFirst<T, R>(
  tallies: Map<string, T>,
  cost: (tally: T) => number,
  present: (key: string, tally: T) => R,
): R[] {
  return [...tallies]
    .sort(([, a], [, b]) => cost(b) - cost(a))
    .slice(0, STATEMENTS_LISTED)
    .map(([key, tally]) => present(key, tally));
}

export function createStatementProfile(now: () => number = () => performance.now()) {
  const started = now();
  const startedLoop = performance.eventLoopUtilization();
  const tallies = new Map<string, Tally>();
  const openTransactions = new Map<number, { since: number; statementMs: number; statements: number; first: string }>();
  const transactionKinds = new Map<
    string,
    { count: number; heldMs: number; statementMs: number; statements: number; maxHeldMs: number }
  >();
  const transactions = { count: 0, heldMs: 0, statementMs: 0, longestHeldMs: 0 };
  const current = new AsyncLocalStorage<{ key: string; transaction: number }>();
  let statements = 0;
  let statementMs = 0;
  const longHolds: StatementProfileReport['longHolds'] = [];
  const noteLongHold = (from: number, ms: number, what: 'statement' | 'transaction', sql: string) => {
    if (ms < LONG_HOLD_MS || longHolds.length >= LONG_HOLDS_LISTED) return;
    longHolds.push({ at: Math.round(performance.timeOrigin + from), ms: Math.round(ms * 10) / 10, what, sql });
  };

  const record = (key: string, transaction: number, from: number, ms: number) => {
    statements += 1;
    statementMs += ms;
    const tally = tallies.get(key) ?? { count: 0, ms: 0, maxMs: 0 };
    tally.count += 1;
    tally.ms += ms;
    tally.maxMs = Math.max(tally.maxMs, ms);
    tallies.set(key, tally);
    noteLongHold(from, ms, 'statement', key);
    const open = openTransactions.get(transaction);
    if (open) {
      open.statementMs += ms;
      open.statements += 1;
      if (!open.first) open.first = key;
    }
  };

  return {
    /**
     * Times every statement PGlite runs in its exclusive section. Its name for that section is its
     * own (not a published API): without it the profile says so and counts nothing.
     */
    wrap(pglite: ExclusiveRunner): boolean {
      const runExclusive = pglite._runExclusiveQuery?.bind(pglite);
      if (!runExclusive) return false;
      pglite._runExclusiveQuery = <T>(section: () => Promise<T>) => {
        const statement = current.getStore();
        if (!statement) return runExclusive(section);
        return runExclusive(async () => {
          const from = now();
          try {
            return await section();
          } finally {
            record(statement.key, statement.transaction, from, now() - from);
          }
        });
      };
      return true;
    },
    /** Runs `work` (a statement sent to the thread) as the statement `sql` for the profile. */
    statement<T>(sql: string, transaction: number, work: () => Promise<T>): Promise<T> {
      return current.run({ key: statementKey(sql, transaction !== 0), transaction }, work);
    },
    transactionBegan(transaction: number): void {
      openTransactions.set(transaction, { since: now(), statementMs: 0, statements: 0, first: '' });
    },
    transactionEnded(transaction: number): void {
      const open = openTransactions.get(transaction);
      if (!open) return;
      openTransactions.delete(transaction);
      const held = now() - open.since;
      transactions.count += 1;
      transactions.heldMs += held;
      transactions.statementMs += open.statementMs;
      transactions.longestHeldMs = Math.max(transactions.longestHeldMs, held);
      noteLongHold(open.since, held, 'transaction', open.first);
      const kind = transactionKinds.get(open.first) ?? {
        count: 0,
        heldMs: 0,
        statementMs: 0,
        statements: 0,
        maxHeldMs: 0,
      };
      kind.count += 1;
      kind.heldMs += held;
      kind.statementMs += open.statementMs;
      kind.statements += open.statements;
      kind.maxHeldMs = Math.max(kind.maxHeldMs, held);
      transactionKinds.set(open.first, kind);
    },
    report(): StatementProfileReport {
      const seconds = (now() - started) / 1000;
      const loop = performance.eventLoopUtilization(startedLoop);
      const round = (ms: number) => Math.round(ms * 100) / 100;
      return {
        seconds: round(seconds),
        threadBusyMs: round(loop.active),
        threadUtilisation: round(loop.utilization),
        statements,
        statementMs: round(statementMs),
        transactions: {
          count: transactions.count,
          heldMs: round(transactions.heldMs),
          statementMs: round(transactions.statementMs),
          longestHeldMs: round(transactions.longestHeldMs),
        },
        byTransaction: costliestFirst(
          transactionKinds,
          (kind) => kind.heldMs,
          (first, kind) => ({
            first,
            count: kind.count,
            heldMs: round(kind.heldMs),
            statementMs: round(kind.statementMs),
            meanStatements: round(kind.statements / kind.count),
            maxHeldMs: round(kind.maxHeldMs),
          }),
        ),
        byStatement: costliestFirst(
          tallies,
          (tally) => tally.ms,
          (sql, tally) => ({
            sql,
            count: tally.count,
            totalMs: round(tally.ms),
            meanMs: round(tally.ms / tally.count),
            maxMs: round(tally.maxMs),
          }),
        ),
        longHolds,
      };
    },
  };
}

export type StatementProfile = ReturnType<typeof createStatementProfile>;

/** Writes the profile to `file` every `everyMs` (the last write is the whole run) until `stop`. */
export function writeProfileEvery(profile: StatementProfile, file: string, everyMs = 5000) {
  const write = () => fs.writeFileSync(file, `${JSON.stringify(profile.report(), null, 1)}\n`);
  const timer = setInterval(write, everyMs);
  timer.unref();
  return {
    stop(): void {
      clearInterval(timer);
      write();
    },
  };
}
