/**
 * The admin users search is served from the trigram indexes at shop scale (20,000 users): the
 * queries are captured exactly as accounts.repository.ts builds them, then EXPLAINed on PostgreSQL.
 * Runs only with TEST_DATABASE_URL (PGlite's planner statistics are not the server's).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, isPostgresRun, type TestApp } from '../../../test/build-test-app.js';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { findUserList } from './accounts.repository.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const captured: { sql: string; params: unknown[] }[] = [];
let t: TestApp;
let pool: pg.Pool;
let db: Db;

function userScans(node: PlanNode, found: PlanNode[] = []): PlanNode[] {
  if (node['Relation Name'] === 'users' || node['Index Name']?.startsWith('users_')) found.push(node);
  for (const child of node.Plans ?? []) userScans(child, found);
  return found;
}

/** Runs a repository call and returns the plans of the statements it sent. */
async function plansOf(call: () => Promise<unknown>) {
  captured.length = 0;
  await call();
  const plans = [];
  for (const statement of [...captured]) {
    const result = await pool.query(`explain (format json) ${statement.sql}`, statement.params);
    const plan = (result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan as PlanNode;
    plans.push({ sql: statement.sql, plan });
  }
  return plans;
}

describe.skipIf(!isPostgresRun)('admin user search at 20,000 users', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
    db = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    }) as unknown as Db;
    await pool.query(`
      insert into users (first_name, last_name, email, password_hash, created_at)
      select (array['Asha','Ravi','Sita','Kiran','Meena','Anil','Deepa','Gita'])[1 + g % 8],
             (array['Rao','Kumar','Iyer','Shah','Bose','Nair','Patel','Menon','Das'])[1 + (g / 8) % 9] || g,
             'shopper' || g || '@scale.example', 'x', now() - make_interval(mins => g)
      from generate_series(1, 20000) as g`);
    await pool.query('vacuum analyze users');
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await t?.close();
  });

  it('finds by name or email, and counts the matches, from the trigram indexes', async () => {
    for (const search of ['shopper1234@', 'Kumar123', 'sita iyer1']) {
      const plans = await plansOf(() => findUserList(db, { search, order: 'asc', paging: { limit: 50, offset: 0 } }));
      expect(plans).toHaveLength(2);
      for (const { sql, plan } of plans) {
        const scans = userScans(plan);
        expect(scans.length, sql).toBeGreaterThan(0);
        for (const scan of scans) expect(scan['Node Type'], `${sql}\n${JSON.stringify(plan)}`).not.toBe('Seq Scan');
        const indexes = scans.map((scan) => scan['Index Name']).filter(Boolean);
        expect(indexes, JSON.stringify(plan)).toEqual(
          expect.arrayContaining(['users_name_trgm_idx', 'users_email_trgm_idx']),
        );
      }
    }
  });
});
