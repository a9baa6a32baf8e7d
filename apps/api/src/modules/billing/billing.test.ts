/**
 * Tax-ready bills and UPI through the HTTP API (contract: "Tax-ready bills and UPI"): product tax
 * fields, the number given at packing, the PDF read back with pdfjs-dist, who may see it, the UPI
 * link, payments and the bills register. The process runs as New York time so that every shop
 * date below must come from shop time, not from TZ.
 */

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct, createUser } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { deliveryZones, invoiceCounters, orderEvents, products } from '../../db/schema.js';
import type { OrderView } from '../orders/orders.presenter.js';

const ORIGINAL_TZ = process.env.TZ;
const GSTIN = '29AAJCM4321F1ZJ';
const UPI_ID = 'mandi.fresh@okaxis';

/** Monday 23 November 2026, 11:30 in Kolkata. */
let clock = new Date('2026-11-23T06:00:00Z');

let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
let otherCookie: string;
let tomato: { id: string };
let ghee: { id: string };

const BENGALURU = {
  address: '7th Main Road, Jayanagar',
  city: 'Bengaluru',
  mobileNumber: '9876543210',
  pinCode: '560011',
};
const PUNE = { address: '12 FC Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411004' };

type Order = OrderView;

beforeAll(async () => {
  process.env.TZ = 'America/New_York';
  t = await buildTestApp(
    {
      SHOP_LEGAL_NAME: 'Mandi Fresh Produce',
      SHOP_ADDRESS: '12, 4th Cross, Jayanagar, Bengaluru 560011',
      SHOP_STATE: 'Karnataka',
      SHOP_GSTIN: GSTIN,
      SHOP_UPI_ID: UPI_ID,
      INVOICE_PREFIX: 'MND',
    },
    { now: () => clock },
  );
  const admin = await createUser(t.db, { role: 'Admin' });
  const shopper = await createUser(t.db, { firstName: 'Asha', lastName: 'Rao' });
  const other = await createUser(t.db, { firstName: 'Ravi', lastName: 'Kumar' });
  adminCookie = await sessionCookie(t.db, admin.id);
  shopperCookie = await sessionCookie(t.db, shopper.id);
  otherCookie = await sessionCookie(t.db, other.id);
  tomato = await createProduct(t.db, {
    name: 'Desi Tomato',
    rate: 38,
    stockKg: 500,
    weightsKg: [1, 2],
    hsnCode: '0702',
    gstRate: 0,
  });
  ghee = await createProduct(t.db, {
    name: 'Desi Cow Ghee',
    rate: 699,
    stockKg: 500,
    weightsKg: [0.5, 1],
    hsnCode: '0405',
    gstRate: 5,
  });
  // A ₹30 delivery fee everywhere, so the bill has its delivery line.
  await t.db.insert(deliveryZones).values({
    name: 'All India',
    pinPrefixes: ['1', '2', '3', '4', '5', '6', '7', '8'],
    deliveryFeePaise: 3000,
  });
});

afterAll(async () => {
  await t?.close();
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

async function place(lines: { id: string; quantity: number }[], shippingInfo = BENGALURU, cookie = shopperCookie) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems: lines, shippingInfo },
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  return body<{ order: Order }>(response).order;
}

/** Packs every line at its ordered weight (or the weights given, kg by line index). */
async function pack(order: Order, weights: number[] = []) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${order._id}/pack`,
    payload: {
      items: order.orderItems.map((item, i) => ({ _id: item._id, packedQuantity: weights[i] ?? item.quantity })),
    },
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ order: Order }>(response).order;
}

const invoice = (id: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/my/order/${id}/invoice`, headers: cookie ? { cookie } : {} });
const upi = (id: string, cookie = shopperCookie) =>
  t.app.inject({ method: 'GET', url: `/api/user/my/order/${id}/upi`, headers: { cookie } });
