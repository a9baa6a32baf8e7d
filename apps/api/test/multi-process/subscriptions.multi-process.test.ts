/**
 * Standing orders across two real server processes on one PostgreSQL database (decision 0064):
 * the same date's run sent at once to both processes, several times each, makes each household's
 * order once, each standing order's line once and takes the stock once, with the scarce product
 * shared out by account and the rest kept once as failures. Both processes keep their shop clocks
 * on, as in production; a server process's clock cannot be set from outside, so the dates run are
 * ones whose cut-off is a day or more away (the clocks make only dates whose cut-off has passed),
 * and the run is the admin's. Runs only when TEST_DATABASE_URL is set (PGlite is one process).
 */
import type { SubscriptionsDayAnswer } from '@mandi/shared/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  khataOrders,
  orderItems,
  orders,
  products,
  subscriptionFailures,
  subscriptionOrders,
  subscriptionRuns,
} from '../../src/db/schema.js';
import { createProduct, createUser } from '../factories.js';
import { ADMIN, type Answer, call, login, type ServerProcess, SHIPPING, useServerGroup } from '../server-process.js';
import { sessionCookie } from '../test-sessions.js';

const HOUSEHOLDS = 40;
/** Runs of one date sent at once to each process. */
const RUNS_PER_PROCESS = 4;
/** Enough paneer for this many half-kilo lines on the first date: the others fail for stock. */
const PANEER_LINES = 7;

