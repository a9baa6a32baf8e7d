/**
 * Buying at the mandi, suppliers and wastage through the API (decision 0035), on a clock set to
 * Thursday 26 November 2026, 10:00 in Kolkata: the contract's worked landed cost, charges shared
 * by value, moving-average cost, stock after purchases and write-offs (409 beyond the stock, nothing
 * changed), supplier balances, the cost kept on packed order lines, the cost shown to admins only,
 * every refusal of a bad request, and who may ask.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import {
  orderItems,
  orders,
  products,
  purchases,
  supplierPayments,
  suppliers,
  wastageEntries,
} from '../../db/schema.js';

/** Thursday 26 Nov 2026, 10:00 IST. */
const NOW = new Date('2026-11-26T04:30:00Z');
const TODAY = '2026-11-26';
let t: TestApp;
let adminCookie: string;
let shopperCookie: string;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const admin = (method: Method, url: string, payload?: unknown) => call(method, url, adminCookie, payload);
const expectStatus = (response: LightMyRequestResponse, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response;
};

interface PurchaseJson {
  _id: string;
  supplier: { _id: string; name: string };
  date: string;
  lines: {
    productId: string;
    netQuantity: number;
    value: number;
    commission: number;
    charges: number;
    landedCost: number;
    landedRate: number;
  }[];
  value: number;
  commission: number;
  chargesTotal: number;
  total: number;
}
interface SupplierJson {
  _id: string;
  name: string;
  balance: number;
  purchased: number;
  paid: number;
}

async function productState(id: string) {
  const [row] = await t.db
    .select({ stockGrams: products.stockGrams, costRatePaise: products.costRatePaise })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

const buy = (payload: Record<string, unknown>) => admin('POST', '/api/admin/purchases', payload);

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => NOW });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db, {})).id);
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(wastageEntries);
  await t.db.delete(purchases);
  await t.db.delete(supplierPayments);
  await t.db.delete(suppliers);
});

