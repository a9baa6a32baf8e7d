/**
 * Several real server processes on one PostgreSQL database: stock holds under orders spread over
 * all of them, a login rate limit is one budget across processes, and a session made on one
 * process works (and ends) on the others. Also WEB_CONCURRENCY: one command, several workers.
 * Runs only when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '../../src/db/schema.js';
import { dashboardCache } from '../../src/modules/dashboard/dashboard.cache.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import {
  call,
  freePort,
  login,
  nodeChildren,
  runLimited,
  type ServerProcess,
  SHIPPING,
  startServer,
  stopServer,
  useServerGroup,
  waitForHealth,
} from '../server-process.js';

const PROCESSES = 3;
const ATTEMPTS = 200;
const MAX_FAILED_LOGINS = 3;
/** The failed-login window (accounts.service.ts), aligned to the epoch: :00, :15, :30, :45. */
const LOGIN_WINDOW_MS = 15 * 60_000;
/** More than the attempts below ever take. */
const LOGIN_STEPS_MARGIN_MS = 30_000;

/**
 * The servers count on the real clock, and a window that turns between the failed attempts and
 * the check carries them over floored (3 become 2, and the right password gets in): when a turn is
 * near, wait until it has passed, so the test means the same at any hour.
 */
async function awayFromLoginWindowEdge(): Promise<void> {
  const untilEdge = LOGIN_WINDOW_MS - (Date.now() % LOGIN_WINDOW_MS);
  if (untilEdge < LOGIN_STEPS_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, untilEdge + 1_000));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('several server processes on one PostgreSQL database', () => {
  const group = useServerGroup(PROCESSES, { LOGIN_MAX_FAILED_PER_ACCOUNT: String(MAX_FAILED_LOGINS) });

  it('200 orders spread over the processes take exactly the stock of the accepted ones, never below zero', async () => {
    const product = await createProduct(group.db.db, {
      name: 'Kesar Mango',
      rate: 180,
      stockKg: 20,
      weightsKg: [0.5, 1, 1.5, 2],
    });
    const shoppers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createUser(group.db.db, { firstName: `Buyer${i}` })),
    );
    // Each shopper logs in on one process and orders through all of them.
    const cookies = await Promise.all(
      shoppers.map((shopper, i) =>
        login((group.servers[i % PROCESSES] as ServerProcess).url, shopper.email, TEST_PASSWORD),
      ),
    );
    const weights = [0.5, 1, 1.5, 2];
    const attempts = Array.from({ length: ATTEMPTS }, (_, i) => ({
      server: group.servers[i % PROCESSES] as ServerProcess,
      cookie: cookies[i % cookies.length] as string,
      quantity: weights[(i * 7) % weights.length] as number,
    }));
    const answers = await runLimited(
      attempts.map(
        (attempt) => () =>
          call(attempt.server.url, 'POST', '/api/user/new/order', {
            cookie: attempt.cookie,
            json: { cartItems: [{ id: product.id, quantity: attempt.quantity }], shippingInfo: SHIPPING },
          }),
      ),
      24,
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const accepted = attempts.filter((_, i) => statuses[i] === 201);
    const acceptedGrams = accepted.reduce((sum, attempt) => sum + attempt.quantity * 1000, 0);
    expect(accepted.length).toBeGreaterThan(5);
    // The sales really were spread over processes (which ones win the races is up to timing).
    expect(new Set(accepted.map((attempt) => attempt.server)).size).toBeGreaterThanOrEqual(2);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(String(answer.body.message)).toContain('Kesar Mango');
    }

    const [row] = await group.db.db
      .select({ stock: products.stockGrams })
      .from(products)
      .where(eq(products.id, product.id));
    const stock = row?.stock ?? -1;
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(20_000 - stock).toBe(acceptedGrams);
    // Demand far exceeds supply: what is left is less than the largest weight.
    expect(stock).toBeLessThan(2_000);

    const [stored] = await group.db.db
      .select({
        orders: sql<number>`count(distinct ${orders.id})::int`,
        grams: sql<number>`coalesce(sum(${orderItems.quantityGrams}), 0)::int`,
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(eq(orderItems.productId, product.id));
    expect(stored).toEqual({ orders: accepted.length, grams: acceptedGrams });
  }, 120_000);

  it('the failed-login limit is one budget across all processes', async () => {
    const victim = await createUser(group.db.db, { firstName: 'Target' });
    await awayFromLoginWindowEdge();
    for (let i = 0; i < MAX_FAILED_LOGINS; i += 1) {
      const server = group.servers[i % PROCESSES] as ServerProcess;
      const answer = await call(server.url, 'POST', '/api/user/login', {
        json: { email: victim.email, password: 'wrong-password-1' },
      });
      expect(answer.status).toBe(401);
    }
    // Every process now refuses the account, even with the right password.
    for (const server of group.servers) {
      const answer = await call(server.url, 'POST', '/api/user/login', {
        json: { email: victim.email, password: TEST_PASSWORD },
      });
      expect(answer.status).toBe(429);
      expect(String(answer.body.message)).toMatch(/Too many attempts/);
    }
  }, 60_000);

  it('a login made on one process works on the others, and a logout on one ends it everywhere', async () => {
    const [a, b, c] = group.servers as [ServerProcess, ServerProcess, ServerProcess];
    const shopper = await createUser(group.db.db, { firstName: 'Roaming' });
    const cookie = await login(a.url, shopper.email, TEST_PASSWORD);

    const me = await call(b.url, 'GET', '/api/user/getloggeduser', { cookie });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: shopper.email });

    const product = await createProduct(group.db.db, { name: 'Roaming Onion', stockKg: 5 });
    const placed = await call(c.url, 'POST', '/api/user/new/order', {
      cookie,
      json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING },
    });
    expect(placed.status).toBe(201);
    const mine = await call(a.url, 'GET', '/api/user/my/orders', { cookie });
    expect((mine.body.myOrders as unknown[]).length).toBe(1);

    expect((await call(b.url, 'GET', '/api/user/logOut', { cookie })).status).toBe(200);
    for (const server of group.servers) {
      expect((await call(server.url, 'GET', '/api/user/getloggeduser', { cookie })).status).toBe(401);
    }
  }, 60_000);

  it('a change made through one process reaches the reads the others keep in memory', async () => {
    const [a, b, c] = group.servers as [ServerProcess, ServerProcess, ServerProcess];
    const shopper = await createUser(group.db.db, { firstName: 'Cached' });
    const cookie = await login(a.url, shopper.email, TEST_PASSWORD);
    const product = await createProduct(group.db.db, { name: 'Shared Lychee', stockKg: 5, weightsKg: [1] });
    const productUrl = `/api/product/getSingleProduct/${product.id}`;
    const stockOn = async (server: ServerProcess) =>
      (await call(server.url, 'GET', productUrl)).body.product as { stocks: number };
    const myOrdersOn = async (server: ServerProcess) =>
      ((await call(server.url, 'GET', '/api/user/my/orders', { cookie })).body.myOrders as unknown[]).length;
    // The dashboard: exact counts, and 30-day figures that may lag one refill (decision 0047),
    // made at most every `refillAfterMs` and ahead of the next look while it is looked at (0053).
    const admin = await createUser(group.db.db, { role: 'Admin', firstName: 'Desk' });
    const adminCookie = await login(a.url, admin.email, TEST_PASSWORD);
    const statsOn = async (server: ServerProcess) =>
      (await call(server.url, 'GET', '/api/user/admin/stats', { cookie: adminCookie })).body as {
        ordersCount: number;
        topProducts: { name: string }[];
      };
    const ordersBefore = (await statsOn(a)).ordersCount;
    // Every process now holds the product, the (empty) order list and the dashboard in memory.
    for (const server of group.servers) {
      expect((await stockOn(server)).stocks).toBe(5);
      expect(await myOrdersOn(server)).toBe(0);
      expect((await statsOn(server)).topProducts.map((p) => p.name)).not.toContain('Shared Lychee');
    }

    const placed = await call(a.url, 'POST', '/api/user/new/order', {
      cookie,
      json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING },
    });
    expect(placed.status).toBe(201);
    // The news travels through PostgreSQL: a moment, never a stale answer for long.
    for (const server of [b, c]) {
      await expect.poll(async () => (await stockOn(server)).stocks, { timeout: 2_000, interval: 20 }).toBe(4);
      await expect.poll(() => myOrdersOn(server), { timeout: 2_000, interval: 20 }).toBe(1);
      await expect
        .poll(async () => (await statsOn(server)).ordersCount, { timeout: 2_000, interval: 20 })
        .toBe(ordersBefore + 1);
      await expect
        .poll(async () => (await statsOn(server)).topProducts.map((p) => p.name), {
          timeout: (dashboardCache.reads.salesTrend.refillAfterMs ?? 0) + 5_000,
          interval: 250,
        })
        .toContain('Shared Lychee');
    }
  }, 60_000);

  it('WEB_CONCURRENCY=2 runs two workers on one port and stops them all on SIGTERM', async () => {
    const port = await freePort();
    const cluster = startServer({ DATABASE_URL: group.databaseUrl, WEB_CONCURRENCY: '2' }, port);
    try {
      await waitForHealth(cluster);
      const workers = () => nodeChildren(cluster.child.pid);
      // Workers announce themselves as they start listening; give the second one a moment.
      const deadline = Date.now() + 30_000;
      while (workers().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(workers()).toHaveLength(2);
      await expect.poll(() => cluster.output(), { timeout: 30_000 }).toContain('(2 processes)');

      const shopper = await createUser(group.db.db, { firstName: 'Clustered' });
      const cookie = await login(cluster.url, shopper.email, TEST_PASSWORD);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call(cluster.url, 'GET', '/api/user/getloggeduser', { cookie })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));

      const workerPids = workers();
      // A shutdown that hung would be ended by stopServer's SIGKILL, and the exit code not be 0.
      const result = await stopServer(cluster);
      expect(result?.code).toBe(0);
      for (const pid of workerPids) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await stopServer(cluster, 'SIGKILL');
    }
  }, 120_000);
});
