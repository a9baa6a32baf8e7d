/**
 * The embedded database in its own thread (decision 0065): what drizzle reads back is what PGlite
 * on the event loop gives (every column type the schema uses), errors keep PostgreSQL's fields,
 * transactions are PGlite's own (their statements inside, everything else waiting for them), and
 * the event loop goes on turning while a statement runs. PGlite only.
 */
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openMigratedPglite } from '../../test/migrated-database.js';
import { type Database, openDatabase } from './client.js';
import { bytea } from './columns.js';

const everyType = pgTable('every_type', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  grams: integer('grams').notNull(),
  position: smallint('position').notNull(),
  paise: bigint('paise', { mode: 'number' }).notNull(),
  isOpen: boolean('is_open').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  changes: jsonb('changes').$type<{ from: string; to: number[] }>().notNull(),
  picture: bytea('picture').notNull(),
  days: smallint('days').array().notNull(),
  aliases: text('aliases').array().notNull(),
  zoneIds: uuid('zone_ids').array().notNull(),
  emptyText: text('empty_text'),
});

const CREATE = sql`create table every_type (
  id uuid primary key default gen_random_uuid(), name text not null, grams integer not null,
  position smallint not null, paise bigint not null, is_open boolean not null, day date not null,
  at timestamptz not null, changes jsonb not null, picture bytea not null, days smallint[] not null,
  aliases text[] not null, zone_ids uuid[] not null, empty_text text,
  constraint every_type_name_unique unique (name))`;

const ROW = {
  name: 'आलू "new" \u00e9',
  grams: 1_250,
  position: 3,
  paise: 9_007_199_254_740,
  isOpen: true,
  day: '2026-11-30',
  at: new Date('2026-11-29T06:30:12.345Z'),
  changes: { from: 'Processing', to: [1, 2, 3] },
  picture: Buffer.from([0, 1, 2, 253, 254, 255]),
  days: [1, 3, 5],
  aliases: ['aloo', 'बटाटा', 'with, comma', 'with "quote"'],
  zoneIds: ['6f1c2a34-8e0e-4a53-9a7b-0f5d3c0b1e21'],
  emptyText: null,
};