describe('a purchase', () => {
  it('works the contract example, adds the net to stock and sets the cost', async () => {
    const tomato = await createProduct(t.db, { name: 'Desi Tomato', stockKg: 0 });
    const saved = body<{ purchase: PurchaseJson; message: string; code?: string }>(
      expectStatus(
        await buy({
          supplier: 'Ramesh Traders',
          date: TODAY,
          commissionPercent: 6,
          charges: [{ label: 'Transport', amount: 50 }],
          lines: [{ productId: tomato.id, grossQuantity: 10, tareQuantity: 0.5, rate: 20 }],
        }),
        201,
      ),
    );
    expect(saved.purchase.lines[0]).toMatchObject({
      netQuantity: 9.5,
      value: 190,
      commission: 11.4,
      charges: 50,
      landedCost: 251.4,
      landedRate: 26.46,
    });
    expect(saved.purchase).toMatchObject({ value: 190, commission: 11.4, chargesTotal: 50, total: 251.4, date: TODAY });
    expect(saved.purchase.supplier.name).toBe('Ramesh Traders');
    expect(saved.message).toBe('Purchase saved: 1 lines, ₹251.40 landed');
    expect(await productState(tomato.id)).toEqual({ stockGrams: 9500, costRatePaise: 2646 });
  });

  it('shares the charges by value and the lines add up to the total to the paisa', async () => {
    const [a, b, c] = await Promise.all([
      createProduct(t.db, { stockKg: 0 }),
      createProduct(t.db, { stockKg: 0 }),
      createProduct(t.db, { stockKg: 0 }),
    ]);
    const { purchase } = body<{ purchase: PurchaseJson }>(
      expectStatus(
        await buy({
          supplier: 'Share Test',
          date: TODAY,
          commissionPercent: 0,
          charges: [
            { label: 'Transport', amount: 60 },
            { label: 'Labour', amount: 40 },
          ],
          lines: [
            { productId: a?.id, grossQuantity: 10, rate: 10 },
            { productId: b?.id, grossQuantity: 10, rate: 20 },
            { productId: c?.id, grossQuantity: 1, rate: 33.33 },
          ],
        }),
        201,
      ),
    );
    expect(purchase.lines.map((line) => line.charges)).toEqual([30, 60, 10]);
    expect(purchase.lines.map((line) => line.landedCost)).toEqual([130, 260, 43.33]);
    expect(purchase.total).toBe(433.33);
    const sum = purchase.lines.reduce((total, line) => total + Math.round(line.landedCost * 100), 0);
    expect(sum).toBe(Math.round(purchase.total * 100));
  });

  it('moves the cost by moving average over the stock on hand', async () => {
    const onion = await createProduct(t.db, { stockKg: 0 });
    await buy({ supplier: 'A', date: TODAY, lines: [{ productId: onion.id, grossQuantity: 10, rate: 20 }] });
    expect(await productState(onion.id)).toEqual({ stockGrams: 10_000, costRatePaise: 2000 });
    // 10 kg at ₹20 + 10 kg for ₹300 → ₹25 a kg.
    await buy({ supplier: 'A', date: TODAY, lines: [{ productId: onion.id, grossQuantity: 10, rate: 30 }] });
    expect(await productState(onion.id)).toEqual({ stockGrams: 20_000, costRatePaise: 2500 });
  });

  it('sets the cost on the first purchase whatever stock was typed in before', async () => {
    const potato = await createProduct(t.db, { stockKg: 5 });
    await buy({ supplier: 'A', date: TODAY, lines: [{ productId: potato.id, grossQuantity: 5, rate: 18 }] });
    expect(await productState(potato.id)).toEqual({ stockGrams: 10_000, costRatePaise: 1800 });
  });

  it('takes two lots of one product in order', async () => {
    const chilli = await createProduct(t.db, { stockKg: 0 });
    await buy({
      supplier: 'A',
      date: TODAY,
      lines: [
        { productId: chilli.id, grossQuantity: 2, rate: 40 },
        { productId: chilli.id, grossQuantity: 2, rate: 60 },
      ],
    });
    expect(await productState(chilli.id)).toEqual({ stockGrams: 4000, costRatePaise: 5000 });
  });

  it('lists the purchases of a date range, newest first', async () => {
    const okra = await createProduct(t.db, { stockKg: 0 });
    const line = [{ productId: okra.id, grossQuantity: 1, rate: 30 }];
    expectStatus(await buy({ supplier: 'A', date: '2026-11-20', lines: line }), 201);
    expectStatus(await buy({ supplier: 'A', date: TODAY, lines: line }), 201);
    expectStatus(await buy({ supplier: 'A', date: '2026-10-01', lines: line }), 201);
    const all = body<{ purchases: PurchaseJson[]; from: string; to: string; total: number }>(
      expectStatus(await admin('GET', '/api/admin/purchases'), 200),
    );
    expect(all.purchases.map((p) => p.date)).toEqual([TODAY, '2026-11-20']);
    expect(all).toMatchObject({ from: '2026-10-28', to: TODAY, total: 60 });
    const old = body<{ purchases: PurchaseJson[] }>(
      expectStatus(await admin('GET', '/api/admin/purchases?from=2026-10-01&to=2026-10-01'), 200),
    );
    expect(old.purchases.map((p) => p.date)).toEqual(['2026-10-01']);
  });
});

