/**
 * The shop's PostgreSQL connections run without parallel workers (decision 0051), and an operator's
 * own session settings still win. The server checks run only with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgresRun } from '../../test/build-test-app.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/postgres-database.js';
import { connectionOptions, type Database, openDatabase } from './client.js';

describe('connectionOptions', () => {
  it('turns parallel workers off and adds PGOPTIONS after, so its settings win', () => {
    expect(connectionOptions(undefined)).toBe('-c max_parallel_workers_per_gather=0');
    expect(connectionOptions('  ')).toBe('-c max_parallel_workers_per_gather=0');
    expect(connectionOptions('-c max_parallel_workers_per_gather=2 -c work_mem=8MB')).toBe(
      '-c max_parallel_workers_per_gather=0 -c max_parallel_workers_per_gather=2 -c work_mem=8MB',
    );
  });
});

describe.runIf(isPostgresRun)('a PostgreSQL connection of the shop', () => {
  let throwaway: ThrowawayDatabase;
  const opened: Database[] = [];

  async function settingOn(databaseUrl: string): Promise<string> {
    const database = await openDatabase({ databaseUrl });
    opened.push(database);
    const result = (await database.db.execute(sql`show max_parallel_workers_per_gather`)) as {
      rows: { max_parallel_workers_per_gather: string }[];
    };
    return result.rows[0]?.max_parallel_workers_per_gather ?? '';
  }

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase('mandi_client');
  });
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await throwaway?.drop();
  });

  it('plans every query without parallel workers', async () => {
    expect(await settingOn(throwaway.url)).toBe('0');
  });

  it("keeps an options parameter of DATABASE_URL instead of the shop's", async () => {
    const url = new URL(throwaway.url);
    url.searchParams.set('options', '-c max_parallel_workers_per_gather=1');
    expect(await settingOn(url.toString())).toBe('1');
  });
});
