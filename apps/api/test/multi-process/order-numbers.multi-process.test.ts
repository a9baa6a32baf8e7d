/**
 * Order numbers across two real server processes on one PostgreSQL database (decision 0023): 60
 * orders placed at once, half on each server (so each server batches its own share by group
 * commit), get 60 different numbers from 1001 up, every one stored once; an order placed after
 * them gets a number above them all. Runs only when TEST_DATABASE_URL is set (PGlite is one process).
 */
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { call, login, type ServerProcess, SHIPPING, useServerGroup } from '../server-process.js';

const ORDERS = 60;

describe.skipIf(!process.env.TEST_DATABASE_URL)('order numbers shared by two server processes', () => {
  const group = useServerGroup(2);

  it(`gives ${ORDERS} orders placed at once on two servers ${ORDERS} different numbers`, async () => {
    const servers = group.servers as [ServerProcess, ServerProcess];
    const product = await createProduct(group.db.db, { name: 'Desi Tomato', stockKg: 1000, weightsKg: [1] });
    // Three shoppers on each server, so no one shopper's requests queue behind each other.
    const shoppers = await Promise.all(Array.from({ length: 3 }, () => createUser(group.db.db)));
    const cookies = await Promise.all(
      servers.flatMap((server) => shoppers.map((shopper) => login(server.url, shopper.email, TEST_PASSWORD))),
    );
    const place = (i: number) => {
      const server = servers[i % 2] as ServerProcess;
      const cookie = cookies[(i % 2) * shoppers.length + (Math.floor(i / 2) % shoppers.length)];
      return call(server.url, 'POST', '/api/user/new/order', {
        cookie,
        json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING },
        timeoutMs: 120_000,
      });
    };

    const placed = await Promise.all(Array.from({ length: ORDERS }, (_, i) => place(i)));
    expect(placed.map((answer) => answer.status)).toEqual(Array(ORDERS).fill(201));
    const answered = placed.map((answer) => (answer.body.order as { orderNumber: number }).orderNumber);
    expect(new Set(answered).size).toBe(ORDERS);
    expect(Math.min(...answered)).toBeGreaterThanOrEqual(1001);
    // Both servers took numbers from the one sequence, interleaved.
    const fromA = answered.filter((_, i) => i % 2 === 0);
    const fromB = answered.filter((_, i) => i % 2 === 1);
    expect(fromA.length).toBe(ORDERS / 2);
    expect(fromB.length).toBe(ORDERS / 2);

    const stored = await group.db.db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders);
    expect(stored).toHaveLength(ORDERS);
    expect(new Set(stored.map((row) => row.orderNumber)).size).toBe(ORDERS);
    expect(stored.map((row) => row.orderNumber).sort((a, b) => a - b)).toEqual([...answered].sort((a, b) => a - b));

    const after = await place(1);
    expect(after.status).toBe(201);
    expect((after.body.order as { orderNumber: number }).orderNumber).toBeGreaterThan(Math.max(...answered));
  }, 180_000);
});