describe('refusals change nothing', () => {
  it('refuses a line whose tare is not below its gross', async () => {
    const spinach = await createProduct(t.db, { stockKg: 3 });
    const response = expectStatus(
      await buy({
        supplier: 'New Name',
        date: TODAY,
        lines: [
          { productId: spinach.id, grossQuantity: 5, rate: 10 },
          { productId: spinach.id, grossQuantity: 2, tareQuantity: 2, rate: 10 },
        ],
      }),
      400,
    );
    expect(body<{ code: string; values: object }>(response)).toMatchObject({
      code: 'purchaseNetPositive',
      values: { line: 2, tare: 2, gross: 2 },
    });
    expect(await productState(spinach.id)).toEqual({ stockGrams: 3000, costRatePaise: null });
    expect(await t.db.select().from(suppliers)).toEqual([]);
  });

  it.each([
    [{ rate: 0 }, 'purchaseRate'],
    [{ rate: 10.555 }, 'purchaseRate'],
    [{ rate: 'ten' }, 'purchaseRate'],
    [{ grossQuantity: 0 }, 'purchaseGross'],
    [{ grossQuantity: 1.0005 }, 'purchaseGross'],
    [{ tareQuantity: -1 }, 'purchaseTare'],
  ])('refuses a bad line %o', async (change, code) => {
    const product = await createProduct(t.db, { stockKg: 1 });
    const response = expectStatus(
      await buy({
        supplier: 'X',
        date: TODAY,
        lines: [{ productId: product.id, grossQuantity: 5, rate: 10, ...change }],
      }),
      400,
    );
    expect(body<{ code: string }>(response).code).toBe(code);
    expect(await productState(product.id)).toEqual({ stockGrams: 1000, costRatePaise: null });
  });

  it.each([
    [{ supplier: '  ' }, 'purchaseSupplierName'],
    [{ date: '2026-02-30' }, 'purchaseDateInvalid'],
    [{ date: '2026-11-27' }, 'purchaseDateFuture'],
    [{ commissionPercent: 101 }, 'purchaseCommission'],
    [{ lines: [] }, 'purchaseLinesCount'],
    [{ charges: [{ label: '', amount: 5 }] }, 'purchaseChargeLabel'],
    [{ charges: [{ label: 'Transport', amount: -5 }] }, 'purchaseChargeAmount'],
  ])('refuses a bad purchase %o', async (change, code) => {
    const product = await createProduct(t.db, { stockKg: 1 });
    const response = expectStatus(
      await buy({
        supplier: 'X',
        date: TODAY,
        lines: [{ productId: product.id, grossQuantity: 5, rate: 10 }],
        ...change,
      }),
      400,
    );
    expect(body<{ code: string }>(response).code).toBe(code);
    expect(await productState(product.id)).toEqual({ stockGrams: 1000, costRatePaise: null });
    expect(await t.db.select().from(purchases)).toEqual([]);
  });

  it('answers 404 for a product not in the catalogue, and keeps the others as they were', async () => {
    const product = await createProduct(t.db, { stockKg: 1 });
    for (const productId of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = expectStatus(
        await buy({
          supplier: 'X',
          date: TODAY,
          lines: [
            { productId: product.id, grossQuantity: 5, rate: 10 },
            { productId, grossQuantity: 5, rate: 10 },
          ],
        }),
        404,
      );
      expect(body<{ code: string; values: object }>(response)).toMatchObject({
        code: 'purchaseProductMissing',
        values: { line: 2 },
      });
    }
    expect(await productState(product.id)).toEqual({ stockGrams: 1000, costRatePaise: null });
  });

  it('refuses a date range from after to, or too long', async () => {
    for (const query of ['from=2026-11-20&to=2026-11-10', 'from=2024-01-01&to=2026-01-01']) {
      for (const url of ['/api/admin/purchases', '/api/admin/wastage']) {
        const response = expectStatus(await admin('GET', `${url}?${query}`), 400);
        expect(body<{ code: string }>(response).code).toBe('purchasesRangeInvalid');
      }
    }
  });
});

describe('suppliers', () => {
  it('keep what is owed: purchases minus payments, one supplier whatever the case of its name', async () => {
    const product = await createProduct(t.db, { stockKg: 0 });
    const first = body<{ purchase: PurchaseJson }>(
      await buy({
        supplier: 'Gupta  Fruits',
        date: TODAY,
        lines: [{ productId: product.id, grossQuantity: 10, rate: 50 }],
      }),
    ).purchase;
    await buy({
      supplier: 'gupta fruits',
      date: TODAY,
      lines: [{ productId: product.id, grossQuantity: 2, rate: 50 }],
    });
    await buy({ supplier: 'Anand', date: TODAY, lines: [{ productId: product.id, grossQuantity: 1, rate: 10 }] });
    const list = body<{ suppliers: SupplierJson[] }>(expectStatus(await admin('GET', '/api/admin/suppliers'), 200));
    expect(list.suppliers.map((s) => [s.name, s.balance])).toEqual([
      ['Anand', 10],
      ['Gupta Fruits', 600],
    ]);
    const paid = expectStatus(
      await admin('POST', `/api/admin/suppliers/${first.supplier._id}/payments`, {
        amount: 450.5,
        method: 'UPI',
        reference: '412345678901',
      }),
      201,
    );
    expect(body<{ supplier: SupplierJson; message: string }>(paid)).toMatchObject({
      supplier: { name: 'Gupta Fruits', balance: 149.5, purchased: 600, paid: 450.5 },
      message: 'Payment of ₹450.50 to Gupta Fruits recorded',
    });
  });

  it('refuses a bad payment, and a supplier that does not exist', async () => {
    const product = await createProduct(t.db, { stockKg: 0 });
    const { purchase } = body<{ purchase: PurchaseJson }>(
      await buy({ supplier: 'Payee', date: TODAY, lines: [{ productId: product.id, grossQuantity: 1, rate: 10 }] }),
    );
    const url = `/api/admin/suppliers/${purchase.supplier._id}/payments`;
    for (const [payload, code] of [
      [{ amount: 0, method: 'Cash' }, 'supplierPaymentAmount'],
      [{ amount: 10.001, method: 'Cash' }, 'supplierPaymentAmount'],
      [{ amount: 10, method: 'Cheque' }, 'supplierPaymentMethod'],
      [{ amount: 10, method: 'Cash', reference: 'r'.repeat(65) }, 'supplierReferenceMax'],
    ] as const) {
      expect(body<{ code: string }>(expectStatus(await admin('POST', url, payload), 400)).code).toBe(code);
    }
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const missing = await admin('POST', `/api/admin/suppliers/${id}/payments`, { amount: 10, method: 'Cash' });
      expect(body<{ code: string }>(expectStatus(missing, 404)).code).toBe('supplierNotFound');
    }
    expect(await t.db.select().from(supplierPayments)).toEqual([]);
  });
});

