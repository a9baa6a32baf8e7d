/** GET /api/admin/products: the admin products table's list, paged, searched and sorted on the server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct, createUser, loginAs } from '../../../test/factories.js';

interface ListedProduct {
  _id: string;
  name: string;
  rate: number;
  stocks: number;
  category: { _id: string; categoryName: string };
  createdAt: string;
  costRate?: number | null;
  plu?: number | null;
}
interface ProductList {
  success: true;
  products: ListedProduct[];
  productsDocCount: number;
}

let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
/** Every product made here, as the listing shows it, oldest first. */
const made: { id: string; name: string; rate: number; stocks: number; category: string; createdAt: Date }[] = [];

const NAMES = [
  'Apple Green',
  'banana Robusta',
  'Carrot Ooty',
  'Drumstick',
  '100% Mango',
  'Mango_Ripe',
  'MangoXRipe',
  'eggplant Long',
  'Fig Dried',
  'Guava Pink',
];

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_PER_IP: '100000' });
  const admin = await createUser(t.db, { role: 'Admin' });
  adminCookie = await loginAs(t.app, admin.email);
  const shopper = await createUser(t.db);
  shopperCookie = await loginAs(t.app, shopper.email);
  const fruit = await createCategory(t.db, 'Fruits');
  const vegetables = await createCategory(t.db, 'vegetables');
  const start = Date.UTC(2026, 0, 1);
  for (const [index, name] of NAMES.entries()) {
    const category = index % 2 === 0 ? fruit : vegetables;
    // Rates repeat (ties are broken by id), stock 0 for every third product.
    const rate = [40, 60, 40, 80, 60][index % 5] as number;
    const stocks = index % 3 === 0 ? 0 : index + 1;
    const createdAt = new Date(start + index * 60_000);
    const row = await createProduct(t.db, { name, rate, stockKg: stocks, categoryId: category.id, createdAt });
    made.push({ id: row.id, name, rate, stocks, category: category.name, createdAt });
  }
});
afterAll(() => t.close());

const list = (query = '', cookie: string | null = adminCookie) =>
  t.app.inject({ method: 'GET', url: `/api/admin/products${query}`, headers: cookie ? { cookie } : {} });

async function listed(query = ''): Promise<ProductList> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return body<ProductList>(response);
}

const ids = (data: ProductList) => data.products.map((product) => product._id);
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newestFirst = () => [...made].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((p) => p.id);

