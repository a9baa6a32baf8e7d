/** Independent reads go out together on the database handle, one after another in a transaction. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import type { Db, Tx } from './client.js';
import { readTogether } from './read-together.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** Three reads that note when each starts and ends. */
function notedReads(db: Db | Tx, steps: string[]) {
  const read = (n: number) => async () => {
    steps.push(`start ${n}`);
    const result = (await db.execute(sql`select ${n}::int as n`)) as { rows: { n: number }[] };
    steps.push(`end ${n}`);
    return result.rows[0]?.n;
  };
  return [read(1), read(2), read(3)] as const;
}

describe('readTogether', () => {
  it('sends every read before the first answer comes back, and answers them in their order', async () => {
    const steps: string[] = [];
    const answers = await readTogether(t.db, notedReads(t.db, steps));
    expect(answers).toEqual([1, 2, 3]);
    expect(steps.slice(0, 3)).toEqual(['start 1', 'start 2', 'start 3']);
  });

  it('reads one after another inside a transaction, whose connection takes one statement at a time', async () => {
    const steps: string[] = [];
    const answers = await t.db.transaction((tx) => readTogether(tx, notedReads(tx, steps)));
    expect(answers).toEqual([1, 2, 3]);
    expect(steps).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('keeps each answer its own type', async () => {
    const [count, name] = await readTogether(t.db, [async () => 42, async () => 'aloo']);
    expect(count.toFixed(0)).toBe('42');
    expect(name.toUpperCase()).toBe('ALOO');
  });

  it('fails with the read that failed', async () => {
    await expect(
      readTogether(t.db, [async () => 1, () => t.db.execute(sql`select * from no_such_table`)]),
    ).rejects.toThrow(/no_such_table/);
  });
});