const pay = (id: string, payload: unknown, cookie = adminCookie) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${id}/payment`,
    payload: payload as object,
    headers: { cookie },
  });
const setStatus = (id: string, oStatus: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/user/update/order/${id}`,
    payload: { oStatus },
    headers: { cookie: adminCookie },
  });

async function billText(id: string, cookie = shopperCookie): Promise<string> {
  const response = await invoice(id, cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return pdfText(response.rawPayload);
}

describe('product tax fields', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
  });
  const image = () => `data:image/png;base64,${png.toString('base64')}`;
  const add = (json: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/product/add', payload: json, headers: { cookie: adminCookie } });

  it("takes the category's defaults when added without them, and the given ones otherwise", async () => {
    const dairy = await createCategory(t.db, 'Dairy');
    const base = { rate: 68, stocks: 10, kilogramOption: ['1'], category: dairy.id, image: image() };
    const milk = await add({ ...base, name: 'Cow Milk' });
    expect(milk.statusCode, milk.body).toBe(201);
    expect(body(milk).newProduct).toMatchObject({ hsnCode: '0401', gstRate: 0 });
    const butter = await add({ ...base, name: 'White Butter', hsnCode: '0405', gstRate: '5' });
    expect(body(butter).newProduct).toMatchObject({ hsnCode: '0405', gstRate: 5 });

    const unknown = await createCategory(t.db, 'Festival Specials');
    const sweet = await add({ ...base, name: 'Sugarcane', category: unknown.id });
    expect(body(sweet).newProduct).toMatchObject({ hsnCode: '0709', gstRate: 0 });
  });

  it('refuses a bad HSN code or GST rate with clear messages and stores nothing', async () => {
    const category = await createCategory(t.db);
    const response = await add({
      name: 'Cashew',
      rate: 900,
      stocks: 5,
      kilogramOption: ['1'],
      category: category.id,
      image: image(),
      hsnCode: '08A1',
      gstRate: '7',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).message).toEqual([
      'HSN code must be 4 to 8 digits',
      'GST rate must be one of 0, 5, 12, 18, 40 (percent)',
    ]);
    const [row] = await t.db.select().from(products).where(eq(products.name, 'Cashew'));
    expect(row).toBeUndefined();
  });

  it('updates the tax fields when sent and keeps them when not', async () => {
    const category = await createCategory(t.db);
    const product = await createProduct(t.db, { categoryId: category.id, hsnCode: '0802', gstRate: 5 });
    const fields = { name: product.name, rate: 500, stocks: 5, kilogramOption: ['1'], category: category.id };
    const update = (json: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/product/update/${product.id}`,
        payload: json,
        headers: { cookie: adminCookie },
      });
    expect((await update({ ...fields, hsnCode: '08013210', gstRate: 12 })).statusCode).toBe(200);
    const read = async () =>
      body<{ product: { hsnCode: string; gstRate: number } }>(
        await t.app.inject({ url: `/api/product/getSingleProduct/${product.id}` }),
      ).product;
    expect(await read()).toMatchObject({ hsnCode: '08013210', gstRate: 12 });
    expect((await update(fields)).statusCode).toBe(200);
    expect(await read()).toMatchObject({ hsnCode: '08013210', gstRate: 12 });
    const bad = await update({ ...fields, gstRate: 28 });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toEqual(['GST rate must be one of 0, 5, 12, 18, 40 (percent)']);
  });
});

describe('the bill', () => {
  it('is refused (409) until the order is packed, then numbered once; a re-pack keeps the number', async () => {
    const order = await place([{ id: tomato.id, quantity: 2 }]);
    expect(order).toMatchObject({ invoiceNumber: null, payment: null });
    const early = await invoice(order._id, shopperCookie);
    expect(early.statusCode).toBe(409);
    expect(body(early).message).toBe('The bill is not final yet: it is made when the order is packed');

    const packed = await pack(order, [2.1]);
    expect(packed.invoiceNumber).toMatch(/^MND\/26-27\/\d{6}$/);
    const again = await pack(order, [1.9]);
    expect(again.invoiceNumber).toBe(packed.invoiceNumber);
    const listed = body<{ myOrders: Order[] }>(
      await t.app.inject({ url: '/api/user/my/orders', headers: { cookie: shopperCookie } }),
    ).myOrders.find((o) => o._id === order._id);
    expect(listed?.invoiceNumber).toBe(packed.invoiceNumber);

    const response = await invoice(order._id, shopperCookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${packed.invoiceNumber?.replaceAll('/', '-')}.pdf"`,
    );
  });

  it("is the owner's or an admin's: another shopper gets 404, nobody logged in 401", async () => {
    const order = await pack(await place([{ id: tomato.id, quantity: 1 }]));
    expect((await invoice(order._id, otherCookie)).statusCode).toBe(404);
    expect((await invoice(order._id)).statusCode).toBe(401);
    expect((await invoice(order._id, adminCookie)).statusCode).toBe(200);
    expect((await invoice('00000000-0000-4000-8000-000000000000', adminCookie)).statusCode).toBe(404);
    expect((await invoice('not-an-id', adminCookie)).statusCode).toBe(404);
    expect((await upi(order._id, otherCookie)).statusCode).toBe(404);
  });

  it('is a Bill of Supply for produce alone, printed with every figure the buyer needs', async () => {
    const order = await pack(await place([{ id: tomato.id, quantity: 2 }]), [2.015]);
    const text = await billText(order._id);
    expect(text).toMatch(/^Bill of Supply /);
    expect(text).toContain('Mandi Fresh Produce');
    expect(text).toContain(`GSTIN: ${GSTIN}`);
    expect(text).toContain(`Number: ${order.invoiceNumber}`);
    expect(text).toContain('Date: 23 Nov 2026');
    expect(text).toContain('Asha Rao');
    expect(text).toContain('7th Main Road, Jayanagar, Bengaluru 560011');
    expect(text).toContain('State: Karnataka');
    // 2.015 Kg × ₹38 = ₹76.57, exempt; the ₹30 delivery follows the main supply: exempt too.
    expect(text).toContain('1 0702 Desi Tomato 2.015 KGS 38.00 76.57 0% 0.00 76.57');
    expect(text).toContain('2 0702 Delivery charge 30.00 0% 0.00 30.00');
    // Paid in whole rupees: 106.57 + 0.43 (decision 0017).
    expect(text).toContain('Taxable value 106.57 CGST 0.00 SGST 0.00 Round off 0.43 Amount due ₹ 107.00');
    expect(text).toContain('Rupees One Hundred Seven Only');
    expect(text).toContain('Supply of goods exempt from GST: no tax is charged.');
    expect(text).toContain('This is a computer-generated document');
    expect(text).not.toContain('CANCELLED');
  });

  it('is a Tax Invoice for ghee alone: CGST + SGST in state, IGST out of state', async () => {
    const local = await pack(await place([{ id: ghee.id, quantity: 1 }]), [0.51]);
    const text = await billText(local._id);
    expect(text).toMatch(/^Tax Invoice /);
    // 0.51 Kg × ₹699 = ₹356.49: taxable 339.51, tax 16.98; delivery ₹30 at 5%: 28.57 + 1.43.
    expect(text).toContain('1 0405 Desi Cow Ghee 0.51 KGS 699.00 339.51 5% 16.98 356.49');
    expect(text).toContain('Delivery charge 28.57 5% 1.43 30.00');
    expect(text).toContain('Taxable value 368.08 CGST 9.21 SGST 9.20 Round off -0.49 Amount due ₹ 386.00');
    expect(text).toContain('Rupees Three Hundred Eighty-Six Only');

    const far = await pack(await place([{ id: ghee.id, quantity: 1 }], PUNE), [0.51]);
    const farText = await billText(far._id);
    expect(farText).toContain('Place of supply: Maharashtra (27)');
    expect(farText).toContain('Taxable value 368.08 IGST 18.41 Round off -0.49 Amount due ₹ 386.00');
    expect(farText).not.toContain('CGST');
  });

  it('is an Invoice-cum-Bill of Supply for a mixed basket, its lines adding up to the amount due', async () => {
    const order = await pack(
      await place([
        { id: tomato.id, quantity: 2 },
        { id: ghee.id, quantity: 0.5 },
      ]),
      [1.987, 0.503],
    );
    const text = await billText(order._id);
    expect(text).toMatch(/^Invoice-cum-Bill of Supply /);
    // 1.987 × 38 = 75.51 (0%); 0.503 × 699 = 351.60 → 334.86 + 16.74 (5%); delivery 30 at 5%.
    expect(order.total).toBe(457);
    expect(order.roundOff).toBe(-0.11);
    expect(text).toContain('Taxable value 438.94 CGST 9.09 SGST 9.08 Round off -0.11 Amount due ₹ 457.00');
    expect(text).toContain('Tax by rate ( ₹ ) 0%: taxable 75.51, tax 0.00');
  });

  it('keeps the HSN code and rate the line was sold at when the product changes later', async () => {
    const order = await place([{ id: ghee.id, quantity: 0.5 }]);
    await t.db.update(products).set({ hsnCode: '0406', gstRate: 12 }).where(eq(products.id, ghee.id));
    try {
      const text = await billText((await pack(order))._id);
      expect(text).toContain('0405 Desi Cow Ghee');
      expect(text).toContain('5%');
      expect(text).not.toContain('12%');
    } finally {
      await t.db.update(products).set({ hsnCode: '0405', gstRate: 5 }).where(eq(products.id, ghee.id));
    }
  });

  it('is numbered when shipped unpacked, and a cancelled order keeps its number and says CANCELLED', async () => {
    const shipped = await place([{ id: tomato.id, quantity: 1 }]);
    expect((await setStatus(shipped._id, 'Shipped')).statusCode).toBe(200);
    const [read] = body<{ myOrders: Order[] }>(
      await t.app.inject({ url: '/api/user/my/orders', headers: { cookie: shopperCookie } }),
    ).myOrders.filter((o) => o._id === shipped._id);
    expect(read?.invoiceNumber).toMatch(/^MND\/26-27\//);

    const packed = await pack(await place([{ id: tomato.id, quantity: 1 }]));
    const cancelled = await setStatus(packed._id, 'Cancelled');
    expect(cancelled.statusCode).toBe(200);
    expect(body<{ Order: Order }>(cancelled).Order.invoiceNumber).toBe(packed.invoiceNumber);
    const text = await billText(packed._id);
    expect(text).toContain('CANCELLED');
    expect(text).toContain(`Number: ${packed.invoiceNumber}`);

    // Cancelled before packing: never numbered, so no bill.
    const never = await place([{ id: tomato.id, quantity: 1 }]);
    await setStatus(never._id, 'Cancelled');
    expect((await invoice(never._id, shopperCookie)).statusCode).toBe(409);
  });
});

