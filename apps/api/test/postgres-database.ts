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
    drop: () => runOnServer(base, `drop database if exists ${name} with (force)`),
  };
}
