/**
 * A throwaway database on the PostgreSQL server named by TEST_DATABASE_URL, for tests that need
 * a real server: `create` makes a new, empty database with a random name, `drop()` removes it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface ThrowawayDatabase {
  /** Connection string of the new database. */
  url: string;
  /** Drops the database, closing any connections still open to it. */
  drop(): Promise<void>;
  /**
   * Waits until the connections to it have closed: a database can be cloned only while nobody is
   * connected to it, and a pool's `end()` resolves before its sockets have closed.
   */
  whenUnused(): Promise<void>;
}

/** Runs one statement on the TEST_DATABASE_URL server's own database. */
async function runOnServer(base: URL, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/**
 * Drops `name` once its connections have ended (at most 2 s), then with `force` for any left. A
 * pool's `end()` resolves before its sockets have closed: dropping at once would terminate those
 * connections mid-close, and the driver throws that as an uncaught error in the test's process.
 */
async function dropWhenClosed(base: URL, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  try {
    await waitForNoConnections(client, name);
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/** Waits (at most 2 s) until no session is connected to database `name`. */
async function waitForNoConnections(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if ((open.rows[0] as { n: number }).n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Creates `<prefix>_<12 hex digits>` on the TEST_DATABASE_URL server (or the one `serverUrl` names):
 * empty, or with `template` a copy of that database (the run's migrated one: `migratedTemplate()`).
 */
export async function createThrowawayDatabase(
  prefix: string,
  serverUrl = process.env.TEST_DATABASE_URL as string,
  template?: string,
): Promise<ThrowawayDatabase> {
  const base = new URL(serverUrl);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOnServer(base, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropWhenClosed(base, name),
    async whenUnused() {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      try {
        await waitForNoConnections(client, name);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The database the run migrated once (test/global-setup.ts, decision 0054), to clone with
 * `createThrowawayDatabase(prefix, url, migratedTemplate())`; undefined outside such a run.
 */
export function migratedTemplate(): string | undefined {
  return inject('postgresTemplate') || undefined;
}