describe('UPI and payments', () => {
  it('gives the upi://pay link for the amount due of a packed order', async () => {
    const order = await place([{ id: ghee.id, quantity: 1 }]);
    const early = await upi(order._id);
    expect(early.statusCode).toBe(409);
    expect(body(early).message).toBe('The amount due is known once the order is packed');
    const packed = await pack(order, [0.51]);
    const response = await upi(order._id);
    expect(response.statusCode, response.body).toBe(200);
    const answer = body<{ upiUrl: string; amount: number }>(response);
    // The rounded amount due, not the lines' 386.49.
    expect(answer.amount).toBe(386);
    const url = new URL(answer.upiUrl);
    expect(url.protocol).toBe('upi:');
    expect(answer.upiUrl.startsWith('upi://pay?')).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pa: UPI_ID,
      pn: 'Mandi Fresh Produce',
      am: '386.00',
      cu: 'INR',
      tn: packed.invoiceNumber,
    });
    expect(answer.upiUrl).toContain('tn=MND%2F26-27%2F');
    expect((await upi(order._id, adminCookie)).statusCode).toBe(200);
  });

  it('records a payment once, by an admin, with a UTR for UPI; the QR link stops', async () => {
    const order = await pack(await place([{ id: tomato.id, quantity: 1 }]));
    expect((await pay(order._id, { method: 'UPI', reference: '12345' })).statusCode).toBe(400);
    expect(body(await pay(order._id, { method: 'UPI' })).message).toBe(
      'A UPI payment needs its reference: the 12-digit UTR shown in the payment app',
    );
    expect((await pay(order._id, { method: 'Card', reference: '' })).statusCode).toBe(400);
    expect((await pay(order._id, { method: 'Cash' }, shopperCookie)).statusCode).toBe(403);

    const paid = await pay(order._id, { method: 'UPI', reference: ' 633012345678 ' });
    expect(paid.statusCode, paid.body).toBe(200);
    const paidOrder = body<{ order: Order }>(paid).order;
    expect(paidOrder.payment).toMatchObject({ method: 'UPI', reference: '633012345678' });
    expect(Date.parse(paidOrder.payment?.paidAt ?? '')).not.toBeNaN();

    const again = await pay(order._id, { method: 'Cash' });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('This order is already paid (UPI 633012345678)');
    expect((await upi(order._id)).statusCode).toBe(409);
    expect(body(await upi(order._id)).message).toBe('This order is already paid');

    // The shopper sees it, and the history says who recorded it (for an admin).
    const read = body<{ order: Order & { history: { kind: string; changes: unknown }[] } }>(
      await t.app.inject({ url: `/api/user/my/order/${order._id}`, headers: { cookie: shopperCookie } }),
    ).order;
    expect(read.payment?.method).toBe('UPI');
    expect(read.history.at(-1)).toMatchObject({
      kind: 'payment',
      changes: { payment: { from: null, to: { method: 'UPI', reference: '633012345678' } } },
    });
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(events.filter((event) => event.kind === 'payment')).toHaveLength(1);
    expect(await billText(order._id)).toContain('Paid by UPI (reference 633012345678)');
  });

  it('takes cash without a reference, refuses unpacked, cancelled and unknown orders', async () => {
    const unpacked = await place([{ id: tomato.id, quantity: 1 }]);
    const early = await pay(unpacked._id, { method: 'Cash' });
    expect(early.statusCode).toBe(409);
    expect(body(early).message).toBe('Pack the order first: the amount due is known once it is packed');

    const cash = await pay((await pack(unpacked))._id, { method: 'Cash' });
    expect(cash.statusCode).toBe(200);
    expect(body<{ order: Order }>(cash).order.payment).toMatchObject({ method: 'Cash', reference: '' });

    const cancelled = await pack(await place([{ id: tomato.id, quantity: 1 }]));
    await setStatus(cancelled._id, 'Cancelled');
    const refused = await pay(cancelled._id, { method: 'Cash' });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe('This order is cancelled: no payment can be recorded');
    expect((await upi(cancelled._id)).statusCode).toBe(409);
    expect((await pay('00000000-0000-4000-8000-000000000000', { method: 'Cash' })).statusCode).toBe(404);
  });
});