describe('GET /api/admin/products', () => {
  it('without paging answers every product, newest first, in the shop listing shapes', async () => {
    const data = await listed();
    expect(data.success).toBe(true);
    expect(data.productsDocCount).toBe(NAMES.length);
    expect(ids(data)).toEqual(newestFirst());
    const shop = body<ProductList>(await t.app.inject({ method: 'GET', url: '/api/product/getAllProducts' }));
    // The admin's rows add the cost per unit (null before any purchase; decision 0035), never shown to shoppers.
    // The admin's own fields beside the shop's: the cost rate and the PLU (decision 0060).
    expect(data.products.map(({ costRate, plu, ...shown }) => shown)).toEqual(shop.products);
    expect(data.products.map((product) => product.costRate)).toEqual(data.products.map(() => null));
    expect(data.products.map((product) => product.plu)).toEqual(data.products.map(() => null));
  });

  it('pages: pages put together are the whole list, and the count counts every product', async () => {
    const pages: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const data = await listed(`?page=${page}&limit=3`);
      expect(data.productsDocCount).toBe(NAMES.length);
      expect(data.products.length).toBe(page < 4 ? 3 : 1);
      pages.push(...ids(data));
    }
    expect(pages).toEqual(newestFirst());
    const beyond = await listed('?page=9&limit=3');
    expect(beyond.products).toEqual([]);
    expect(beyond.productsDocCount).toBe(NAMES.length);
  });

  it('takes 50 a page when only the page is given', async () => {
    const data = await listed('?page=1');
    expect(data.products.length).toBe(NAMES.length);
    expect(data.productsDocCount).toBe(NAMES.length);
  });

  it('searches names as plain text in any case, % and _ included', async () => {
    const names = async (q: string) =>
      (await listed(`?q=${encodeURIComponent(q)}`)).products.map((product) => product.name).sort();
    expect(await names('MANGO')).toEqual(['100% Mango', 'MangoXRipe', 'Mango_Ripe'].sort());
    expect(await names('%')).toEqual(['100% Mango']);
    expect(await names('0% m')).toEqual(['100% Mango']);
    expect(await names('mango_r')).toEqual(['Mango_Ripe']);
    expect(await names('_')).toEqual(['Mango_Ripe']);
    expect(await names('\\')).toEqual([]);
    expect(await names('  apple  ')).toEqual(['Apple Green']);
    expect(await names('no such thing')).toEqual([]);
    // An empty search is no search.
    expect((await listed('?q=')).productsDocCount).toBe(NAMES.length);
  });

  it('counts the matches of a search and pages through them', async () => {
    const first = await listed('?q=mango&page=1&limit=2&sort=name');
    const second = await listed('?q=mango&page=2&limit=2&sort=name');
    expect(first.productsDocCount).toBe(3);
    expect(second.productsDocCount).toBe(3);
    expect([...ids(first), ...ids(second)]).toEqual(ids(await listed('?q=mango&sort=name')));
    expect(second.products.length).toBe(1);
  });

  it('sorts by name in any case, both ways', async () => {
    const expected = [...made].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase(), 'en'));
    // Names chosen so that every collation orders them alike (distinct first letters apart from the mangos).
    const withoutMangos = (list: string[]) => list.filter((name) => !name.toLowerCase().includes('mango'));
    const asc = (await listed('?sort=name')).products.map((product) => product.name);
    expect(withoutMangos(asc)).toEqual(withoutMangos(expected.map((product) => product.name)));
    const desc = (await listed('?sort=name&order=desc')).products.map((product) => product.name);
    expect(desc).toEqual([...asc].reverse());
  });

  it('sorts by rate and by stock with ties broken by id, so pages never overlap', async () => {
    for (const [sort, key] of [
      ['rate', 'rate'],
      ['stock', 'stocks'],
    ] as const) {
      const expected = [...made].sort((a, b) => a[key] - b[key] || byId(a, b)).map((product) => product.id);
      expect(ids(await listed(`?sort=${sort}`))).toEqual(expected);
      expect(ids(await listed(`?sort=${sort}&order=desc`))).toEqual([...expected].reverse());
      const paged: string[] = [];
      for (let page = 1; page <= 5; page++) paged.push(...ids(await listed(`?sort=${sort}&page=${page}&limit=2`)));
      expect(paged).toEqual(expected);
    }
  });

  it('sorts by category name and by date added', async () => {
    const byCategory = (await listed('?sort=category')).products.map((product) => product.category.categoryName);
    expect(byCategory).toEqual([...Array(5).fill('Fruits'), ...Array(5).fill('vegetables')]);
    const oldestFirst = [...newestFirst()].reverse();
    expect(ids(await listed('?sort=createdAt'))).toEqual(oldestFirst);
    expect(ids(await listed('?sort=createdAt&order=desc'))).toEqual(newestFirst());
  });

  it('refuses a bad page, limit, sort, order or search with a clear 400', async () => {
    const cases: [string, RegExp][] = [
      ['?page=0', /page must be 1 or more/],
      ['?page=abc', /page must be a whole number/],
      ['?page=1.5', /page must be a whole number/],
      ['?limit=0', /limit must be 1 or more/],
      ['?limit=501', /limit must be at most 500/],
      ['?limit=ten', /limit must be a whole number/],
      ['?sort=price', /sort must be one of: name, rate, category, stock, createdAt/],
      ['?sort=name&order=up', /order must be one of: asc, desc/],
      [`?q=${'x'.repeat(101)}`, /q must be at most 100 characters/],
    ];
    for (const [query, message] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(body(response)).toEqual({
        success: false,
        message: expect.stringMatching(message),
        code: expect.any(String),
        values: expect.any(Object),
      });
    }
  });

  it('is for admins only: 401 for a visitor, 403 for a shopper', async () => {
    expect((await list('', null)).statusCode).toBe(401);
    expect((await list('?page=1&q=mango', shopperCookie)).statusCode).toBe(403);
  });

  it('shows a catalogue write at once (cached pages are dropped)', async () => {
    const before = await listed('?q=guava&page=1&limit=50');
    expect(before.productsDocCount).toBe(1);
    const guava = made.find((product) => product.name === 'Guava Pink');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/delete/${guava?.id}`,
      headers: { cookie: adminCookie },
    });
    expect(removed.statusCode).toBe(200);
    const after = await listed('?q=guava&page=1&limit=50');
    expect(after.productsDocCount).toBe(0);
    expect(after.products).toEqual([]);
  });
});
