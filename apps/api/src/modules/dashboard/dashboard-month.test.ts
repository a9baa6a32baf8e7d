/**
 * The month's rows per product (decision 0072): a start adds them up again when they disagree with
 * the per-date rows (a hand edit, a restore of a backup from before them). And on PostgreSQL, two
 * transactions on two connections: a move of the window waits for a transaction that is adding to
 * the month, and a write waits for a move in progress; either way the month then holds the product
 * figures of its window, no date counted twice or lost. A move also waits for a recount that holds
 * the tables, without holding the window's row meanwhile (they would deadlock). Each waiting
 * transaction is seen waiting on a lock in `pg_stat_activity` before the other one goes on (no
 * timing). PGlite has one connection: nothing to interleave.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, isPostgresRun, type TestApp } from '../../../test/build-test-app.js';
import type { Tx } from '../../db/client.js';
import { addProductFigures, keepMonthTrue, monthAgreesWithDays, moveMonthWindow } from './dashboard.figures.js';

let t: TestApp;

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (query: Promise<unknown>) => ((await query) as Rows).rows;

/** Resolves once the backend `pid` waits on a lock (polled: the wait is a state, not a duration). */
async function waitingOnLock(pid: number): Promise<void> {
  for (;;) {
    const [row] = await rowsOf(t.db.execute(sql`select wait_event_type from pg_stat_activity where pid = ${pid}`));
    if (row?.wait_event_type === 'Lock') return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const backendPid = async (tx: Tx) => Number((await rowsOf(tx.execute(sql`select pg_backend_pid() as pid`)))[0]?.pid);

/**
 * Runs `hold` in a transaction kept open until `wait`, in a transaction on another connection, is
 * seen waiting on a lock; then the first one goes on (`andThen`, still inside it) and commits.
 * Answers what `wait` answered.
 */
async function waitsBehind<T>(
  hold: (tx: Tx) => Promise<unknown>,
  wait: (tx: Tx) => Promise<T>,
  andThen: (tx: Tx) => Promise<unknown> = async () => {},
): Promise<T> {
  const held = gate();
  const waiting = gate();
  const holder = t.db.transaction(async (tx) => {
    await hold(tx);
    held.open();
    await waiting.opened;
    await andThen(tx);
  });
  await held.opened;
  const waiter = t.db.transaction(async (tx) => {
    const pid = await backendPid(tx);
    const answer = wait(tx);
    await waitingOnLock(pid);
    waiting.open();
    return answer;
  });
  await holder;
  return waiter;
}

/** Two shop dates' sales of one product: 2 kg on the first, 3 kg on the second. */
const sales = (productId: string, first: string, second: string) => [
  { shopDate: first, productId, name: 'Desi Tomato', unit: 'kg', lines: 1, quantityGrams: 2000, amountPaise: 8000 },
  { shopDate: second, productId, name: 'Desi Tomato', unit: 'kg', lines: 1, quantityGrams: 3000, amountPaise: 12000 },
];

const monthOf = (productId: string) =>
  rowsOf(
    t.db.execute(
      sql`select lines, quantity_grams::int as grams from dashboard_product_month where product_id = ${productId}::uuid`,
    ),
  );

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a start keeps the month true', () => {
  it('adds it up again after a hand edit, and after a restore of a backup without it', async () => {
    const productId = randomUUID();
    await t.db.transaction((tx) => moveMonthWindow(tx, '2026-03-01'));
    await t.db.transaction((tx) => addProductFigures(tx, sales(productId, '2026-02-20', '2026-03-05')));
    expect(await t.db.transaction((tx) => keepMonthTrue(tx))).toBe(false);

    await t.db.execute(sql`update dashboard_product_month set lines = lines + 1 where product_id = ${productId}::uuid`);
    expect(await t.db.transaction((tx) => monthAgreesWithDays(tx))).toBe(false);
    expect(await t.db.transaction((tx) => keepMonthTrue(tx))).toBe(true);
    expect(await monthOf(productId)).toEqual([{ lines: 1, grams: 3000 }]);

    // A backup from before the month: neither its rows nor its window.
    await t.db.execute(sql`delete from dashboard_product_month`);
    await t.db.execute(sql`delete from dashboard_month_window`);
    expect(await t.db.transaction((tx) => keepMonthTrue(tx))).toBe(true);
    expect(await t.db.transaction((tx) => monthAgreesWithDays(tx))).toBe(true);
    const [window] = await rowsOf(t.db.execute(sql`select count(*)::int as n from dashboard_month_window`));
    expect(window?.n).toBe(1);
  });
});

describe.skipIf(!isPostgresRun)("the month's window beside the order moments", () => {
  it('moves only once a transaction adding to the month has committed, and then takes its dates away', async () => {
    await t.db.transaction((tx) => moveMonthWindow(tx, '2026-01-01'));
    const productId = randomUUID();
    const moved = await waitsBehind(
      (tx) => addProductFigures(tx, sales(productId, '2026-01-01', '2026-01-05')),
      (tx) => moveMonthWindow(tx, '2026-01-03'),
    );
    expect(moved).toBe(true);
    // The 1st left the window with the move: only the 5th's 3 kg.
    expect(await monthOf(productId)).toEqual([{ lines: 1, grams: 3000 }]);
    expect(await t.db.transaction((tx) => monthAgreesWithDays(tx))).toBe(true);
  });

  it('adds to the month only the dates inside the window a move in progress leaves', async () => {
    await t.db.transaction((tx) => moveMonthWindow(tx, '2026-02-01'));
    const productId = randomUUID();
    await waitsBehind(
      (tx) => moveMonthWindow(tx, '2026-02-03'),
      (tx) => addProductFigures(tx, sales(productId, '2026-02-01', '2026-02-05')),
    );
    // The 1st is before the moved window: its 2 kg are in the day's figures, not in the month.
    expect(await monthOf(productId)).toEqual([{ lines: 1, grams: 3000 }]);
    expect(await t.db.transaction((tx) => monthAgreesWithDays(tx))).toBe(true);
  });

  it('waits for a recount that holds the tables, without holding the window first (no deadlock)', async () => {
    await t.db.transaction((tx) => moveMonthWindow(tx, '2026-04-01'));
    // What recountFigures does: the tables first, then the window's row.
    const moved = await waitsBehind(
      (tx) =>
        tx.execute(
          sql`lock table dashboard_product_figures, dashboard_product_month, dashboard_month_window in share row exclusive mode`,
        ),
      (tx) => moveMonthWindow(tx, '2026-04-03'),
      (tx) => tx.execute(sql`update dashboard_month_window set first_date = '2026-04-02'`),
    );
    expect(moved).toBe(true);
    const [window] = await rowsOf(
      t.db.execute(sql`select to_char(first_date, 'YYYY-MM-DD') as first from dashboard_month_window`),
    );
    expect(window?.first).toBe('2026-04-03');
  });
});
