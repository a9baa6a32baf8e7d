/**
 * Round-off half up to the rupee (contract: "Order numbers and round-off"), at the edges: a bill of
 * ₹349.50 is paid as ₹350 (+0.50), one of ₹100.49 as ₹100 (−0.49). The rounded amount, and the
 * round-off line, are the same on the order, in the UPI link, on the bill and in the bills register
 * (JSON and CSV). PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { packAsOrdered, placeOrder } from '../../../test/place-and-pack.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import type { OrderView } from '../orders/orders.presenter.js';

const UPI_ID = 'mandi.fresh@okaxis';

let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
let ghee: { id: string };
let okra: { id: string };

beforeAll(async () => {
  t = await buildTestApp({
    SHOP_LEGAL_NAME: 'Mandi Fresh Produce',
    SHOP_ADDRESS: '12, 4th Cross, Jayanagar, Bengaluru 560011',
    SHOP_STATE: 'Karnataka',
    SHOP_GSTIN: '29AAJCM4321F1ZJ',
    SHOP_UPI_ID: UPI_ID,
    INVOICE_PREFIX: 'RO',
  });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db, { firstName: 'Asha', lastName: 'Rao' })).id);
  ghee = await createProduct(t.db, {
    name: 'Desi Cow Ghee',
    rate: 699,
    stockKg: 50,
    weightsKg: [0.5, 1],
    hsnCode: '0405',
    gstRate: 5,
  });
  okra = await createProduct(t.db, { name: 'Okra', rate: 100.49, stockKg: 50, weightsKg: [1], hsnCode: '0709' });
});
afterAll(() => t?.close());

/** Places one line and packs it at its ordered weight. */
async function packedOrder(productId: string, quantity: number): Promise<OrderView> {
  const order = await placeOrder(t, shopperCookie, [{ id: productId, quantity }]);
  // Before packing the estimate is not rounded.
  expect(order.roundOff).toBe(0);
  return packAsOrdered(t, adminCookie, order);
}

async function upiAmount(id: string): Promise<string | null> {
  const response = await t.app.inject({ url: `/api/user/my/order/${id}/upi`, headers: { cookie: shopperCookie } });
  expect(response.statusCode, response.body).toBe(200);
  return new URL(body<{ upiUrl: string }>(response).upiUrl).searchParams.get('am');
}

async function billText(id: string): Promise<string> {
  const response = await t.app.inject({ url: `/api/user/my/order/${id}/invoice`, headers: { cookie: shopperCookie } });
  expect(response.statusCode, response.body).toBe(200);
  return pdfText(response.rawPayload);
}

describe('round-off, half up to the rupee', () => {
  let up: OrderView;
  let down: OrderView;

  beforeAll(async () => {
    up = await packedOrder(ghee.id, 0.5); // 0.5 Kg × ₹699 = ₹349.50
    down = await packedOrder(okra.id, 1); // 1 Kg × ₹100.49 = ₹100.49
  });

  it('rounds ₹349.50 up to ₹350 and ₹100.49 down to ₹100 on the order', () => {
    expect(up).toMatchObject({ subtotal: 349.5, shippingCharge: 0, roundOff: 0.5, total: 350 });
    expect(down).toMatchObject({ subtotal: 100.49, shippingCharge: 0, roundOff: -0.49, total: 100 });
  });

  it('asks for the rounded amount in the UPI link', async () => {
    expect(await upiAmount(up._id)).toBe('350.00');
    expect(await upiAmount(down._id)).toBe('100.00');
  });

  it('prints the round-off line and the rounded amount due on the bill', async () => {
    expect(await billText(up._id)).toMatch(/Round off 0\.50 Amount due ₹ 350\.00/);
    expect(await billText(down._id)).toMatch(/Round off -0\.49 Amount due ₹ 100\.00/);
  });

  it('keeps the round-off and the rounded total in the bills register, JSON and CSV', async () => {
    const register = await t.app.inject({ url: '/api/admin/bills', headers: { cookie: adminCookie } });
    expect(register.statusCode, register.body).toBe(200);
    const bills = body<{ bills: { orderId: string; roundOff: number; total: number }[]; totals: { roundOff: number } }>(
      register,
    );
    expect(bills.bills.find((bill) => bill.orderId === up._id)).toMatchObject({ roundOff: 0.5, total: 350 });
    expect(bills.bills.find((bill) => bill.orderId === down._id)).toMatchObject({ roundOff: -0.49, total: 100 });
    expect(bills.totals.roundOff).toBe(0.01);

    const csv = await t.app.inject({ url: '/api/admin/bills?format=csv', headers: { cookie: adminCookie } });
    const [header, ...rows] = csv.body.slice(1).trimEnd().split('\r\n');
    const columns = (header ?? '').split(',');
    const cell = (row: string | undefined, name: string) => row?.split(',')[columns.indexOf(`"${name}"`)];
    const rowOf = (invoiceNumber: string | null) => rows.find((row) => row.startsWith(`"${invoiceNumber}",`));
    expect(cell(rowOf(up.invoiceNumber), 'Round off')).toBe('0.5');
    expect(cell(rowOf(up.invoiceNumber), 'Total')).toBe('350');
    expect(cell(rowOf(down.invoiceNumber), 'Round off')).toBe('-0.49');
    expect(cell(rowOf(down.invoiceNumber), 'Total')).toBe('100');
  });
});
