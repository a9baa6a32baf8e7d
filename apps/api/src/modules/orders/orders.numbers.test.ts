/**
 * Order numbers (contract: "Order numbers and round-off"; decision 0023) through the HTTP API, on
 * PGlite and on PostgreSQL: given when placed from 1001, unique and increasing (orders placed at
 * once share a group-commit batch), never reused after a refused order, the same on every read,
 * found by `?number=` (with or without its #), and written #1042 in the confirmation and final-bill
 * mails, on the bill and in the bills register's CSV. Two processes: test/multi-process/order-numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import type { OrderView } from './orders.presenter.js';

let t: TestApp;
let shopperCookie: string;
let adminCookie: string;
let tomato: { id: string };

const shippingInfo = { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };

beforeAll(async () => {
  t = await buildTestApp({
    SHOP_LEGAL_NAME: 'Mandi Fresh Produce',
    SHOP_ADDRESS: '12 FC Road, Pune 411004',
    SHOP_STATE: 'Maharashtra',
  });
  const shopper = await createUser(t.db, { firstName: 'Asha', lastName: 'Patel' });
  const admin = await createUser(t.db, { firstName: 'Meera', lastName: 'Admin', role: 'Admin' });
  shopperCookie = await sessionCookie(t.db, shopper.id);
  adminCookie = await sessionCookie(t.db, admin.id);
  tomato = await createProduct(t.db, { name: 'Desi Tomato', rate: 38.5, stockKg: 500, weightsKg: [0.5, 1, 2] });
});
afterAll(() => t?.close());

function place(quantity = 1, cookie = shopperCookie, productId = tomato.id) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems: [{ id: productId, quantity }], shippingInfo },
    headers: { cookie },
  });
}

async function placed(quantity = 1): Promise<OrderView> {
  const response = await place(quantity);
  expect(response.statusCode, response.body).toBe(201);
  return body<{ order: OrderView }>(response).order;
}

const adminOrders = (query: string, cookie = adminCookie) =>
  t.app.inject({ method: 'GET', url: `/api/user/admin/orders${query}`, headers: { cookie } });

type AdminOrders = { AllOrders: OrderView[]; ordersCounts: number; OrdersCount: number };

describe('order numbers', () => {
  it('start at 1001 and grow with each order; every read gives the same number', async () => {
    const first = await placed();
    const second = await placed(2);
    expect(first.orderNumber).toBe(1001);
    expect(second.orderNumber).toBeGreaterThan(first.orderNumber);

    const mine = body<{ myOrders: OrderView[] }>(
      await t.app.inject({ method: 'GET', url: '/api/user/my/orders', headers: { cookie: shopperCookie } }),
    ).myOrders;
    expect(mine.map((order) => [order._id, order.orderNumber])).toEqual([
      [second._id, second.orderNumber],
      [first._id, first.orderNumber],
    ]);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/user/my/order/${first._id}`,
      headers: { cookie: shopperCookie },
    });
    expect(body<{ order: OrderView }>(one).order.orderNumber).toBe(first.orderNumber);
  });

  it('are unique and in placing order for orders placed at once (one group-commit batch)', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, () => place(0.5)));
    const orders = responses.map((response) => {
      expect(response.statusCode, response.body).toBe(201);
      return body<{ order: OrderView }>(response).order;
    });
    const numbers = orders.map((order) => order.orderNumber);
    expect(new Set(numbers).size).toBe(12);
    // Newest first in the list is highest number first.
    const listed = body<AdminOrders>(await adminOrders('')).AllOrders.map((order) => order.orderNumber);
    expect(listed).toEqual([...listed].sort((a, b) => b - a));
  });

  it('are never given again: a refused order spends nothing that a later one reuses', async () => {
    const before = body<AdminOrders>(await adminOrders('')).AllOrders.map((order) => order.orderNumber);
    const scarce = await createProduct(t.db, { name: 'Alphonso Mango', rate: 250, stockKg: 1, weightsKg: [1, 2] });
    const refused = await place(2, shopperCookie, scarce.id);
    expect(refused.statusCode).toBe(409);
    const next = await placed();
    expect(next.orderNumber).toBeGreaterThan(Math.max(...before));
    expect(before).not.toContain(next.orderNumber);
  });

  it('find one order by ?number=, written 1042 or #1042, on any page size', async () => {
    const order = await placed(2);
    for (const query of [
      `?number=${order.orderNumber}`,
      `?number=%23${order.orderNumber}`,
      `?number=${encodeURIComponent(` #${order.orderNumber} `)}`,
      `?number=${order.orderNumber}&page=1&limit=50`,
    ]) {
      const response = await adminOrders(query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      const answer = body<AdminOrders>(response);
      expect(answer.AllOrders.map((found) => found._id)).toEqual([order._id]);
      expect(answer.AllOrders[0]?.orderNumber).toBe(order.orderNumber);
      expect(answer.ordersCounts).toBe(1);
      expect(answer.OrdersCount).toBe(1);
    }
    const none = body<AdminOrders>(await adminOrders('?number=999999'));
    expect(none).toMatchObject({ AllOrders: [], ordersCounts: 0, OrdersCount: 0 });
  });

  it('refuses a ?number= that is not an order number, and answers admins only', async () => {
    for (const bad of ['abc', '0', '-5', '10.5', '99999999999', '5e46fa02']) {
      const response = await adminOrders(`?number=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(JSON.stringify(body(response).message)).toContain('must be an order number, like 1042 or #1042');
    }
    expect((await adminOrders('?number=1001', shopperCookie)).statusCode).toBe(403);
  });

  it('is in the confirmation mail and the final-bill mail, written #1042', async () => {
    t.mails.length = 0;
    const order = await placed(1);
    await t.settle();
    const number = `#${order.orderNumber}`;
    // An earlier test's mail may still be delivered after the list was emptied: find this order's.
    const confirmation = t.mails.find((mail) => mail.subject.startsWith(`Your Mandi order ${number}:`));
    expect(confirmation?.subject).toBe(`Your Mandi order ${number}: ₹38.50`);
    expect(confirmation?.text).toContain(`Thank you for your order ${number}.`);
    expect(confirmation?.html).toContain(`Thank you for your order ${number}.`);
    expect(confirmation?.text).not.toContain(`order ${order._id}`);

    t.mails.length = 0;
    const packed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order._id}/pack`,
      payload: { items: [{ _id: order.orderItems[0]?._id, packedQuantity: 1.01 }] },
      headers: { cookie: adminCookie },
    });
    expect(packed.statusCode, packed.body).toBe(200);
    await t.settle();
    const bill = t.mails.find((mail) => mail.subject.startsWith(`Your Mandi order ${number} is packed`));
    // 1.01 Kg × ₹38.50 = ₹38.885 → ₹38.89, paid as ₹39.
    expect(bill?.subject).toBe(`Your Mandi order ${number} is packed: amount due ₹39`);
    expect(bill?.text).toContain(`Your order ${number} has been weighed and packed.`);
  });

  it('is on the bill and in the bills register (JSON and CSV)', async () => {
    const order = await placed(2);
    const packed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order._id}/pack`,
      payload: { items: [{ _id: order.orderItems[0]?._id, packedQuantity: 2 }] },
      headers: { cookie: adminCookie },
    });
    expect(packed.statusCode, packed.body).toBe(200);
    const invoiceNumber = body<{ order: OrderView }>(packed).order.invoiceNumber;

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/user/my/order/${order._id}/invoice`,
      headers: { cookie: shopperCookie },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(new RegExp(`Order:\\s*#${order.orderNumber}\\b`));
    expect(text).not.toContain(order._id);

    const register = await t.app.inject({ method: 'GET', url: '/api/admin/bills', headers: { cookie: adminCookie } });
    expect(register.statusCode, register.body).toBe(200);
    const entry = body<{ bills: { orderId: string; orderNumber: number; invoiceNumber: string }[] }>(
      register,
    ).bills.find((bill) => bill.orderId === order._id);
    expect(entry).toMatchObject({ orderNumber: order.orderNumber, invoiceNumber });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bills?format=csv',
      headers: { cookie: adminCookie },
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.slice(1).trimEnd().split('\r\n');
    expect(rows[0]?.startsWith('"Invoice number","Order","Date",')).toBe(true);
    const row = rows.find((line) => line.startsWith(`"${invoiceNumber}",`));
    expect(row?.split(',')[1]).toBe(`"#${order.orderNumber}"`);
  });
});
