/**
 * A UPI reference (12-digit UTR) is money in once across the shop (decision 0055; audit 3): an
 * order's payment, a khata payment, another shopper's khata. A second use is a 409 naming what the
 * UTR paid, and changes nothing. Across processes: `test/multi-process/billing.multi-process.test.ts`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { packAsOrdered, placeOrder } from '../../../test/place-and-pack.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { khataAccounts, khataEntries, orderBills } from '../../db/schema.js';
import type { OrderView } from '../orders/orders.presenter.js';

const NOW = new Date('2026-11-23T06:00:00Z');
let t: TestApp;
let adminCookie: string;
let tomato: { id: string };

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => NOW });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  tomato = await createProduct(t.db, { name: 'Desi Tomato', rate: 40, stockKg: 100, weightsKg: [1] });
});

afterAll(async () => {
  await t?.close();
});

async function shopperWithKhata(firstName: string) {
  const user = await createUser(t.db, { firstName, lastName: 'Rao' });
  const opened = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/khata/${user.id}`,
    payload: { creditLimit: 1000 },
    headers: { cookie: adminCookie },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return { id: user.id, cookie: await sessionCookie(t.db, user.id) };
}

const packedOrder = async (cookie: string): Promise<OrderView> =>
  packAsOrdered(t, adminCookie, await placeOrder(t, cookie, [{ id: tomato.id, quantity: 1 }]));

const payOrder = (id: string, reference: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${id}/payment`,
    payload: { method: 'UPI', reference },
    headers: { cookie: adminCookie },
  });
const payKhata = (userId: string, reference: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/khata/${userId}/payments`,
    payload: { amount: 50, method: 'UPI', reference, note: '' },
    headers: { cookie: adminCookie },
  });

async function khataBalancePaise(userId: string): Promise<number> {
  const [account] = await t.db.select().from(khataAccounts).where(eq(khataAccounts.userId, userId));
  return account?.balancePaise ?? Number.NaN;
}

describe('a UTR pays once across the shop', () => {
  it('refuses an order paid with a UTR that paid another order, naming that order; nothing changes', async () => {
    const asha = await shopperWithKhata('Asha');
    const first = await packedOrder(asha.cookie);
    const second = await packedOrder(asha.cookie);
    expect((await payOrder(first._id, '612345678901')).statusCode).toBe(200);
    const again = await payOrder(second._id, '612345678901');
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({
      code: 'utrUsedOnOrder',
      message: `The UTR 612345678901 already paid order #${first.orderNumber}: a UPI payment is recorded once`,
      values: { reference: '612345678901', order: `#${first.orderNumber}` },
    });
    const [row] = await t.db.select().from(orderBills).where(eq(orderBills.orderId, second._id));
    expect(row).toMatchObject({ paymentMethod: null, paymentReference: null, paidPaise: null });
  });

  it("refuses a khata payment, on this khata or another shopper's, with a UTR an order or a khata took", async () => {
    const asha = await shopperWithKhata('Asha');
    const ravi = await shopperWithKhata('Ravi');
    const order = await packedOrder(asha.cookie);
    expect((await payOrder(order._id, '622345678901')).statusCode).toBe(200);
    const onOrder = await payKhata(ravi.id, '622345678901');
    expect(onOrder.statusCode).toBe(409);
    expect(body(onOrder)).toMatchObject({ code: 'utrUsedOnOrder', values: { order: `#${order.orderNumber}` } });

    expect((await payKhata(asha.id, '632345678901')).statusCode).toBe(201);
    const balances = [await khataBalancePaise(asha.id), await khataBalancePaise(ravi.id)];
    for (const userId of [asha.id, ravi.id]) {
      const used = await payKhata(userId, '632345678901');
      expect(used.statusCode).toBe(409);
      expect(body(used)).toMatchObject({
        code: 'utrUsedOnKhata',
        message: 'The UTR 632345678901 already paid the khata of Asha Rao: a UPI payment is recorded once',
      });
    }
    expect([await khataBalancePaise(asha.id), await khataBalancePaise(ravi.id)]).toEqual(balances);
    const ravisEntries = await t.db
      .select()
      .from(khataEntries)
      .innerJoin(khataAccounts, eq(khataAccounts.id, khataEntries.accountId))
      .where(eq(khataAccounts.userId, ravi.id));
    expect(ravisEntries).toHaveLength(0);
  });

  it("refuses an order's payment with a UTR a khata payment took", async () => {
    const asha = await shopperWithKhata('Asha');
    expect((await payKhata(asha.id, '642345678901')).statusCode).toBe(201);
    const order = await packedOrder(asha.cookie);
    const refused = await payOrder(order._id, '642345678901');
    expect(refused.statusCode).toBe(409);
    expect(body(refused).code).toBe('utrUsedOnKhata');
    const [row] = await t.db.select().from(orderBills).where(eq(orderBills.orderId, order._id));
    expect(row?.paymentMethod).toBeNull();
  });
});