describe('the bills register', () => {
  const register = (query: string, cookie = adminCookie) =>
    t.app.inject({ url: `/api/admin/bills${query}`, headers: { cookie } });

  it('lists the month’s bills in number order with tax by rate; cancelled ones out of the totals', async () => {
    const response = await register('?month=2026-11');
    expect(response.statusCode, response.body).toBe(200);
    const answer = body<{
      month: string;
      bills: {
        invoiceNumber: string;
        date: string;
        buyer: string;
        kind: string;
        status: string;
        total: number;
        tax: number;
        roundOff: number;
        taxableValue: number;
        taxByRate: { rate: number; taxableValue: number; tax: number }[];
      }[];
      totals: {
        total: number;
        tax: number;
        roundOff: number;
        taxableValue: number;
        taxByRate: { rate: number; tax: number }[];
      };
    }>(response);
    expect(answer.month).toBe('2026-11');
    const numbers = answer.bills.map((bill) => bill.invoiceNumber);
    expect(numbers.length).toBeGreaterThan(5);
    expect(numbers).toEqual(numbers.map((_, i) => `MND/26-27/${String(i + 1).padStart(6, '0')}`));
    expect(answer.bills.every((bill) => bill.date === '2026-11-23' && bill.buyer === 'Asha Rao')).toBe(true);
    expect(answer.bills.some((bill) => bill.status === 'Cancelled')).toBe(true);
    const kept = answer.bills.filter((bill) => bill.status !== 'Cancelled');
    const paise = (rupees: number) => Math.round(rupees * 100);
    expect(paise(answer.totals.total)).toBe(kept.reduce((sum, bill) => sum + paise(bill.total), 0));
    expect(paise(answer.totals.taxableValue) + paise(answer.totals.tax) + paise(answer.totals.roundOff)).toBe(
      paise(answer.totals.total),
    );
    for (const bill of answer.bills) {
      // Whole rupees: the round-off comes after the tax.
      expect(paise(bill.total) % 100).toBe(0);
      expect(paise(bill.taxableValue) + paise(bill.tax) + paise(bill.roundOff)).toBe(paise(bill.total));
      expect(bill.taxByRate.reduce((sum, r) => sum + paise(r.taxableValue) + paise(r.tax), 0)).toBe(
        paise(bill.total) - paise(bill.roundOff),
      );
    }
    expect(answer.bills.some((bill) => bill.roundOff !== 0)).toBe(true);
    expect(answer.totals.taxByRate.map((r) => r.rate)).toEqual([0, 5]);

    // The default month is the current one in shop time.
    expect(body<{ month: string }>(await register('')).month).toBe('2026-11');
    expect(body<{ bills: unknown[] }>(await register('?month=2026-10')).bills).toEqual([]);
  });

  it('exports CSV for a spreadsheet: BOM, a header, one row per bill, tax columns per rate', async () => {
    const response = await register('?month=2026-11&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bills-2026-11.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = response.body.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      [
        'Invoice number',
        'Order',
        'Date',
        'Buyer',
        'Document',
        'Status',
        'Taxable value 0%',
        'Taxable value 5%',
        'GST 5%',
        'Taxable value 12%',
        'GST 12%',
        'Taxable value 18%',
        'GST 18%',
        'Taxable value 40%',
        'GST 40%',
        'Taxable value',
        'Total GST',
        'Round off',
        'Total',
        'Payment',
        'Payment reference',
        'Refund',
        'Refund reference',
        'Refund amount',
      ]
        .map((name) => `"${name}"`)
        .join(','),
    );
    const json = body<{ bills: { invoiceNumber: string }[] }>(await register('?month=2026-11'));
    expect(rows).toHaveLength(json.bills.length + 1);
    // Text quoted, amounts as plain numbers a spreadsheet sums.
    expect(rows[1]).toMatch(
      /^"MND\/26-27\/000001","#\d{4,}","2026-11-23","Asha Rao","Bill of Supply","\w+",\d+(\.\d+)?,/,
    );
    expect(rows.find((row) => row.includes('"UPI","633012345678"'))).toBeDefined();
  });

  it('is for admins only and checks the month and format', async () => {
    expect((await register('?month=2026-11', shopperCookie)).statusCode).toBe(403);
    const bad = await register('?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(body(bad).message)).toContain('month must be YYYY-MM');
    expect((await register('?format=xlsx')).statusCode).toBe(400);
  });
});

