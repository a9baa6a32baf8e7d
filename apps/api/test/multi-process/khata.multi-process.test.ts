/**
 * Khata across two real server processes on one PostgreSQL database (decision 0034): concurrent
 * khata orders never take an account past its limit; concurrent packs, cancels and payments of one
 * order write each entry once; the balance stays the sum of the entries. Runs only when
 * TEST_DATABASE_URL is set (PGlite is one process).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { khataAccounts, khataEntries } from '../../src/db/schema.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { ADMIN, call, login, type ServerProcess, SHIPPING, useServerGroup } from '../server-process.js';

const ORDERS = 12;
const RACERS = 6;

describe.skipIf(!process.env.TEST_DATABASE_URL)('khata on two server processes', () => {
  const group = useServerGroup(2);
  const url = (i: number) => (group.servers[i % 2] as ServerProcess).url;

  async function books(userId: string) {
    const [account] = await group.db.db.select().from(khataAccounts).where(eq(khataAccounts.userId, userId));
    if (!account) throw new Error('no khata');
    const entries = await group.db.db.select().from(khataEntries).where(eq(khataEntries.accountId, account.id));
    return { account, entries, sum: entries.reduce((total, entry) => total + entry.amountPaise, 0) };
  }

  it(`${ORDERS} khata orders at once on both processes stop at the credit limit`, async () => {
    const product = await createProduct(group.db.db, { name: 'Desi Tomato', rate: 40, stockKg: 500, weightsKg: [1] });
    const shopper = await createUser(group.db.db);
    const cookies = [
      await login(url(0), shopper.email, TEST_PASSWORD),
      await login(url(1), shopper.email, TEST_PASSWORD),
    ];
    const admin = await login(url(0), ADMIN.email, ADMIN.password);
    const opened = await call(url(0), 'PUT', `/api/admin/khata/${shopper.id}`, {
      cookie: admin,
      json: { creditLimit: 200 },
    });
    expect(opened.status).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) =>
        call(url(i), 'POST', '/api/user/new/order', {
          cookie: cookies[i % 2],
          json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING, paymentMethod: 'Khata' },
          timeoutMs: 60_000,
        }),
      ),
    );
    // ₹200 of credit is five ₹40 orders, whichever process took them.
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('khataOverLimit');
    }
    const khata = await call(url(1), 'GET', `/api/admin/khata/${shopper.id}`, { cookie: admin });
    expect(khata.body.account).toMatchObject({ balance: 0, pending: 200, available: 0 });
  }, 180_000);

  it(`${RACERS} packs, then ${RACERS} cancels, then ${RACERS} payments with one UTR, at once: each entry once`, async () => {
    const product = await createProduct(group.db.db, { name: 'Green Peas', rate: 40, stockKg: 500, weightsKg: [2] });
    const shopper = await createUser(group.db.db);
    const shopperCookie = await login(url(0), shopper.email, TEST_PASSWORD);
    const admins = [await login(url(0), ADMIN.email, ADMIN.password), await login(url(1), ADMIN.email, ADMIN.password)];
    await call(url(0), 'PUT', `/api/admin/khata/${shopper.id}`, { cookie: admins[0], json: { creditLimit: 1000 } });

    const placeOne = async () => {
      const placed = await call(url(0), 'POST', '/api/user/new/order', {
        cookie: shopperCookie,
        json: { cartItems: [{ id: product.id, quantity: 2 }], shippingInfo: SHIPPING, paymentMethod: 'Khata' },
      });
      expect(placed.status).toBe(201);
      return placed.body.order as { _id: string; orderItems: { _id: string }[] };
    };
    const order = await placeOne();
    const packs = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        call(url(i), 'PUT', `/api/admin/orders/${order._id}/pack`, {
          cookie: admins[i % 2],
          json: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: '1.9' })) },
          timeoutMs: 60_000,
        }),
      ),
    );
    expect(packs.every((answer) => answer.status === 200)).toBe(true);
    let { entries, account, sum } = await books(shopper.id);
    expect(entries.map((entry) => [entry.kind, entry.amountPaise])).toEqual([['bill', 7600]]);
    expect(account.balancePaise).toBe(sum);

    const cancels = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        call(url(i), 'PUT', `/api/user/update/order/${order._id}`, {
          cookie: admins[i % 2],
          json: { oStatus: 'Cancelled' },
          timeoutMs: 60_000,
        }),
      ),
    );
    expect(cancels.map((answer) => answer.status).sort()).toEqual([200, ...Array(RACERS - 1).fill(409)]);
    ({ entries, account, sum } = await books(shopper.id));
    expect(entries.filter((entry) => entry.kind === 'reversal').map((entry) => entry.amountPaise)).toEqual([-7600]);
    expect(account.balancePaise).toBe(0);

    // A second order packed, then paid at once from both processes with one UTR: one payment.
    const second = await placeOne();
    await call(url(1), 'PUT', `/api/admin/orders/${second._id}/pack`, {
      cookie: admins[1],
      json: { items: second.orderItems.map((item) => ({ _id: item._id, packedQuantity: '2' })) },
    });
    const payments = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        call(url(i), 'POST', `/api/admin/khata/${shopper.id}/payments`, {
          cookie: admins[i % 2],
          json: { amount: 80, method: 'UPI', reference: '633012345678' },
          timeoutMs: 60_000,
        }),
      ),
    );
    expect(payments.map((answer) => answer.status).sort()).toEqual([201, ...Array(RACERS - 1).fill(409)]);
    ({ entries, account, sum } = await books(shopper.id));
    expect(entries.filter((entry) => entry.kind === 'payment')).toHaveLength(1);
    expect(account.balancePaise).toBe(sum);
    expect(account.balancePaise).toBe(0);
  }, 240_000);

  it('pays an advance back once: the whole advance sent from both processes at once, one payout (decision 0055)', async () => {
    const shopper = await createUser(group.db.db);
    const admins = [await login(url(0), ADMIN.email, ADMIN.password), await login(url(1), ADMIN.email, ADMIN.password)];
    const opened = await call(url(0), 'PUT', `/api/admin/khata/${shopper.id}`, {
      cookie: admins[0],
      json: { creditLimit: 500 },
    });
    expect(opened.status).toBe(200);
    const advance = await call(url(0), 'POST', `/api/admin/khata/${shopper.id}/payments`, {
      cookie: admins[0],
      json: { amount: 300, method: 'Cash', reference: 'R-1' },
    });
    expect(advance.status).toBe(201);
    const payouts = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        call(url(i), 'POST', `/api/admin/khata/${shopper.id}/payouts`, {
          cookie: admins[i % 2],
          json: { amount: 300, method: 'Cash', reference: '' },
          timeoutMs: 60_000,
        }),
      ),
    );
    expect(payouts.map((answer) => answer.status).sort()).toEqual([201, ...Array(RACERS - 1).fill(409)]);
    const { entries, account, sum } = await books(shopper.id);
    expect(entries.filter((entry) => entry.kind === 'payout')).toHaveLength(1);
    expect(account.balancePaise).toBe(sum);
    expect(account.balancePaise).toBe(0);
  }, 240_000);
});
