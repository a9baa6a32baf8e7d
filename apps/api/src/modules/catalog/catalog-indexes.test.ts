/**
 * Every catalogue listing query is served from an index at shop scale (10,000 products): the
 * queries are captured exactly as catalog.repository.ts builds them, then EXPLAINed on PostgreSQL.
 * Runs only with TEST_DATABASE_URL (PGlite's planner statistics are not the server's).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, isPostgresRun, type TestApp } from '../../../test/build-test-app.js';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import {
  type CatalogReads,
  findAdminProducts,
  findProducts,
  findRecentProducts,
  findSuggestions,
  type ProductFilter,
  prepareCatalogReads,
} from './catalog.repository.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const captured: { sql: string; params: unknown[] }[] = [];
let t: TestApp;
let pool: pg.Pool;
let reads: CatalogReads;
/** A database handle whose statements are captured, for the queries that are not prepared reads. */
let loggedDb: Db;
let categoryId: string;

function walk(node: PlanNode, visit: (node: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** Runs a repository call and returns the plans of the statements it sent. */
async function plansOf(call: () => Promise<unknown>): Promise<{ sql: string; plan: PlanNode }[]> {
  captured.length = 0;
  await call();
  const statements = [...captured];
  expect(statements.length).toBeGreaterThan(0);
  const plans = [];
  for (const statement of statements) {
    const result = await pool.query(`explain (format json) ${statement.sql}`, statement.params);
    const plan = (result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan as PlanNode;
    plans.push({ sql: statement.sql, plan });
  }
  return plans;
}

function productScans(plan: PlanNode): PlanNode[] {
  const scans: PlanNode[] = [];
  walk(plan, (node) => {
    if (node['Relation Name'] === 'products') scans.push(node);
  });
  return scans;
}

function expectIndexed(plans: { sql: string; plan: PlanNode }[]) {
  for (const { sql, plan } of plans) {
    const scans = productScans(plan);
    expect(scans.length, sql).toBeGreaterThan(0);
    for (const scan of scans) expect(scan['Node Type'], `${sql}\n${JSON.stringify(plan)}`).not.toBe('Seq Scan');
  }
}

describe.skipIf(!isPostgresRun)('catalogue queries at 10,000 products', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    }) as unknown as Db;
    loggedDb = db;
    reads = prepareCatalogReads(db);
    await pool.query(`
      insert into categories (name)
      select 'Category ' || g from generate_series(1, 30) as g`);
    await pool.query(`
      with cats as (select array_agg(id order by id) as a from categories)
      insert into products (name, aliases, rate_paise, stock_grams, weight_options_grams, category_id, created_at)
      select (array['Fresh','Organic','Farm','Ripe','Hill'])[1 + g % 5] || ' ' ||
               (array['Apple','Banana','Mango','Carrot','Tomato','Potato','Onion','Garlic','Lemon','Grapes',
                      'Okra','Peas','Beans','Papaya','Guava','Orange','Radish','Ginger','Mint','Corn'])[1 + (g / 5) % 20]
               || ' ' || g,
             case when g % 20 = 0 then array['tamatar', 'टमाटर'] else '{}' end,
             2000 + (g * 7919) % 48000, 100000, array[500, 1000], cats.a[1 + g % 30],
             now() - make_interval(mins => g)
      from generate_series(1, 10000) as g, cats`);
    await pool.query('vacuum analyze products');
    await pool.query('analyze categories');
    categoryId = (await pool.query<{ id: string }>(`select id from categories where name = 'Category 7'`)).rows[0]
      ?.id as string;
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await t?.close();
  });

  const page = { limit: 200, offset: 0 };

  it('reads the first page of the listing and the home page products from the newest-first index', async () => {
    const plans = await plansOf(() => findProducts(reads, {}, page));
    // The page itself walks products_created_idx; counting the whole catalogue reads every row by definition.
    const [rows] = plans;
    expectIndexed(rows ? [rows] : []);
    expect(productScans(rows?.plan as PlanNode).map((scan) => scan['Index Name'])).toContain('products_created_idx');
    expectIndexed(await plansOf(() => findRecentProducts(reads, 10)));
    expectIndexed(await plansOf(() => findProducts(reads, {}, { limit: 200, offset: 400 })).then((p) => p.slice(0, 1)));
  });

  /** Every scan of products in these plans reads the search text's trigram index. */
  function expectSearchIndex(plans: { sql: string; plan: PlanNode }[]) {
    expectIndexed(plans);
    for (const { sql, plan } of plans) {
      const indexes = new Set<string | undefined>();
      walk(plan, (node) => indexes.add(node['Index Name']));
      expect([...indexes], sql).toContain('products_search_trgm_idx');
    }
  }

  it('serves a keyword search, and its count, from the trigram index', async () => {
    const filter: ProductFilter = { keyword: 'mango' };
    const plans = await plansOf(() => findProducts(reads, filter, { limit: 20, offset: 0 }));
    // One statement: the search counts its matches in the pass that ranks them (count(*) over ()).
    expect(plans).toHaveLength(1);
    expectSearchIndex(plans);
    expectSearchIndex(await plansOf(() => findProducts(reads, { keyword: 'Ripe Okra 1' }, page)));
  });

  it('serves typo-tolerant, alias and Devanagari searches and suggestions from the trigram index', async () => {
    for (const keyword of ['tomatos', 'bananna', 'tamatar', 'टमाटर']) {
      const plans = await plansOf(() => findProducts(reads, { keyword }, { limit: 20, offset: 0 }));
      expect(plans.length, keyword).toBeGreaterThan(0);
      expectSearchIndex(plans);
      expectSearchIndex(await plansOf(() => findSuggestions(reads, keyword, 8)));
    }
    expectSearchIndex(await plansOf(() => findSuggestions(reads, 'tamat', 8)));
  });

  it('serves a typo-tolerant search for a word a fifth of the catalogue holds from the trigram index', async () => {
    // Word similarity costs microseconds a row: a scan of every product computing it took 40-60 ms
    // for "fresh" where the index takes 4 (migration 0027 tells the planner what it costs).
    for (const keyword of ['fresh', 'organic']) {
      const plans = await plansOf(() => findProducts(reads, { keyword }, { limit: 20, offset: 0 }));
      expectSearchIndex(plans);
    }
  });

  it('serves the admin table search, and its count, from the trigram index', async () => {
    const plans = await plansOf(() =>
      findAdminProducts(loggedDb, { search: 'Ripe Okra 12', order: 'asc', paging: { limit: 50, offset: 0 } }),
    );
    expect(plans).toHaveLength(2);
    expectIndexed(plans);
    expectIndexed(
      await plansOf(() =>
        findAdminProducts(loggedDb, {
          search: 'okra 1',
          sort: 'rate',
          order: 'desc',
          paging: { limit: 50, offset: 0 },
        }),
      ),
    );
  });

  it('serves a category and price filter, and its count, from the category-rate index', async () => {
    const filter: ProductFilter = { categoryIds: [categoryId], minRatePaise: 10_000, maxRatePaise: 20_000 };
    const plans = await plansOf(() => findProducts(reads, filter, { limit: 20, offset: 0 }));
    expect(plans).toHaveLength(2);
    expectIndexed(plans);
    expectIndexed(await plansOf(() => findProducts(reads, filter, page)));
    expectIndexed(await plansOf(() => findProducts(reads, { ...filter, keyword: 'mango' }, page)));
  });
});
