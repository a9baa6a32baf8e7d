/**
 * The margin report through the HTTP API (contract: "Margins and the GST return"), against figures
 * worked by hand: packed orders with the cost rate kept at packing, a cancelled bill, a bill of
 * last week, the delivery charge (no product's sales), wastage, CSV and bad input. The process runs
 * as New York time so every shop date must come from shop time. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { deliveryZones, orderItems, wastageEntries } from '../../db/schema.js';
import type { OrderView } from '../orders/orders.presenter.js';

const ORIGINAL_TZ = process.env.TZ;
let clock = new Date('2026-11-22T06:00:00Z');
let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
let tomato: { id: string };
let ghee: { id: string };

const BENGALURU = { address: '7th Main Road', city: 'Bengaluru', mobileNumber: '9876543210', pinCode: '560011' };
const PUNE = { address: '12 FC Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411004' };

type Row = {
  productId: string | null;
  name: string;
  unit: string;
  soldQuantity: number;
  sales: number;
  cost: number;
  margin: number;
  marginPercent: number | null;
  wastedQuantity: number;
  wastedCost: number;
  uncostedQuantity: number;
};
type Figures = { sales: number; cost: number; wastedCost: number; margin: number; marginPercent: number | null };
type Report = { from: string; to: string; rows: Row[]; totals: Figures; days: (Figures & { date: string })[] };

/** Places the lines, packs them at the weights given (kg), then writes the cost rates kept at packing (paise per kg). */
async function packedOrder(
  lines: { id: string; quantity: number; packed: number; costRatePaise: number | null }[],
  shippingInfo = BENGALURU,
) {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems: lines.map(({ id, quantity }) => ({ id, quantity })), shippingInfo },
    headers: { cookie: shopperCookie },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = body<{ order: OrderView }>(placed).order;
  const packed = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${order._id}/pack`,
    payload: { items: order.orderItems.map((item, i) => ({ _id: item._id, packedQuantity: lines[i]?.packed })) },
    headers: { cookie: adminCookie },
  });
  expect(packed.statusCode, packed.body).toBe(200);
  for (const [i, item] of order.orderItems.entries()) {
    await t.db
      .update(orderItems)
      .set({ costRatePaise: lines[i]?.costRatePaise ?? null })
      .where(eq(orderItems.id, item._id));
  }
  return order;
}

const report = (query: string, cookie = adminCookie) =>
  t.app.inject({ method: 'GET', url: `/api/admin/reports/margin${query}`, headers: { cookie } });

beforeAll(async () => {
  process.env.TZ = 'America/New_York';
  t = await buildTestApp(
    { SHOP_STATE: 'Karnataka', SHOP_GSTIN: '29AAJCM4321F1ZJ', INVOICE_PREFIX: 'M' },
    { now: () => clock },
  );
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db, {})).id);
  tomato = await createProduct(t.db, {
    name: 'Desi Tomato',
    rate: 40,
    stockKg: 100,
    weightsKg: [1, 2, 3],
    hsnCode: '0702',
  });
  ghee = await createProduct(t.db, {
    name: 'Desi Cow Ghee',
    rate: 600,
    stockKg: 100,
    weightsKg: [0.5, 1],
    hsnCode: '0405',
    gstRate: 5,
  });
  // A ₹30 delivery charge on every bill: taxed, billed, and no product's sales.
  await t.db.insert(deliveryZones).values({ name: 'All India', pinPrefixes: ['4', '5'], deliveryFeePaise: 3000 });

  // Sunday 22 November (last week): a bill the default range leaves out.
  clock = new Date('2026-11-22T06:00:00Z');
  await packedOrder([{ id: tomato.id, quantity: 1, packed: 1, costRatePaise: 2000 }]);
  // Monday 23: tomato 2 kg packed 1.95 kg at cost ₹25/kg, ghee 0.5 kg at cost ₹480/kg.
  clock = new Date('2026-11-23T06:00:00Z');
  await packedOrder([
    { id: tomato.id, quantity: 2, packed: 1.95, costRatePaise: 2500 },
    { id: ghee.id, quantity: 0.5, packed: 0.5, costRatePaise: 48000 },
  ]);
  // Tuesday 24: tomato 1 kg to Pune (out of state) at cost ₹26/kg; and a bill then cancelled.
  clock = new Date('2026-11-24T06:00:00Z');
  await packedOrder([{ id: tomato.id, quantity: 1, packed: 1, costRatePaise: 2600 }], PUNE);
  const cancelled = await packedOrder([{ id: tomato.id, quantity: 3, packed: 3, costRatePaise: 2500 }]);
  const cancel = await t.app.inject({
    method: 'PUT',
    url: `/api/user/update/order/${cancelled._id}`,
    payload: { oStatus: 'Cancelled' },
    headers: { cookie: adminCookie },
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  // Wednesday 25 (today): ghee 1 kg packed before costs were kept (no cost rate).
  clock = new Date('2026-11-25T06:00:00Z');
  await packedOrder([{ id: ghee.id, quantity: 1, packed: 1, costRatePaise: null }]);

  await t.db.insert(wastageEntries).values([
    // 2 kg of tomatoes rotten on Tuesday 24, 23:00 in Kolkata (17:30 UTC), valued at ₹25/kg.
    {
      productId: tomato.id,
      productName: 'Desi Tomato',
      quantityGrams: 2000,
      reason: 'rotten',
      costRatePaise: 2500,
      costPaise: 5000,
      createdAt: new Date('2026-11-24T17:30:00Z'),
    },
    // Sunday 22, 23:59 in Kolkata: last week.
    {
      productId: tomato.id,
      productName: 'Desi Tomato',
      quantityGrams: 1000,
      reason: 'rotten',
      costPaise: 2500,
      createdAt: new Date('2026-11-22T18:29:00Z'),
    },
    // A deleted product's write-off, its name made to look like a formula.
    {
      productId: null,
      productName: '=HYPERLINK("http://x.example","Lemon")',
      quantityGrams: 500,
      reason: 'dried',
      costPaise: 1000,
      createdAt: new Date('2026-11-25T05:00:00Z'),
    },
  ]);
});

afterAll(async () => {
  await t?.close();
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

describe('the margin report', () => {
  it('adds up this week (Monday to today) per product, against figures worked by hand', async () => {
    const response = await report('');
    expect(response.statusCode, response.body).toBe(200);
    const answer = body<Report>(response);
    expect([answer.from, answer.to]).toEqual(['2026-11-23', '2026-11-25']);
    // Tomato: 1.95 kg at ₹40 (₹78.00, 0%) + 1 kg (₹40.00) = ₹118.00 sales; cost 1.95 × 25 + 1 × 26 =
    // ₹74.75; 2 kg written off at ₹50.00; margin 118 − 74.75 − 50 = −₹6.75, −5.7 %.
    // The cancelled 3 kg and last week's bill and write-off count nowhere.
    // Ghee at 5%: ₹300 → taxable round(30000 × 100 / 105) = ₹285.71; ₹600 → ₹571.43; sales ₹857.14;
    // cost 0.5 × 480 = ₹240 (the 1 kg has no cost rate: 0, and said so); margin ₹617.14, 72.0 %.
    // The ₹30 delivery charges are nobody's sales.
    expect(answer.rows).toEqual([
      {
        productId: null,
        name: '=HYPERLINK("http://x.example","Lemon")',
        unit: 'kg',
        soldQuantity: 0,
        sales: 0,
        cost: 0,
        margin: -10,
        marginPercent: null,
        wastedQuantity: 0.5,
        wastedCost: 10,
        uncostedQuantity: 0,
      },
      {
        productId: tomato.id,
        name: 'Desi Tomato',
        unit: 'kg',
        soldQuantity: 2.95,
        sales: 118,
        cost: 74.75,
        margin: -6.75,
        marginPercent: -5.7,
        wastedQuantity: 2,
        wastedCost: 50,
        uncostedQuantity: 0,
      },
      {
        productId: ghee.id,
        name: 'Desi Cow Ghee',
        unit: 'kg',
        soldQuantity: 1.5,
        sales: 857.14,
        cost: 240,
        margin: 617.14,
        marginPercent: 72,
        wastedQuantity: 0,
        wastedCost: 0,
        uncostedQuantity: 1,
      },
    ]);
    // Sales ₹975.14, cost ₹314.75, wasted ₹60.00: margin ₹600.39, 61.6 %.
    expect(answer.totals).toEqual({ sales: 975.14, cost: 314.75, wastedCost: 60, margin: 600.39, marginPercent: 61.6 });
    expect(answer.days).toEqual([
      { date: '2026-11-23', sales: 363.71, cost: 288.75, wastedCost: 0, margin: 74.96, marginPercent: 20.6 },
      { date: '2026-11-24', sales: 40, cost: 26, wastedCost: 50, margin: -36, marginPercent: -90 },
      { date: '2026-11-25', sales: 571.43, cost: 0, wastedCost: 10, margin: 561.43, marginPercent: 98.3 },
    ]);
  });

  it("sales equal the bills register's taxable value less the delivery charges", async () => {
    const answer = body<Report>(await report('?from=2026-11-01&to=2026-11-30'));
    const register = body<{ bills: { date: string; status: string }[]; totals: { taxableValue: number } }>(
      await t.app.inject({ url: '/api/admin/bills?month=2026-11', headers: { cookie: adminCookie } }),
    );
    const bills = register.bills.filter((bill) => bill.status !== 'Cancelled').length;
    // Two bills of tomatoes only, delivery at 0% (₹30 each), and two whose principal supply is ghee at
    // 5% (₹30 → ₹28.57 taxable each); the cancelled bill counts in neither.
    expect(bills).toBe(4);
    const delivery = 2 * 30 + 2 * 28.57;
    expect(Math.round((answer.totals.sales + delivery) * 100)).toBe(Math.round(register.totals.taxableValue * 100));
    // Last week's Sunday now counts: 1 kg at ₹40 and cost ₹20; and its write-off (₹25).
    expect(answer.rows.find((row) => row.name === 'Desi Tomato')).toMatchObject({
      soldQuantity: 3.95,
      sales: 158,
      cost: 94.75,
      wastedQuantity: 3,
      wastedCost: 75,
    });
    expect(answer.days).toHaveLength(30);
  });

  it('a range in the past, or one day, reads only its bills', async () => {
    const sunday = body<Report>(await report('?from=2026-11-22&to=2026-11-22'));
    expect(sunday.rows.map((row) => [row.name, row.sales, row.cost, row.wastedCost])).toEqual([
      ['Desi Tomato', 40, 20, 25],
    ]);
    const empty = body<Report>(await report('?from=2026-10-01&to=2026-10-31'));
    expect(empty.rows).toEqual([]);
    expect(empty.totals).toEqual({ sales: 0, cost: 0, wastedCost: 0, margin: 0, marginPercent: null });
  });

  it('downloads the report as CSV, a name that looks like a formula defused', async () => {
    const response = await report('?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="margin-2026-11-23-to-2026-11-25.csv"');
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      '"Product","Unit","Sold","Sales (taxable value)","Cost","Wasted","Wasted cost","Margin","Margin %","Sold without cost"',
    );
    expect(lines[1]).toBe('"\'=HYPERLINK(""http://x.example"",""Lemon"")","kg",0,0,0,0.5,10,-10,"",0');
    expect(lines[2]).toBe('"Desi Tomato","kg",2.95,118,74.75,2,50,-6.75,-5.7,0');
    expect(lines[4]).toBe('"Total 2026-11-23 to 2026-11-25","","",975.14,314.75,"",60,600.39,61.6,""');
  });

  it('refuses bad dates, a backwards or too long range and an unknown format, and answers only admins', async () => {
    const cases: [string, string][] = [
      ['?from=2026-13-01', 'reportDateInvalid'],
      ['?to=2026-02-30', 'reportDateInvalid'],
      ['?from=1999-12-31', 'reportDateInvalid'],
      ['?from=2026-11-25&to=2026-11-01', 'reportRangeInvalid'],
      ['?from=2025-01-01&to=2026-11-01', 'reportRangeInvalid'],
      ['?format=pdf', 'reportFormatInvalid'],
    ];
    for (const [query, code] of cases) {
      const response = await report(query);
      expect(response.statusCode, query).toBe(400);
      expect(body(response).code, query).toBe(code);
    }
    expect((await report('', shopperCookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/reports/margin' })).statusCode).toBe(401);
  });
});
