/**
 * The admin orders search (issue 42) through the HTTP API, on PGlite and on PostgreSQL: `?q=` finds
 * orders by number (listed first), by the shopper's name as on the order and by mobile number, in
 * any case, counts what it finds, and reads the text as plain text (LIKE's wildcards find only
 * themselves). The plans at shop scale: orders-indexes.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { users } from '../../db/schema.js';
import type { OrderView } from './orders.presenter.js';

let t: TestApp;
let adminCookie: string;
let tomato: { id: string };

type AdminOrders = { AllOrders: OrderView[]; ordersCounts: number; OrdersCount: number };

const shipping = (mobileNumber: string) => ({ address: '12 MG Road', city: 'Pune', mobileNumber, pinCode: '411001' });

async function placeFor(firstName: string, lastName: string, mobileNumber: string): Promise<OrderView> {
  const shopper = await createUser(t.db, { firstName, lastName });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems: [{ id: tomato.id, quantity: 1 }], shippingInfo: shipping(mobileNumber) },
    headers: { cookie: await sessionCookie(t.db, shopper.id) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return body<{ order: OrderView }>(response).order;
}

const search = async (q: string, paging = '&page=1&limit=50') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/user/admin/orders?q=${encodeURIComponent(q)}${paging}`,
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<AdminOrders>(response);
};

const numbersOf = (answer: AdminOrders) => answer.AllOrders.map((order) => order.orderNumber);

let asha: OrderView;
let ashaAgain: OrderView;
let ravi: OrderView;
let percent: OrderView;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createUser(t.db, { firstName: 'Meera', lastName: 'Admin', role: 'Admin' });
  adminCookie = await sessionCookie(t.db, admin.id);
  tomato = await createProduct(t.db, { name: 'Desi Tomato', rate: 40, stockKg: 100, weightsKg: [1] });
  asha = await placeFor('Asha', 'Patel', '9876543210');
  // Ravi's mobile holds the digits of Asha's order number.
  ravi = await placeFor('Ravi', 'Kumar', `9${String(asha.orderNumber).slice(-4)}12345`);
  ashaAgain = await placeFor('ASHA', 'Deshpande', '9988776655');
  percent = await placeFor('Hundred%', 'Fresh_Mart', '9000000001');
});
afterAll(() => t?.close());

describe('the admin orders search', () => {
  it('finds by part of the shopper’s name in any case, newest first, and counts them', async () => {
    for (const q of ['asha', 'ASHA', ' Asha ']) {
      const answer = await search(q);
      expect(numbersOf(answer), q).toEqual([ashaAgain.orderNumber, asha.orderNumber]);
      expect(answer.ordersCounts).toBe(2);
      expect(answer.OrdersCount).toBe(2);
    }
    expect(numbersOf(await search('asha pat'))).toEqual([asha.orderNumber]);
    expect(numbersOf(await search('kumar'))).toEqual([ravi.orderNumber]);
  });

  it('finds the name as it is on the order, whatever the account is called later', async () => {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.firstName, 'Ravi'));
    await t.db
      .update(users)
      .set({ firstName: 'Ravindra' })
      .where(eq(users.id, row?.id as string));
    try {
      expect(numbersOf(await search('ravi kumar'))).toEqual([ravi.orderNumber]);
      expect(numbersOf(await search('ravindra'))).toEqual([]);
    } finally {
      await t.db
        .update(users)
        .set({ firstName: 'Ravi' })
        .where(eq(users.id, row?.id as string));
    }
  });

  it('finds by mobile number, whole or in part, written with spaces, dashes or +91', async () => {
    for (const q of ['9876543210', '98765 43210', '+91-98765-43210', '43210']) {
      expect(numbersOf(await search(q)), q).toEqual([asha.orderNumber]);
    }
    expect(numbersOf(await search('99887'))).toEqual([ashaAgain.orderNumber]);
  });

  it('finds an order by its number, first, before the newer orders whose mobile holds the same digits', async () => {
    const number = String(asha.orderNumber);
    // With its #, the text is a number only.
    expect(numbersOf(await search(`#${number}`))).toEqual([asha.orderNumber]);
    const digits = await search(number);
    expect(numbersOf(digits)).toEqual([asha.orderNumber, ravi.orderNumber]);
    expect(digits.ordersCounts).toBe(2);
  });

  it('reads % and _ as themselves, not as wildcards', async () => {
    expect(numbersOf(await search('%'))).toEqual([percent.orderNumber]);
    expect(numbersOf(await search('d%'))).toEqual([percent.orderNumber]);
    expect(numbersOf(await search('_'))).toEqual([percent.orderNumber]);
    expect(numbersOf(await search('a_h'))).toEqual([]);
    expect(numbersOf(await search('\\'))).toEqual([]);
  });

  it('pages what it finds, and answers every order for an empty search', async () => {
    const first = await search('a', '&page=1&limit=2');
    const second = await search('a', '&page=2&limit=2');
    expect(first.ordersCounts).toBe(4);
    expect([...numbersOf(first), ...numbersOf(second)]).toEqual(
      [percent, ashaAgain, ravi, asha].map((order) => order.orderNumber),
    );
    expect((await search('   ')).ordersCounts).toBe(4);
    expect(numbersOf(await search('nobody at all'))).toEqual([]);
  });

  it('refuses a search longer than 100 characters, and answers admins only', async () => {
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/user/admin/orders?q=${'a'.repeat(101)}`,
      headers: { cookie: adminCookie },
    });
    expect(long.statusCode).toBe(400);
    const shopper = await createUser(t.db);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/user/admin/orders?q=asha',
      headers: { cookie: await sessionCookie(t.db, shopper.id) },
    });
    expect(refused.statusCode).toBe(403);
  });
});
