/**
 * The database thread's profile (`PGLITE_PROFILE`): each statement's own time, tallied by its text,
 * and the transactions' hold on the database against their statements' work, in all and by their
 * first statement. PGlite only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.js';
import { createStatementProfile, type StatementProfileReport, statementKey } from './pglite-profile.js';

describe('statementKey', () => {
  it('names a statement by its text on one line, marking one inside a transaction', () => {
    expect(statementKey('select *\n  from  orders\twhere id = $1 ', false)).toBe('select * from orders where id = $1');
    expect(statementKey('insert into orders values ($1)', true)).toBe('T insert into orders values ($1)');
  });
});

describe('createStatementProfile', () => {
  it("tallies each statement's time inside PGlite's exclusive section, not its wait for it", async () => {
    let clock = 0;
    const profile = createStatementProfile(() => clock);
    // A stand-in for PGlite: every statement waits 5 ms for the section, then works 2 ms in it.
    const pglite = {
      async _runExclusiveQuery<T>(section: () => Promise<T>): Promise<T> {
        clock += 5;
        return section();
      },
    };
    expect(profile.wrap(pglite)).toBe(true);
    const statement = (text: string, tx: number) =>
      profile.statement(text, tx, () =>
        pglite._runExclusiveQuery(async () => {
          clock += 2;
        }),
      );
    await statement('select 1', 0);
    await statement('select 1', 0);
    profile.transactionBegan(7);
    await statement('update products set stock = 1', 7);
    clock += 10;
    profile.transactionEnded(7);
    // Outside any statement (PGlite's own work): not counted.
    await pglite._runExclusiveQuery(async () => {
      clock += 100;
    });

    const report = profile.report();
    expect(report.statements).toBe(3);
    expect(report.statementMs).toBe(6);
    expect(report.byStatement).toEqual([
      { sql: 'select 1', count: 2, totalMs: 4, meanMs: 2, maxMs: 2 },
      { sql: 'T update products set stock = 1', count: 1, totalMs: 2, meanMs: 2, maxMs: 2 },
    ]);
    expect(report.transactions).toEqual({ count: 1, heldMs: 17, statementMs: 2, longestHeldMs: 17 });
    // The transaction named by its first statement: its hold, its work and how many statements.
    expect(report.byTransaction).toEqual([
      {
        first: 'T update products set stock = 1',
        count: 1,
        heldMs: 17,
        statementMs: 2,
        meanStatements: 1,
        maxHeldMs: 17,
      },
    ]);
  });

  it('lists each statement and transaction that held the database 20 ms or more, with its wall-clock start', async () => {
    let clock = 1000;
    const profile = createStatementProfile(() => clock);
    const pglite = {
      async _runExclusiveQuery<T>(section: () => Promise<T>): Promise<T> {
        return section();
      },
    };
    profile.wrap(pglite);
    const statement = (text: string, tx: number, ms: number) =>
      profile.statement(text, tx, () =>
        pglite._runExclusiveQuery(async () => {
          clock += ms;
        }),
      );
    await statement('select short', 0, 19);
    profile.transactionBegan(3);
    await statement('select long', 3, 25);
    clock += 5;
    profile.transactionEnded(3);

    expect(profile.report().longHolds).toEqual([
      { at: Math.round(performance.timeOrigin + 1019), ms: 25, what: 'statement', sql: 'T select long' },
      { at: Math.round(performance.timeOrigin + 1019), ms: 30, what: 'transaction', sql: 'T select long' },
    ]);
  });

  it('says so when PGlite has no exclusive section to time', () => {
    expect(createStatementProfile().wrap({})).toBe(false);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGLITE_PROFILE on the database thread', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-profile-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes the thread's statements and transactions to the file, the last time as the database closes", async () => {
    const file = path.join(dir, 'profile.json');
    // The run's migrated database, as every test opens it (decision 0054): no initdb here.
    const snapshotFile = inject('pgliteSnapshotFile');
    const pgliteSnapshot = snapshotFile ? new Blob([fs.readFileSync(snapshotFile)]) : undefined;
    const database = await openDatabase({ pgliteDir: 'memory://', pgliteSnapshot, pgliteProfile: file });
    await database.db.execute(sql`create table counted (n integer)`);
    await database.db.execute(sql`select count(*) from counted`);
    await database.db.execute(sql`select count(*) from counted`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into counted values (1)`);
    });
    await database.close();

    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as StatementProfileReport;
    const tally = (text: string) => report.byStatement.find((row) => row.sql === text);
    // Prepared the first time (pglite-wire.ts), then run twice.
    expect(tally('PREPARE select count(*) from counted')?.count).toBe(1);
    expect(tally('select count(*) from counted')?.count).toBe(2);
    expect(tally('T insert into counted values (1)')?.count).toBe(1);
    expect(tally('BEGIN, and its COMMIT or ROLLBACK')?.count).toBe(2);
    expect(report.transactions.count).toBe(1);
    expect(report.transactions.heldMs).toBeGreaterThanOrEqual(report.transactions.statementMs);
    expect(report.statementMs).toBeGreaterThan(0);
  });

  it('refuses to profile PGlite on the event loop, which has no thread to profile', async () => {
    await expect(
      openDatabase({ pgliteDir: 'memory://', pgliteThread: false, pgliteProfile: path.join(dir, 'never.json') }),
    ).rejects.toThrow('PGLITE_PROFILE needs the database thread (PGLITE_WORKER=on)');
  });
});
