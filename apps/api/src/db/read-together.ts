/**
 * Independent reads of one answer, sent together (decision 0068). On the embedded database every
 * statement waits its turn in the one database thread's queue (decision 0065): reads sent one after
 * another wait for their turn once each, so at the morning peak an answer of seven reads waited
 * seven times. Sent together they queue back to back and the answer waits once; a PostgreSQL pool
 * runs them side by side on its connections. Inside a transaction they still go one after another:
 * its one connection takes one statement at a time.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';

type Reads<T extends readonly unknown[]> = { readonly [K in keyof T]: () => Promise<T[K]> };

export async function readTogether<T extends readonly unknown[] | []>(db: Db | Tx, reads: Reads<T>): Promise<T> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as Promise<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
