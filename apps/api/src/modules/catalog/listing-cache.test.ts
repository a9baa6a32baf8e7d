/**
 * A listing is kept in two parts (decision 0046): which products it shows, kept until the catalogue
 * changes, and those products as they are now, filled again after a stock move of one of them. A
 * product is kept the same way: its fields until the catalogue changes, its stock read again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct, createUser, loginAs } from '../../../test/factories.js';
import { CACHE_REGISTRY } from '../../cache-registry.js';
import { ResponseCache } from '../../lib/response-cache.js';

const SHIPPING = { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };

let t: TestApp;
const cache = new ResponseCache({ declared: CACHE_REGISTRY, maxAgeMs: 3_600_000 });
let guava: { id: string };
let fruits: { id: string };
let shopper: string;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp({}, { cache });
  fruits = await createCategory(t.db, 'Fruits');
  guava = await createProduct(t.db, { name: 'Pink Guava', rate: 80, stockKg: 10, categoryId: fruits.id });
  await createProduct(t.db, { name: 'Sapota', rate: 60, stockKg: 10, categoryId: fruits.id });
  shopper = await loginAs(t.app, (await createUser(t.db)).email);
  admin = await loginAs(t.app, (await createUser(t.db, { role: 'Admin' })).email);
});
afterAll(() => t.close());

type Listing = { products: { _id: string; name: string; stocks: number }[]; productsDocCount: number };
const listing = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/product/getAllProducts${query}` });
  expect(response.statusCode).toBe(200);
  return body<Listing>(response);
};
const stockOfGuava = (answer: Listing) => answer.products.find((p) => p._id === guava.id)?.stocks;

describe('a listing through stock moves', () => {
  it('keeps which products it shows when one of them sells, and shows the new stock at once', async () => {
    cache.clear();
    expect(stockOfGuava(await listing())).toBe(10);
    expect(cache.storedReads()).toEqual(new Set(['catalog.products', 'catalog.productMatches']));

    const order = await t.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie: shopper },
      payload: { cartItems: [{ id: guava.id, quantity: 2 }], shippingInfo: SHIPPING },
    });
    expect(order.statusCode, order.body).toBe(201);
    // The stock move dropped the listing but not which products it shows.
    expect(cache.storedReads().has('catalog.products')).toBe(false);
    expect(cache.storedReads().has('catalog.productMatches')).toBe(true);

    const after = await listing();
    expect(stockOfGuava(after)).toBe(8);
    expect(after.products.map((p) => p.name)).toEqual(['Sapota', 'Pink Guava']);
    expect(after.productsDocCount).toBe(2);
  });

  it('finds the products again when the catalogue changes', async () => {
    await listing();
    const empty = await createCategory(t.db, 'Seasonal');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/category/delete/${empty.id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(cache.storedReads().has('catalog.productMatches')).toBe(false);
    // Written behind the cache's back: only a listing that looks for its products again shows it.
    await createProduct(t.db, { name: 'Dragon Fruit', rate: 120, categoryId: fruits.id });
    expect((await listing()).products.map((p) => p.name)).toEqual(['Dragon Fruit', 'Sapota', 'Pink Guava']);
  });
});

type ProductAnswer = {
  product: { _id: string; name: string; rate: number; stocks: number; category: { _id: string } };
};
const product = async (id: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/product/getSingleProduct/${id}` });
  return { status: response.statusCode, answer: body<ProductAnswer>(response) };
};

describe('a product through stock moves', () => {
  it('keeps its fields when it sells, and shows the new stock at once', async () => {
    cache.clear();
    const before = await product(guava.id);
    expect(before.status).toBe(200);
    // (The earlier order's events may still be read in the background: only these two are looked at.)
    expect(cache.storedReads().has('catalog.product')).toBe(true);
    expect(cache.storedReads().has('catalog.productFields')).toBe(true);

    const order = await t.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie: shopper },
      payload: { cartItems: [{ id: guava.id, quantity: 1 }], shippingInfo: SHIPPING },
    });
    expect(order.statusCode, order.body).toBe(201);
    // The stock move dropped the product's answer, not its fields.
    expect(cache.storedReads().has('catalog.product')).toBe(false);
    expect(cache.storedReads().has('catalog.productFields')).toBe(true);

    const after = await product(guava.id);
    expect(after.answer.product.stocks).toBe(before.answer.product.stocks - 1);
    expect({ ...after.answer.product, stocks: 0 }).toEqual({ ...before.answer.product, stocks: 0 });
  });

  it('reads its fields again when the catalogue changes, and is not found once deleted', async () => {
    const mango = await createProduct(t.db, { name: 'Alphonso Mango', rate: 300, stockKg: 5, categoryId: fruits.id });
    expect((await product(mango.id)).answer.product.rate).toBe(300);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/product/update/${mango.id}`,
      headers: { cookie: admin },
      payload: { name: 'Alphonso Mango', rate: '320', stocks: '5', kilogramOption: '1', category: fruits.id },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await product(mango.id)).answer.product.rate).toBe(320);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/delete/${mango.id}`,
      headers: { cookie: admin },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await product(mango.id)).status).toBe(404);
  });
});