describe('wastage', () => {
  it('takes the quantity out of stock, valued at the cost rate', async () => {
    const tomato = await createProduct(t.db, { name: 'Desi Tomato', stockKg: 0 });
    await buy({
      supplier: 'Ramesh Traders',
      date: TODAY,
      commissionPercent: 6,
      charges: [{ label: 'Transport', amount: 50 }],
      lines: [{ productId: tomato.id, grossQuantity: 10, tareQuantity: 0.5, rate: 20 }],
    });
    const written = body<{
      entry: { cost: number; costRate: number; reason: string };
      product: object;
      message: string;
    }>(
      expectStatus(
        await admin('POST', '/api/admin/wastage', {
          productId: tomato.id,
          quantity: 2,
          reason: 'rotten',
          note: 'wet crate',
        }),
        201,
      ),
    );
    expect(written.entry).toMatchObject({
      cost: 52.92,
      costRate: 26.46,
      reason: 'rotten',
      quantity: 2,
      note: 'wet crate',
    });
    expect(written.product).toEqual({ _id: tomato.id, name: 'Desi Tomato', unit: 'kg', stocks: 7.5, costRate: 26.46 });
    expect(written.message).toBe('2 Kg of Desi Tomato written off');
    expect(await productState(tomato.id)).toEqual({ stockGrams: 7500, costRatePaise: 2646 });

    const list = body<{
      entries: { name: string; cost: number; date: string }[];
      totalCost: number;
      weeks: { weekStart: string; entries: number; cost: number }[];
      shrinkage: { name: string; wasted: number; bought: number; percent: number | null }[];
    }>(expectStatus(await admin('GET', '/api/admin/wastage'), 200));
    expect(list.entries).toMatchObject([{ name: 'Desi Tomato', cost: 52.92, date: TODAY }]);
    expect(list.totalCost).toBe(52.92);
    expect(list.weeks).toEqual([{ weekStart: '2026-11-23', entries: 1, cost: 52.92 }]);
    expect(list.shrinkage).toEqual([
      { productId: tomato.id, name: 'Desi Tomato', unit: 'kg', wasted: 2, bought: 9.5, cost: 52.92, percent: 21.1 },
    ]);
  });

  it('is valued at nothing without a cost, and refuses more than the stock (409, nothing changed)', async () => {
    const greens = await createProduct(t.db, { name: 'Methi', stockKg: 1.5, unit: 'bunch' });
    const free = body<{ entry: { cost: number; costRate: null } }>(
      expectStatus(
        await admin('POST', '/api/admin/wastage', { productId: greens.id, quantity: 0.5, reason: 'dried' }),
        201,
      ),
    );
    expect(free.entry).toMatchObject({ cost: 0, costRate: null });
    const refused = expectStatus(
      await admin('POST', '/api/admin/wastage', { productId: greens.id, quantity: 1.001, reason: 'rotten' }),
      409,
    );
    expect(body<{ code: string }>(refused).code).toBe('wastageMoreThanStock');
    expect(await productState(greens.id)).toEqual({ stockGrams: 1000, costRatePaise: null });
    expect(await t.db.select().from(wastageEntries)).toHaveLength(1);
  });

  it('refuses bad write-offs', async () => {
    const product = await createProduct(t.db, { stockKg: 5 });
    for (const [payload, status, code] of [
      [{ productId: product.id, quantity: 0, reason: 'rotten' }, 400, 'wastageQuantity'],
      [{ productId: product.id, quantity: 1.0001, reason: 'rotten' }, 400, 'wastageQuantity'],
      [{ productId: product.id, quantity: 1, reason: 'stolen' }, 400, 'wastageReason'],
      [{ productId: product.id, quantity: 1, reason: 'other', note: 'n'.repeat(201) }, 400, 'wastageNoteMax'],
      [{ productId: 'nope', quantity: 1, reason: 'other' }, 404, 'productNotFound'],
    ] as const) {
      expect(
        body<{ code: string }>(expectStatus(await admin('POST', '/api/admin/wastage', payload), status)).code,
      ).toBe(code);
    }
    expect(await productState(product.id)).toEqual({ stockGrams: 5000, costRatePaise: null });
  });
});