async function whatIsReadBack(database: Database) {
  const { db } = database;
  await db.execute(CREATE);
  await db.insert(everyType).values(ROW);
  const [row] = await db.select().from(everyType).where(eq(everyType.name, ROW.name));
  const raw = await db.execute(
    sql`select *, paise::numeric * 1.5 as half_again, interval '1 day 02:00' as span, now() - now() as zero from every_type`,
  );
  const counted = await db.$count(everyType);
  return { row, raw: (raw as unknown as { rows: unknown[] }).rows, counted };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite in its own thread', () => {
  let threaded: Database;
  let inline: Database;

  beforeAll(async () => {
    const file = inject('pgliteSnapshotFile');
    const snapshot = file ? new Blob([fs.readFileSync(file)]) : undefined;
    [threaded, inline] = await Promise.all([
      openMigratedPglite(),
      openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: snapshot, pgliteThread: false }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([threaded?.close(), inline?.close()]);
  });

  it('reads back every column type the schema uses as PGlite on the event loop does', async () => {
    const [fromThread, fromLoop] = await Promise.all([whatIsReadBack(threaded), whatIsReadBack(inline)]);
    const { id: threadId, ...threadRow } = fromThread.row ?? { id: '' };
    const { id: loopId, ...loopRow } = fromLoop.row ?? { id: '' };
    expect(threadRow).toEqual(loopRow);
    expect(threadRow).toEqual(ROW);
    expect(Buffer.isBuffer(fromThread.row?.picture)).toBe(true);
    expect(fromThread.row?.at).toBeInstanceOf(Date);
    const withoutId = (rows: unknown[]) => rows.map((row) => ({ ...(row as object), id: undefined }));
    expect(withoutId(fromThread.raw)).toEqual(withoutId(fromLoop.raw));
    expect(fromThread.raw[0]).toMatchObject({
      half_again: '13510798882110.0',
      span: '1 day 02:00:00',
      zero: '00:00:00',
    });
    expect(fromThread.counted).toBe(1);
    expect([threadId, loopId].every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
  });

  it("keeps PostgreSQL's error code and constraint under drizzle's wrapper", async () => {
    const failure = await threaded.db
      .insert(everyType)
      .values(ROW)
      .then(
        () => null,
        (error: unknown) => error as { cause?: { code?: string; constraint?: string; message?: string } },
      );
    expect(failure?.cause).toMatchObject({ code: '23505', constraint: 'every_type_name_unique' });
    expect(failure?.cause?.message).toContain('duplicate key');
  });

  it('runs a transaction as PGlite does: its statements inside it, every other one after it', async () => {
    const { db } = threaded;
    await db.execute(sql`create table ledger (n integer primary key)`);
    const seen: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger values (1)`);
      // Asked while the transaction is open: waits for PGlite's lock, so it sees the commit.
      outside = db.execute(sql`select count(*)::int as n from ledger`).then((result) => {
        seen.push(`outside saw ${(result as unknown as { rows: { n: number }[] }).rows[0]?.n}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(sql`insert into ledger values (2)`);
      seen.push('inside done');
    });
    await outside;
    expect(seen).toEqual(['inside done', 'outside saw 2']);

    // A failure rolls the whole transaction back; a nested one is a savepoint that rolls back alone.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into ledger values (3)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger values (4)`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into ledger values (5)`);
          await inner.execute(sql`insert into ledger values (4)`);
        }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
    });
    const left = await db.execute(sql`select n from ledger order by n`);
    expect((left as unknown as { rows: { n: number }[] }).rows.map((row) => row.n)).toEqual([1, 2, 4]);
  });

  it('runs a new text asked outside an open transaction and then inside it, neither waiting for the other', async () => {
    const { db } = threaded;
    const text = sql`select 40 + 2 as n`;
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      // Prepared outside any transaction (pglite-wire.ts): it waits for this one to end.
      outside = db.execute(text);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The same text inside cannot wait for that: it is prepared for this run alone.
      const inside = await tx.execute(text);
      expect((inside as unknown as { rows: unknown[] }).rows).toEqual([{ n: 42 }]);
    });
    expect(((await outside) as { rows: unknown[] }).rows).toEqual([{ n: 42 }]);
    expect(((await db.execute(text)) as unknown as { rows: unknown[] }).rows).toEqual([{ n: 42 }]);
  });

  it('runs transactions asked for at once one after another, their first statements waiting for their BEGIN', async () => {
    const { db } = threaded;
    await db.execute(sql`create table turns (who text, n integer)`);
    const write = (who: string) =>
      db.transaction(async (tx) => {
        // Sent behind BEGIN before it is answered; the second transaction's wait for the first.
        await tx.execute(sql`insert into turns values (${who}, 1)`);
        const seen = await tx.execute(sql`select count(*)::int as n from turns`);
        await tx.execute(sql`insert into turns values (${who}, 2)`);
        return (seen as unknown as { rows: { n: number }[] }).rows[0]?.n;
      });
    const seen = await Promise.all([write('first'), write('second'), write('third')]);
    // Each saw the rows of those before it and its own first, never a half of another's.
    expect([...seen].sort()).toEqual([1, 3, 5]);
    const rows = await db.execute(sql`select count(*)::int as n from turns`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(6);
  });

  it("answers a transaction's statements, large answers and errors alike", async () => {
    const { db } = threaded;
    const answers = await db.transaction(async (tx) => {
      const small = [];
      for (let n = 0; n < 30; n += 1) small.push(await tx.execute(sql`select ${n}::int as n`));
      const large = await tx.execute(sql`select repeat('x', 300000) as text`);
      const failed = await tx
        .transaction(async (inner) => {
          await inner.execute(sql`select 1 / 0`);
        })
        .catch((error: unknown) => error as { cause?: { code?: string } });
      const after = await tx.execute(sql`select 'still open' as state`);
      return { small, large, failed, after };
    });
    const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
    expect(answers.small.map((result) => rowsOf(result)[0]?.n)).toEqual([...Array(30).keys()]);
    expect(String(rowsOf(answers.large)[0]?.text)).toHaveLength(300000);
    expect(answers.failed?.cause?.code).toBe('22012');
    expect(rowsOf(answers.after)).toEqual([{ state: 'still open' }]);
  });

  it('leaves the event loop free while a statement runs', async () => {
    const heavy = sql`select count(*)::int as n from generate_series(1, 200000) as g where md5(g::text) like '00%'`;
    const order: string[] = [];
    let turns = 0;
    let running = true;
    const spin = () => {
      turns += 1;
      if (running) setImmediate(spin);
    };
    setImmediate(() => order.push('a turn of the loop'));
    setImmediate(spin);
    await threaded.db.execute(heavy).then(() => order.push('the statement'));
    running = false;
    expect(order).toEqual(['a turn of the loop', 'the statement']);
    expect(turns).toBeGreaterThan(10);

    // On the event loop, the same statement holds every turn until it is done.
    const onLoop: string[] = [];
    setImmediate(() => onLoop.push('a turn of the loop'));
    await inline.db.execute(heavy).then(() => onLoop.push('the statement'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(onLoop).toEqual(['the statement', 'a turn of the loop']);
  });

  it('collects its heap when asked, in the middle of a transaction too, and goes on answering', async () => {
    expect(threaded.collectGarbage).toBeTypeOf('function');
    await threaded.collectGarbage?.();
    const inside = await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await threaded.collectGarbage?.();
      return tx.execute(sql`select 2 as n`);
    });
    expect((inside as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 2 }]);
    // On the event loop there is no thread of its own: the caller collects its heap itself.
    expect(inline.collectGarbage).toBeTypeOf('function');
    await inline.collectGarbage?.();
  });

  it('parses rows with any parser, refuses one it cannot send with several statements, and a closed database answers no more', async () => {
    const client = (
      threaded.db as unknown as {
        $client: {
          query(...args: unknown[]): Promise<{ rows: unknown[] }>;
          exec(...args: unknown[]): Promise<unknown>;
        };
      }
    ).$client;
    const upper = { parsers: { 25: (value: string) => value.toUpperCase() } };
    // A statement's rows are parsed on this thread (pglite-wire.ts): its parsers need not cross.
    expect((await client.query("select 'aloo'::text as name", [], upper)).rows).toEqual([{ name: 'ALOO' }]);
    await expect(client.exec("select 'aloo'::text", upper)).rejects.toThrow('cannot be sent to the database thread');
    const other = await openMigratedPglite();
    await other.close();
    await expect(other.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: 'PGlite is closed' } });
  });
});