// After the register, which counts Asha Rao's bills of the day only.
describe('the bill in Hindi', () => {
  let hindiCookie: string;
  let hindiOrder: Order;

  /** The bill's text as read back, asked for with `query` (`?lang=...` or nothing). */
  async function billIn(id: string, query: string, cookie: string) {
    const response = await t.app.inject({ url: `/api/user/my/order/${id}/invoice${query}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return { language: response.headers['content-language'], text: await pdfText(response.rawPayload) };
  }

  beforeAll(async () => {
    const shopper = await createUser(t.db, { firstName: 'Meera', lastName: 'Iyer' });
    hindiCookie = await sessionCookie(t.db, shopper.id);
    hindiOrder = await pack(
      await place(
        [
          { id: tomato.id, quantity: 2 },
          { id: ghee.id, quantity: 0.5 },
        ],
        BENGALURU,
        hindiCookie,
      ),
      [1.987, 0.503],
    );
  });

  it('with ?lang=hi prints every fixed text in Hindi, figures in Latin digits, the amount in Hindi words', async () => {
    const { language, text } = await billIn(hindiOrder._id, '?lang=hi', hindiCookie);
    expect(language).toBe('hi');
    // pdf.js reads a word and the punctuation after it (- : ( ) /), drawn in two fonts, as two pieces.
    expect(text).toMatch(/^बीजक - सह - आपूर्ति बिल \(Invoice-cum-Bill of Supply\) /);
    expect(text).toContain(`क्रमांक : ${hindiOrder.invoiceNumber}`);
    expect(text).toContain('दिनांक : 23 नवंबर 2026');
    expect(text).toContain('आपूर्ति का स्थान : Karnataka (29)');
    expect(text).toContain('ग्राहक ( बिल और डिलीवरी का पता ) Meera Iyer');
    expect(text).toContain('राज्य : Karnataka · मोबाइल : 9876543210');
    expect(text).toContain('# HSN विवरण मात्रा दर ₹ कर योग्य ₹ GST % CGST+SGST ₹ राशि ₹');
    // Product names are data and stay as sold; the delivery line's label is a fixed text.
    expect(text).toContain('1 0702 Desi Tomato 1.987 KGS 38.00 75.51 0% 0.00 75.51');
    expect(text).toContain('डिलीवरी शुल्क 28.57 5% 1.43 30.00');
    expect(text).toContain('कर योग्य मूल्य 438.94 CGST 9.09 SGST 9.08 पूर्णांकन -0.11 देय राशि ₹ 457.00');
    expect(text).toContain('राशि शब्दों में चार सौ सत्तावन रुपये मात्र');
    expect(text).toContain('0% वाली पंक्तियाँ छूट प्राप्त आपूर्ति हैं ( आपूर्ति बिल ); बाक़ी कर योग्य हैं ( कर बीजक ) ।');
    expect(text).toContain('यह कंप्यूटर द्वारा बनाया गया दस्तावेज़ है');
    expect(text).not.toMatch(/Amount due|Rupees|Description|computer-generated/);
  });

  it("is written in the shopper's chosen language when none is asked for, for the shopper and for an admin", async () => {
    const english = await billIn(hindiOrder._id, '', hindiCookie);
    expect(english.language).toBe('en');
    expect(english.text).toMatch(/^Invoice-cum-Bill of Supply /);

    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      payload: { language: 'hi' },
      headers: { cookie: hindiCookie },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    for (const cookie of [hindiCookie, adminCookie]) {
      const { language, text } = await billIn(hindiOrder._id, '', cookie);
      expect(language).toBe('hi');
      expect(text).toContain('देय राशि ₹ 457.00');
    }
    // Asked for, English wins over the stored Hindi.
    const asked = await billIn(hindiOrder._id, '?lang=en', hindiCookie);
    expect(asked.language).toBe('en');
    expect(asked.text).toContain('Amount due ₹ 457.00');
    expect(asked.text).toContain('Rupees Four Hundred Fifty-Seven Only');
  });

  it('refuses a language it does not have with a clear message', async () => {
    for (const query of ['?lang=fr', '?lang=HI', '?lang=']) {
      const response = await t.app.inject({
        url: `/api/user/my/order/${hindiOrder._id}/invoice${query}`,
        headers: { cookie: hindiCookie },
      });
      expect(response.statusCode, query).toBe(400);
      expect(body<{ message: string }>(response).message).toBe(
        "lang: the bill's language must be en (English) or hi (Hindi)",
      );
    }
  });
});

describe('numbering across the financial year', () => {
  it('ends 2026-27 at 31 March 23:59 and starts 2027-28 at 000001 on 1 April 00:00, shop time', async () => {
    const before = await place([{ id: tomato.id, quantity: 1 }]);
    const after = await place([{ id: tomato.id, quantity: 1 }]);
    const [counter] = await t.db.select().from(invoiceCounters).where(eq(invoiceCounters.financialYear, '2026-27'));
    clock = new Date('2027-03-31T18:29:30Z'); // 23:59:30 on 31 March in Kolkata, 14:29 in New York
    const last = await pack(before);
    expect(last.invoiceNumber).toBe(`MND/26-27/${String((counter?.lastSeq ?? 0) + 1).padStart(6, '0')}`);
    clock = new Date('2027-03-31T18:30:00Z'); // 00:00 on 1 April in Kolkata, still 31 March in New York
    const first = await pack(after);
    expect(first.invoiceNumber).toBe('MND/27-28/000001');

    const march = body<{ bills: { invoiceNumber: string; date: string }[] }>(
      await t.app.inject({ url: '/api/admin/bills?month=2027-03', headers: { cookie: adminCookie } }),
    ).bills;
    expect(march).toEqual([expect.objectContaining({ invoiceNumber: last.invoiceNumber, date: '2027-03-31' })]);
    const april = body<{ bills: { invoiceNumber: string; date: string }[] }>(
      await t.app.inject({ url: '/api/admin/bills?month=2027-04', headers: { cookie: adminCookie } }),
    ).bills;
    expect(april).toEqual([expect.objectContaining({ invoiceNumber: 'MND/27-28/000001', date: '2027-04-01' })]);
  });
});

describe('a shop without GSTIN or UPI', () => {
  let plain: TestApp;
  let cookie: string;
  let admin: string;
  beforeAll(async () => {
    plain = await buildTestApp({ SHOP_STATE: 'Karnataka', INVOICE_PREFIX: 'SHP' });
    cookie = await sessionCookie(plain.db, (await createUser(plain.db)).id);
    admin = await sessionCookie(plain.db, (await createUser(plain.db, { role: 'Admin' })).id);
  });
  afterAll(() => plain?.close());

  it('issues a Bill of Supply even for ghee, and has no UPI link', async () => {
    const product = await createProduct(plain.db, {
      name: 'Desi Cow Ghee',
      rate: 699,
      weightsKg: [1],
      hsnCode: '0405',
      gstRate: 5,
    });
    const placed = await plain.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      payload: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: BENGALURU },
      headers: { cookie },
    });
    const order = body<{ order: Order }>(placed).order;
    const packed = await plain.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order._id}/pack`,
      payload: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: 1 })) },
      headers: { cookie: admin },
    });
    expect(body<{ order: Order }>(packed).order.invoiceNumber).toMatch(/^SHP\/\d{2}-\d{2}\/000001$/);
    const pdf = await plain.app.inject({ url: `/api/user/my/order/${order._id}/invoice`, headers: { cookie } });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(/^Bill of Supply /);
    expect(text).toContain('Not registered under GST');
    expect(text).not.toContain('GSTIN');
    expect(text).toContain('699.00 0% 0.00 699.00');
    const link = await plain.app.inject({ url: `/api/user/my/order/${order._id}/upi`, headers: { cookie } });
    expect(link.statusCode).toBe(404);
    expect(body(link).message).toBe('This shop does not take UPI payments');
  });
});