describe('the cost on admin answers and on packed orders', () => {
  it('shows costRate to the admin only, never in the public catalogue', async () => {
    const mango = await createProduct(t.db, { name: 'Alphonso Cost Check', stockKg: 0 });
    await buy({ supplier: 'A', date: TODAY, lines: [{ productId: mango.id, grossQuantity: 4, rate: 150.25 }] });
    const list = body<{ products: { _id: string; costRate: number | null }[] }>(
      expectStatus(await admin('GET', '/api/admin/products?q=alphonso cost'), 200),
    );
    expect(list.products.find((p) => p._id === mango.id)?.costRate).toBe(150.25);
    const one = body<{ product: { costRate: number | null; stocks: number } }>(
      expectStatus(await admin('GET', `/api/admin/products/${mango.id}`), 200),
    );
    expect(one.product).toMatchObject({ costRate: 150.25, stocks: 4 });
    expectStatus(await call('GET', `/api/admin/products/${mango.id}`, shopperCookie), 403);
    for (const url of [
      `/api/product/getSingleProduct/${mango.id}`,
      '/api/product/getAllProducts?keyword=alphonso',
      '/api/product/recent/products',
    ]) {
      const text = expectStatus(await call('GET', url), 200).body;
      expect(text).not.toContain('costRate');
      expect(text).not.toContain('15025');
    }
  });

  it('keeps the product cost on each line of an order when it is packed', async () => {
    const lemon = await createProduct(t.db, { stockKg: 0, weightsKg: [1, 2] });
    await buy({ supplier: 'A', date: TODAY, lines: [{ productId: lemon.id, grossQuantity: 10, rate: 42.5 }] });
    const placed = body<{ order: { _id: string; orderItems: { _id: string }[] } }>(
      expectStatus(
        await call('POST', '/api/user/new/order', shopperCookie, {
          cartItems: [{ id: lemon.id, quantity: 2 }],
          shippingInfo: { address: '1 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
        }),
        201,
      ),
    ).order;
    const [before] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed._id));
    expect(before?.costRatePaise).toBeNull();
    expectStatus(
      await admin('PUT' as Method, `/api/admin/orders/${placed._id}/pack`, {
        items: [{ _id: placed.orderItems[0]?._id, packedQuantity: 1.9 }],
      }),
      200,
    );
    const [after] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed._id));
    expect(after?.costRatePaise).toBe(4250);
    expect(await productState(lemon.id)).toEqual({ stockGrams: 8100, costRatePaise: 4250 });
    await t.db.delete(orders);
  });
});

describe('who may ask', () => {
  it('answers only admins', async () => {
    const requests: [Method, string, unknown?][] = [
      ['POST', '/api/admin/purchases', {}],
      ['GET', '/api/admin/purchases'],
      ['GET', '/api/admin/suppliers'],
      ['POST', '/api/admin/suppliers/00000000-0000-4000-8000-000000000000/payments', {}],
      ['POST', '/api/admin/wastage', {}],
      ['GET', '/api/admin/wastage'],
    ];
    for (const [method, url, payload] of requests) {
      expectStatus(await call(method, url, undefined, payload), 401);
      expectStatus(await call(method, url, shopperCookie, payload), 403);
    }
  });
});
