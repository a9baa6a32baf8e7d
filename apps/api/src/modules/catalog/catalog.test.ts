import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct } from '../../../test/factories.js';

let t: TestApp;
let fruits: { id: string };
let dairy: { id: string };

beforeAll(async () => {
  t = await buildTestApp();
  fruits = await createCategory(t.db, 'Fruits');
  dairy = await createCategory(t.db, 'Dairy');
  const hour = 3_600_000;
  const now = Date.now();
  await createProduct(t.db, {
    name: 'Alphonso Mango',
    rate: 349,
    categoryId: fruits.id,
    createdAt: new Date(now - 5 * hour),
  });
  await createProduct(t.db, {
    name: 'Robusta Banana',
    rate: 48,
    categoryId: fruits.id,
    createdAt: new Date(now - 4 * hour),
  });
  await createProduct(t.db, {
    name: 'Malai Paneer',
    rate: 379.5,
    stockKg: 0,
    categoryId: dairy.id,
    createdAt: new Date(now - 3 * hour),
  });
  await createProduct(t.db, {
    name: '100% Pure_Ghee',
    rate: 699,
    categoryId: dairy.id,
    createdAt: new Date(now - 2 * hour),
  });
});
afterAll(() => t.close());

const list = async (query: string) => t.app.inject({ method: 'GET', url: `/api/product/getAllProducts${query}` });
const names = (response: Awaited<ReturnType<typeof list>>) =>
  body<{ products: { name: string }[] }>(response).products.map((p) => p.name);

describe('GET /api/product/getAllProducts', () => {
  it('lists every product newest first in the API product shape', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const data = body<{ success: boolean; productsDocCount: number; products: Record<string, unknown>[] }>(response);
    expect(data.success).toBe(true);
    expect(data.productsDocCount).toBe(4);
    expect(names(response)).toEqual(['100% Pure_Ghee', 'Malai Paneer', 'Robusta Banana', 'Alphonso Mango']);
    const paneer = data.products[1];
    expect(paneer).toMatchObject({
      name: 'Malai Paneer',
      rate: 379.5,
      stocks: 0,
      kilogramOption: [
        { $numberDecimal: '0.5' },
        { $numberDecimal: '1' },
        { $numberDecimal: '1.5' },
        { $numberDecimal: '2' },
      ],
      category: { _id: dairy.id, categoryName: 'Dairy' },
    });
    expect(typeof paneer?._id).toBe('string');
  });

  it('matches keywords case-insensitively as plain text', async () => {
    expect(names(await list('?keyword=MANGO'))).toEqual(['Alphonso Mango']);
    expect(names(await list('?keyword=100%25'))).toEqual(['100% Pure_Ghee']);
    expect(names(await list('?keyword=_'))).toEqual(['100% Pure_Ghee']);
    for (const hostile of ["' OR 1=1--", '(a+)+$', '.*', '%', '\\']) {
      const response = await list(`?keyword=${encodeURIComponent(hostile)}`);
      expect(response.statusCode).toBe(200);
      expect(names(response)).toEqual(hostile === '%' ? ['100% Pure_Ghee'] : []);
    }
  });

  it('filters by categories and price bounds together', async () => {
    expect(names(await list(`?category=${fruits.id}&gte=0&lte=100`))).toEqual(['Robusta Banana']);
    expect(names(await list(`?category=${fruits.id},${dairy.id}&gte=300`))).toEqual([
      '100% Pure_Ghee',
      'Malai Paneer',
      'Alphonso Mango',
    ]);
    expect(names(await list('?lte=48'))).toEqual(['Robusta Banana']);
  });

  it('pages the filtered set and counts all of it', async () => {
    const response = await list('?page=2&limit=3');
    expect(names(response)).toEqual(['Alphonso Mango']);
    expect(body(response).productsDocCount).toBe(4);
  });

  it.each([
    '?gte=abc',
    '?lte=-5',
    '?gte=50&lte=10',
    '?page=0',
    '?limit=100000',
    '?page=1.5',
    '?category=not-an-id',
    `?keyword=${'x'.repeat(101)}`,
  ])('answers %s with a 400 JSON error', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe('single product, recent products and categories', () => {
  it('returns one product, 404 for unknown or malformed ids', async () => {
    const { products } = body<{ products: { _id: string; name: string }[] }>(await list('?keyword=banana'));
    const found = await t.app.inject({ url: `/api/product/getSingleProduct/${products[0]?._id}` });
    expect(body(found)).toMatchObject({ success: true, product: { name: 'Robusta Banana' } });
    for (const id of ['123', "1' or '1'='1", '00000000-0000-4000-8000-000000000000']) {
      const missing = await t.app.inject({ url: `/api/product/getSingleProduct/${encodeURIComponent(id)}` });
      expect(missing.statusCode).toBe(404);
      expect(body(missing).success).toBe(false);
    }
  });

  it('lists recent products newest first and categories by name', async () => {
    const recent = body<{ products: { name: string }[] }>(await t.app.inject({ url: '/api/product/recent/products' }));
    expect(recent.products[0]?.name).toBe('100% Pure_Ghee');
    const categories = body<{ success: boolean; Categories: { categoryName: string }[] }>(
      await t.app.inject({ url: '/api/category/get' }),
    );
    expect(categories.Categories.map((c) => c.categoryName)).toEqual(['Dairy', 'Fruits']);
  });

  it('answers unknown /api paths with JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/does/not/exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(body(response).success).toBe(false);
  });
});
