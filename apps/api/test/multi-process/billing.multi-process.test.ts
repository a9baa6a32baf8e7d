/**
 * Bill numbers across two real server processes on one PostgreSQL database: 50 orders packed at
 * once, spread over both, get 000001..000050 exactly once, and the series' counter says 50. One
 * UTR sent as the payment of several orders and khatas at once, on both servers, pays once.
 * Runs only when TEST_DATABASE_URL is set (PGlite is one process).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceCounters, khataEntries, orderBills, upiReferences } from '../../src/db/schema.js';
import { financialYearOf } from '../../src/modules/billing/billing.rules.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { ADMIN, call, login, runLimited, type ServerProcess, SHIPPING, useServerGroup } from '../server-process.js';

const ORDERS = 50;

describe.skipIf(!process.env.TEST_DATABASE_URL)('bill numbers shared by two server processes', () => {
  const group = useServerGroup(2, { INVOICE_PREFIX: 'MP' });

  it(`numbers ${ORDERS} concurrent packs 000001..0000${ORDERS} exactly once`, async () => {
    const [a, b] = group.servers as [ServerProcess, ServerProcess];
    const product = await createProduct(group.db.db, {
      name: 'Desi Cow Ghee',
      stockKg: 1000,
      weightsKg: [1],
      gstRate: 5,
      hsnCode: '0405',
    });
    const shopper = await createUser(group.db.db);
    const shopperCookie = await login(a.url, shopper.email, TEST_PASSWORD);
    const adminCookies = [
      await login(a.url, ADMIN.email, ADMIN.password),
      await login(b.url, ADMIN.email, ADMIN.password),
    ];

    const placed = await runLimited(
      Array.from(
        { length: ORDERS },
        () => () =>
          call(a.url, 'POST', '/api/user/new/order', {
            cookie: shopperCookie,
            json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING },
          }),
      ),
      8,
    );
    expect(placed.map((answer) => answer.status)).toEqual(Array(ORDERS).fill(201));
    const placedOrders = placed.map((answer) => answer.body.order as { _id: string; orderItems: { _id: string }[] });

    // All at once, alternating servers: each pack waits on the year's counter row, never on another order.
    const packs = await Promise.all(
      placedOrders.map((order, i) =>
        call((group.servers[i % 2] as ServerProcess).url, 'PUT', `/api/admin/orders/${order._id}/pack`, {
          cookie: adminCookies[i % 2],
          json: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: '1.05' })) },
          timeoutMs: 120_000,
        }),
      ),
    );
    expect(packs.map((answer) => answer.status)).toEqual(Array(ORDERS).fill(200));

    const year = financialYearOf(new Date());
    const expected = Array.from({ length: ORDERS }, (_, i) => `MP/${year.slice(2)}/${String(i + 1).padStart(6, '0')}`);
    const answered = packs.map((answer) => (answer.body.order as { invoiceNumber: string }).invoiceNumber);
    expect([...answered].sort()).toEqual(expected);
    const stored = await group.db.db
      .select({ invoiceNumber: orderBills.invoiceNumber })
      .from(orderBills)
      .where(isNotNull(orderBills.invoiceNumber));
    expect(stored.map((row) => row.invoiceNumber).sort()).toEqual(expected);
    const [counter] = await group.db.db
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.series, 'MP'), eq(invoiceCounters.financialYear, year)));
    expect(counter?.lastSeq).toBe(ORDERS);
  }, 180_000);

  it('takes one UTR once: sent for 6 orders and 2 khatas at once on both servers, one payment is written', async () => {
    const [a, b] = group.servers as [ServerProcess, ServerProcess];
    const product = await createProduct(group.db.db, { name: 'Desi Tomato', stockKg: 100, weightsKg: [1] });
    const shoppers = [await createUser(group.db.db), await createUser(group.db.db)];
    const adminCookies = [
      await login(a.url, ADMIN.email, ADMIN.password),
      await login(b.url, ADMIN.email, ADMIN.password),
    ];
    const shopperCookie = await login(a.url, shoppers[0]?.email ?? '', TEST_PASSWORD);
    const packed: string[] = [];
    for (let i = 0; i < 6; i++) {
      const placed = await call(a.url, 'POST', '/api/user/new/order', {
        cookie: shopperCookie,
        json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING },
      });
      const order = placed.body.order as { _id: string; orderItems: { _id: string }[] };
      const pack = await call(a.url, 'PUT', `/api/admin/orders/${order._id}/pack`, {
        cookie: adminCookies[0],
        json: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: '1' })) },
      });
      expect(pack.status).toBe(200);
      packed.push(order._id);
    }
    for (const shopper of shoppers) {
      const opened = await call(a.url, 'PUT', `/api/admin/khata/${shopper.id}`, {
        cookie: adminCookies[0],
        json: { creditLimit: 500 },
      });
      expect(opened.status).toBe(200);
    }
    const utr = '512345678901';
    const answers = await Promise.all([
      ...packed.map((id, i) =>
        call((group.servers[i % 2] as ServerProcess).url, 'PUT', `/api/admin/orders/${id}/payment`, {
          cookie: adminCookies[i % 2],
          json: { method: 'UPI', reference: utr },
        }),
      ),
      ...shoppers.map((shopper, i) =>
        call((group.servers[i % 2] as ServerProcess).url, 'POST', `/api/admin/khata/${shopper.id}/payments`, {
          cookie: adminCookies[i % 2],
          json: { amount: 100, method: 'UPI', reference: utr, note: '' },
        }),
      ),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200 || status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    for (const answer of answers.filter((one) => one.status === 409)) {
      expect(['utrUsedOnOrder', 'utrUsedOnKhata']).toContain(answer.body.code);
    }
    const paidOrders = await group.db.db.select().from(orderBills).where(eq(orderBills.paymentReference, utr));
    const khataPayments = await group.db.db.select().from(khataEntries).where(eq(khataEntries.reference, utr));
    expect(paidOrders.length + khataPayments.length).toBe(1);
    expect(await group.db.db.select().from(upiReferences).where(eq(upiReferences.utr, utr))).toHaveLength(1);
  }, 180_000);
});
