/**
 * For tests that a search is served from indexes at scale: a database handle that captures every
 * statement exactly as a repository builds it, then EXPLAINs those statements on PostgreSQL.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The plan's nodes that read `table`, by itself or through one of its indexes (named `{table}_...`). */
export function scansOf(table: string, node: PlanNode, found: PlanNode[] = []): PlanNode[] {
  if (node['Relation Name'] === table || node['Index Name']?.startsWith(`${table}_`)) found.push(node);
  for (const child of node.Plans ?? []) scansOf(table, child, found);
  return found;
}

export interface PlanCapture {
  /** A database handle whose statements are captured (give it to repository calls). */
  db: Db;
  /** The pool under it, for setting up data. */
  pool: pg.Pool;
  /** Runs repository calls and answers the plans of the statements they sent. */
  plansOf(call: () => Promise<unknown>): Promise<{ sql: string; plan: PlanNode }[]>;
  close(): Promise<void>;
}

export function capturePlans(databaseUrl: string): PlanCapture {
  const captured: { sql: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Db;
  return {
    db,
    pool,
    async plansOf(call) {
      captured.length = 0;
      await call();
      const plans = [];
      for (const statement of [...captured]) {
        const result = await pool.query(`explain (format json) ${statement.sql}`, statement.params);
        const plan = (result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan as PlanNode;
        plans.push({ sql: statement.sql, plan });
      }
      return plans;
    },
    close: () => pool.end(),
  };
}
