/**
 * The admin users search is served from the trigram indexes at shop scale (20,000 users): the
 * queries are captured exactly as accounts.repository.ts builds them, then EXPLAINed on PostgreSQL.
 * Runs only with TEST_DATABASE_URL (PGlite's planner statistics are not the server's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, isPostgresRun, type TestApp } from '../../../test/build-test-app.js';
import { capturePlans, type PlanCapture, scansOf } from '../../../test/query-plans.js';
import { findUserList } from './accounts.repository.js';

let t: TestApp;
let plans: PlanCapture;

describe.skipIf(!isPostgresRun)('admin user search at 20,000 users', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    plans = capturePlans(t.config.databaseUrl as string);
    await plans.pool.query(`
      insert into users (first_name, last_name, email, password_hash, created_at)
      select (array['Asha','Ravi','Sita','Kiran','Meena','Anil','Deepa','Gita'])[1 + g % 8],
             (array['Rao','Kumar','Iyer','Shah','Bose','Nair','Patel','Menon','Das'])[1 + (g / 8) % 9] || g,
             'shopper' || g || '@scale.example', 'x', now() - make_interval(mins => g)
      from generate_series(1, 20000) as g`);
    await plans.pool.query('vacuum analyze users');
  }, 60_000);

  afterAll(async () => {
    await plans?.close();
    await t?.close();
  });

  it('finds by name or email, and counts the matches, from the trigram indexes', async () => {
    for (const search of ['shopper1234@', 'Kumar123', 'sita iyer1']) {
      const found = await plans.plansOf(() =>
        findUserList(plans.db, { search, order: 'asc', paging: { limit: 50, offset: 0 } }),
      );
      expect(found).toHaveLength(2);
      for (const { sql, plan } of found) {
        const scans = scansOf('users', plan);
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