interface Household {
  id: string;
  cookie: string;
  paneer: boolean;
  khata: boolean;
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!process.env.TEST_DATABASE_URL)('standing orders on two server processes', () => {
  const group = useServerGroup(2);
  const url = (i: number) => (group.servers[i % 2] as ServerProcess).url;
  let admins: string[] = [];
  beforeAll(async () => {
    admins = [await login(url(0), ADMIN.email, ADMIN.password), await login(url(1), ADMIN.email, ADMIN.password)];
  }, 60_000);
  const adminOf = (i: number) => admins[i % 2] as string;

  it(`makes one date's orders once when it is run ${RUNS_PER_PROCESS} times at once on each process, and the next date's too`, async () => {
    const db = group.db.db;
    const milk = await createProduct(db, {
      name: 'Toned Milk',
      rate: 56,
      stockKg: 1000,
      weightsKg: [0.5, 1],
      unit: 'litre',
    });
    const curd = await createProduct(db, { name: 'Curd', rate: 80, stockKg: 1000, weightsKg: [0.5, 1] });
    const paneer = await createProduct(db, {
      name: 'Malai Paneer',
      rate: 400,
      stockKg: PANEER_LINES * 0.5,
      weightsKg: [0.5],
    });
    const catalogue = [milk, curd, paneer];

    // The first date whose changes are open, by the servers' own clock (not this test's): the
    // dates run are the two after it, whose cut-offs are at least a day away.
    const open = await call(url(0), 'GET', '/api/admin/subscriptions', { cookie: adminOf(0) });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    const firstOpen = (open.body as unknown as SubscriptionsDayAnswer).date;
    const dates = [addDays(firstOpen, 1), addDays(firstOpen, 2)];

    // Households, each with its standing orders set up on either process: milk every day, curd
    // every day, paneer every day for every third; some pay on the khata.
    const households: Household[] = [];
    for (let i = 0; i < HOUSEHOLDS; i++) {
      const user = await createUser(db, { firstName: `House ${i}` });
      const household = {
        id: user.id,
        cookie: await sessionCookie(db, user.id),
        paneer: i % 3 === 0,
        khata: i % 4 === 1,
      };
      if (household.khata) {
        const opened = await call(url(i), 'PUT', `/api/admin/khata/${user.id}`, {
          cookie: adminOf(i),
          json: { creditLimit: 100_000 },
        });
        expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      }
      const saved = await call(url(i), 'POST', '/api/user/my/addresses', {
        cookie: household.cookie,
        json: { label: 'Home', ...SHIPPING },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const addressId = (saved.body.address as { _id: string })._id;
      const lines = [
        { product: milk, quantity: 1 },
        { product: curd, quantity: 0.5 },
        ...(household.paneer ? [{ product: paneer, quantity: 0.5 }] : []),
      ];
      for (const [n, line] of lines.entries()) {
        const made = await call(url(i + n), 'POST', '/api/user/my/subscriptions', {
          cookie: household.cookie,
          json: {
            productId: line.product.id,
            quantity: line.quantity,
            schedule: { kind: 'daily', startDate: dates[0] },
            addressId,
            paymentMethod: household.khata ? 'Khata' : 'COD',
          },
        });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
      }
      households.push(household);
    }
    const linesPerDate = households.reduce((sum, household) => sum + (household.paneer ? 3 : 2), 0);
    // Paneer goes to the households in account order while it lasts, whichever process makes the date.
    const paneerOrder = households
      .filter((household) => household.paneer)
      .map((household) => household.id)
      .sort((a, b) => a.localeCompare(b));
    const stockBefore = new Map(catalogue.map((product) => [product.id, product.stockGrams]));
    let paneerLeft = PANEER_LINES;

    for (const date of dates) {
      const answers: Answer[] = await Promise.all(
        Array.from({ length: 2 * RUNS_PER_PROCESS }, (_, i) =>
          call(url(i), 'POST', '/api/admin/subscriptions/run', {
            cookie: adminOf(i),
            json: { date },
            timeoutMs: 120_000,
          }),
        ),
      );
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // Every household's order was made by exactly one of the runs; the others found it made.
      expect(
        answers.reduce((sum, answer) => sum + Number(answer.body.created), 0),
        `orders made for ${date}`,
      ).toBe(HOUSEHOLDS);
      const paneerHouseholds = new Set(paneerOrder.slice(0, paneerLeft));
      const short = paneerOrder.filter((id) => !paneerHouseholds.has(id));
      paneerLeft = Math.max(0, paneerLeft - paneerOrder.length);

      const made = await db
        .select({ id: orders.id, userId: orders.userId, onKhata: khataOrders.orderId })
        .from(orders)
        .leftJoin(khataOrders, eq(khataOrders.orderId, orders.id))
        .where(and(eq(orders.deliveryDate, date), eq(orders.channel, 'subscription')));
      expect(made.map((order) => order.userId).sort(), `one order per household on ${date}`).toEqual(
        households.map((household) => household.id).sort(),
      );
      for (const order of made) {
        const household = households.find((one) => one.id === order.userId) as Household;
        expect(order.onKhata !== null, 'on the khata as set up').toBe(household.khata);
      }
      const lines = await db
        .select({ orderId: orderItems.orderId, productId: orderItems.productId, grams: orderItems.quantityGrams })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            made.map((order) => order.id),
          ),
        );
      for (const order of made) {
        const household = households.find((one) => one.id === order.userId) as Household;
        expect(
          lines
            .filter((line) => line.orderId === order.id)
            .map((line) => [line.productId, line.grams])
            .sort(),
          `household ${household.id}'s lines on ${date}`,
        ).toEqual(
          [[milk.id, 1000], [curd.id, 500], ...(paneerHouseholds.has(household.id) ? [[paneer.id, 500]] : [])].sort(),
        );
      }
      // Each standing order's line once, each failure kept once.
      const links = await db.select().from(subscriptionOrders).where(eq(subscriptionOrders.date, date));
      expect(links.length, `standing orders made on ${date}`).toBe(linesPerDate - short.length);
      expect(new Set(links.map((link) => link.subscriptionId)).size).toBe(links.length);
      const failures = await db.select().from(subscriptionFailures).where(eq(subscriptionFailures.date, date));
      expect(
        failures.map((failure) => failure.reason),
        `failures kept on ${date}`,
      ).toEqual(short.map(() => 'noStock'));
      for (const answer of answers) expect((answer.body.failures as unknown[]).length).toBe(short.length);
      // The date is made, its lease let go, and its count is the orders made, once.
      const [run] = await db.select().from(subscriptionRuns).where(eq(subscriptionRuns.date, date));
      expect(run?.madeAt).not.toBeNull();
      expect(run?.leaseUntil).toBeNull();
      expect(run?.created).toBe(HOUSEHOLDS);
    }

    // Stock taken once per line made, on both dates.
    const stored = await db
      .select({ id: products.id, stock: products.stockGrams })
      .from(products)
      .where(
        inArray(
          products.id,
          catalogue.map((product) => product.id),
        ),
      );
    const taken = await db
      .select({ productId: orderItems.productId, grams: orderItems.quantityGrams })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(inArray(orders.deliveryDate, dates), eq(orders.channel, 'subscription')));
    for (const product of catalogue) {
      const sum = taken.filter((line) => line.productId === product.id).reduce((total, line) => total + line.grams, 0);
      expect(sum).toBe(
        { [milk.id]: 2 * HOUSEHOLDS * 1000, [curd.id]: 2 * HOUSEHOLDS * 500, [paneer.id]: PANEER_LINES * 500 }[
          product.id
        ],
      );
      expect(stored.find((row) => row.id === product.id)?.stock, `${product.name}'s stock`).toBe(
        (stockBefore.get(product.id) ?? 0) - sum,
      );
    }
  }, 300_000);
});
