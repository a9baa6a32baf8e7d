/**
 * Statements as prepared statements in PostgreSQL's protocol (decision 0070): each text prepared
 * once and run as one message, the least recently used closed beyond the limit, a statement whose
 * table changed under it prepared again, errors as PGlite throws them. Against PGlite on this
 * thread, run as the database thread runs the bytes; pglite-thread.test.ts compares what the
 * thread reads back with PGlite's own query. PGlite only.
 */
import fs from 'node:fs';
import { type PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createPglite } from './pglite-create.js';
import { openWireStatements } from './pglite-wire.js';

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('statements in PostgreSQL protocol', () => {
  let pglite: PGlite;
  const sent: string[] = [];

  /** As the database thread runs them (pglite-worker.ts), here on one thread, outside transactions. */
  const runner = async (bytes: Uint8Array, _tx: number, label: string) => {
    sent.push(label);
    const chunks: Uint8Array[] = [];
    await pglite.execProtocolRawStream(bytes, { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
    return Buffer.concat(chunks);
  };
  const open = (maxPrepared?: number) => openWireStatements(runner, maxPrepared);

  beforeAll(async () => {
    const file = inject('pgliteSnapshotFile');
    pglite = await createPglite('memory://', file ? new Blob([fs.readFileSync(file)]) : undefined);
    await pglite.exec('create table wire_test (n integer primary key, name text)');
  });
  afterAll(() => pglite?.close());

  it('prepares a text once and runs it as one message after that', async () => {
    const wire = await open();
    sent.length = 0;
    for (const n of [1, 2, 3]) {
      await wire.query('insert into wire_test (n, name) values ($1, $2)', [n, `n${n}`], undefined, 0);
    }
    const read = await wire.query<{ n: number; name: string }>(
      'select n, name from wire_test where n > $1 order by n',
      [1],
      undefined,
      0,
    );
    expect(read.rows).toEqual([
      { n: 2, name: 'n2' },
      { n: 3, name: 'n3' },
    ]);
    expect(read.fields).toEqual([
      { name: 'n', dataTypeID: 23 },
      { name: 'name', dataTypeID: 25 },
    ]);
    expect(sent).toEqual([
      'PREPARE insert into wire_test (n, name) values ($1, $2)',
      'insert into wire_test (n, name) values ($1, $2)',
      'insert into wire_test (n, name) values ($1, $2)',
      'insert into wire_test (n, name) values ($1, $2)',
      'PREPARE select n, name from wire_test where n > $1 order by n',
      'select n, name from wire_test where n > $1 order by n',
    ]);
    const array = await wire.query('select n, name from wire_test where n = $1', [3], { rowMode: 'array' }, 0);
    expect(array.rows).toEqual([[3, 'n3']]);
  });

  it('prepares a new text once however many ask for it at the same time', async () => {
    const wire = await open();
    sent.length = 0;
    const answers = await Promise.all(
      [1, 2, 3].map((n) => wire.query<{ name: string }>('select name from wire_test where n = $1', [n], undefined, 0)),
    );
    expect(answers.map((answer) => answer.rows[0]?.name)).toEqual(['n1', 'n2', 'n3']);
    expect(sent.filter((label) => label.startsWith('PREPARE'))).toHaveLength(1);
  });

  it('closes the least recently used text beyond the limit and prepares it again when asked', async () => {
    const wire = await open(2);
    const texts = ['select 1 as a', 'select 2 as a', 'select 3 as a'];
    for (const text of texts) await wire.query(text, [], undefined, 0);
    // Closing is sent after the answer; the next statement waits behind it.
    await wire.query('select 2 as a', [], undefined, 0);
    expect(wire.preparedCount).toBeLessThanOrEqual(2);
    expect(sent).toContain('CLOSE a prepared statement');
    sent.length = 0;
    expect((await wire.query<{ a: number }>('select 1 as a', [], undefined, 0)).rows).toEqual([{ a: 1 }]);
    // Kept again, so another is closed to make room.
    expect(sent).toEqual(['PREPARE select 1 as a', 'select 1 as a', 'CLOSE a prepared statement']);
  });

  it('prepares a statement again when its table changed under it', async () => {
    const wire = await open();
    await pglite.exec('create table wire_changing (n integer)');
    await wire.query('insert into wire_changing values ($1)', [1], undefined, 0);
    expect((await wire.query('select * from wire_changing', [], undefined, 0)).rows).toEqual([{ n: 1 }]);
    await pglite.exec("alter table wire_changing add column name text not null default 'x'");
    expect((await wire.query('select * from wire_changing', [], undefined, 0)).rows).toEqual([{ n: 1, name: 'x' }]);
  });

  it("reads a run's rows as PGlite's own query does: types, nulls, a byte-order mark, a repeated name, counts", async () => {
    const wire = await open();
    const texts: [string, unknown[]][] = [
      [
        `select $1::text as t, '' as empty, null::int as nothing, decode('efbbbf', 'hex') as bom_bytes,
                convert_from(decode('efbbbf61', 'hex'), 'UTF8') as bom_text, 'आलू ₹' as hindi, 12.50::numeric as n,
                9007199254740993::bigint as big, true as yes, '{1,2}'::int[] as list, '{"a":[1]}'::jsonb as doc,
                '2026-11-30 10:00:00+05:30'::timestamptz as at, 1 as a, 2 as a`,
        ['aloo'],
      ],
      ['select n from wire_test where n < $1 order by n', [0]],
      ['update wire_test set name = name where n >= $1', [1]],
      ['select n, name from wire_test order by n', []],
    ];
    // PGlite's own parser reads the preparing, not the runs after it.
    const parserReads = vi.spyOn(protocol.Parser.prototype, 'parse');
    try {
      for (const [text, params] of texts) {
        await wire.query(text, params, undefined, 0);
        for (const options of [undefined, { rowMode: 'array' as const }]) {
          const theirs = await pglite.query(text, params, options);
          parserReads.mockClear();
          const ours = await wire.query(text, params, options, 0);
          expect(parserReads).not.toHaveBeenCalled();
          expect({ ...ours, rows: ours.rows }).toEqual({ ...theirs, rows: theirs.rows });
        }
      }
    } finally {
      parserReads.mockRestore();
    }
  });

  it("throws PostgreSQL's error with the statement on it, as PGlite does, and keeps nothing of a text that failed", async () => {
    const wire = await open();
    const failure = await wire
      .query('insert into wire_test (n, name) values ($1, $2)', [1, 'again'], undefined, 0)
      .catch((error: unknown) => error as Record<string, unknown>);
    expect(failure).toMatchObject({
      code: '23505',
      constraint: 'wire_test_pkey',
      query: 'insert into wire_test (n, name) values ($1, $2)',
      params: [1, 'again'],
    });
    expect(failure).toBeInstanceOf(Error);
    const before = wire.preparedCount;
    await expect(wire.query('select nothing from nowhere', [], undefined, 0)).rejects.toMatchObject({ code: '42P01' });
    expect(wire.preparedCount).toBe(before);
  });
});
