/**
 * Scale barcodes through the HTTP API (contract "The scale and barcodes"): a product's PLU (unique,
 * 409 when taken), the rules, reading a weight or price code (check digit 400, unknown prefix or
 * PLU 404), and labels: a packed order's kg lines each with a code that reads back to its weight,
 * and bags packed ahead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct, createUser } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { sessionCookie } from '../../../test/test-sessions.js';

let t: TestApp;
let adminCookie: string;
let category: { id: string };
let tomato: { id: string };

beforeAll(async () => {
  t = await buildTestApp({ INVOICE_PREFIX: 'MND' });
  const admin = await createUser(t.db, { role: 'Admin' });
  adminCookie = await sessionCookie(t.db, admin.id);
  category = await createCategory(t.db, 'Vegetables');
  tomato = await createProduct(t.db, {
    name: 'Desi Tomato',
    aliases: ['tamatar', 'टमाटर'],
    rate: 40,
    stockKg: 100,
    categoryId: category.id,
  });
});

afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: adminCookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const setPlu = (id: string, name: string, plu: number | string | null) =>
  call('PUT', `/api/product/update/${id}`, {
    name,
    rate: 40,
    stocks: 100,
    category: category.id,
    kilogramOption: [0.5, 1, 2],
    plu,
  });

describe('a product’s PLU', () => {
  it('is kept, shown to the admin, unique in the shop, and checked', async () => {
    expect((await setPlu(tomato.id, 'Desi Tomato', 42)).statusCode).toBe(200);
    const read = body<{ product: { plu: number | null } }>(await call('GET', `/api/admin/products/${tomato.id}`));
    expect(read.product.plu).toBe(42);
    const other = await createProduct(t.db, { name: 'Onion', rate: 30, categoryId: category.id });
    const taken = await setPlu(other.id, 'Onion', 42);
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('42');
    for (const bad of [0, 100_000, '4.2', 'x']) expect((await setPlu(other.id, 'Onion', bad)).statusCode).toBe(400);
  });
});

describe('the barcode rules and reading a code', () => {
  it('starts with 21 weight and 23 price, and replaces them all at once', async () => {
    const rules = body<{ rules: unknown[] }>(await call('GET', '/api/admin/barcodes/rules')).rules;
    expect(rules).toEqual([
      { prefix: '21', valueKind: 'weight' },
      { prefix: '23', valueKind: 'price' },
    ]);
    const bad = await call('PUT', '/api/admin/barcodes/rules', { rules: [{ prefix: '19', valueKind: 'weight' }] });
    expect(bad.statusCode).toBe(400);
    const twice = await call('PUT', '/api/admin/barcodes/rules', {
      rules: [
        { prefix: '21', valueKind: 'weight' },
        { prefix: '21', valueKind: 'price' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const saved = await call('PUT', '/api/admin/barcodes/rules', {
      rules: [
        { prefix: '21', valueKind: 'weight' },
        { prefix: '23', valueKind: 'price' },
        { prefix: '28', valueKind: 'weight' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<{ rules: unknown[] }>(saved).rules).toHaveLength(3);
  });

  it('reads a weight code (PLU 42, 1.234 kg) and a price code (₹50 of tomatoes is 1.25 kg)', async () => {
    await setPlu(tomato.id, 'Desi Tomato', 42);
    const weighed = await call('GET', '/api/admin/barcodes/2100042012349');
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect(body(weighed)).toMatchObject({ productId: tomato.id, unit: 'kg', quantity: 1.234, amount: 49.36 });
    const priced = await call('GET', '/api/admin/barcodes/2300042050000');
    expect(body(priced)).toMatchObject({ productId: tomato.id, quantity: 1.25, amount: 50 });
  });

  it('names a wrong check digit (400), and an unknown prefix or PLU (404)', async () => {
    const wrong = await call('GET', '/api/admin/barcodes/2100042012348');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('2100042012348');
    expect((await call('GET', '/api/admin/barcodes/2500042012347')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/barcodes/2199999012342')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/barcodes/12345')).statusCode).toBe(400);
  });
});

describe('labels', () => {
  it('prints one label per packed kg line of an order, whose code reads back to its packed weight', async () => {
    await setPlu(tomato.id, 'Desi Tomato', 42);
    const eggs = await createProduct(t.db, {
      name: 'Eggs',
      rate: 84,
      unit: 'dozen',
      weightsKg: [1],
      categoryId: category.id,
    });
    const shopper = await createUser(t.db);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie: await sessionCookie(t.db, shopper.id) },
      payload: {
        cartItems: [
          { id: tomato.id, quantity: 2 },
          { id: eggs.id, quantity: 1 },
        ],
        shippingInfo: { address: '1 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = body<{ order: { _id: string; orderItems: { _id: string; quantity: number; unit: string }[] } }>(
      placed,
    ).order;
    const notYet = await call('GET', `/api/admin/orders/${order._id}/labels`);
    expect(notYet.statusCode).toBe(409);
    const packed = await call('PUT', `/api/admin/orders/${order._id}/pack`, {
      items: order.orderItems.map((item) => ({
        _id: item._id,
        packedQuantity: item.unit === 'kg' ? 1.987 : item.quantity,
      })),
    });
    expect(packed.statusCode, packed.body).toBe(200);
    const labels = await call('GET', `/api/admin/orders/${order._id}/labels`);
    expect(labels.statusCode).toBe(200);
    expect(labels.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(labels.rawPayload);
    const codes = text.match(/\b2\d{12}\b/g) ?? [];
    expect(codes).toHaveLength(1);
    const read = body(await call('GET', `/api/admin/barcodes/${codes[0]}`));
    expect(read).toMatchObject({ productId: tomato.id, quantity: 1.987 });
    expect(text).toContain('टमाटर');
  });

  it('prints labels for bags packed ahead, and needs a PLU and a weight that fits a code', async () => {
    await setPlu(tomato.id, 'Desi Tomato', 42);
    const bags = await call('GET', `/api/admin/products/${tomato.id}/labels?quantity=0.5&copies=3`);
    expect(bags.statusCode, bags.body).toBe(200);
    const text = await pdfText(bags.rawPayload);
    expect(text.match(/2100042005\d{3}/g)).toHaveLength(3);
    expect((await call('GET', `/api/admin/products/${tomato.id}/labels?quantity=120`)).statusCode).toBe(400);
    const noPlu = await createProduct(t.db, { name: 'Spinach', rate: 30, categoryId: category.id });
    expect((await call('GET', `/api/admin/products/${noPlu.id}/labels?quantity=1`)).statusCode).toBe(409);
  });
});
