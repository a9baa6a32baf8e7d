/**
 * A throwaway database on the PostgreSQL server named by TEST_DATABASE_URL, for tests that need
 * a real server: `create` makes a new, empty database with a random name, `drop()` removes it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  /** Connection string of the new database. */
  url: string;
  /** Drops the database, closing any connections still open to it. */
  drop(): Promise<void>;
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
    const deadline = Date.now() + 2_000;
    while (Date.now() < deadline) {
      const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if ((open.rows[0] as { n: number }).n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<12 hex digits>` on the TEST_DATABASE_URL server (or the one `serverUrl` names). */
export async function createThrowawayDatabase(
  prefix: string,
  serverUrl = process.env.TEST_DATABASE_URL as string,
): Promise<ThrowawayDatabase> {
  const base = new URL(serverUrl);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOnServer(base, `create database ${name}`);
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropWhenClosed(base, name),
  };
}
