/**
 * The database taken away under load (issue 29): two server processes on one PostgreSQL database
 * take orders, pack them and read products while, twice, either every connection of the shop is
 * terminated (as a failover does to its clients) or the PostgreSQL server itself is restarted (on
 * a server of the test's own, where this machine has PostgreSQL's programs). Requests caught in
 * the cut answer 503 with the clear message, never 500; each process answers again by itself
 * (about a second on a quiet machine); no acknowledged order, bill number, khata entry or order event is lost or doubled (the
 * confirmation mails are counted: one per order, none waiting out a lease the cut left behind); the
 * stock is exact; every khata balance is the sum of its entries; and neither process's response
 * cache serves a stale product afterwards.
 * Runs only when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  khataAccounts,
  khataEntries,
  khataOrders as khataOrdersTable,
  orderBills,
  orderEventsOutbox,
  orderItems,
  orders,
  products,
} from '../../src/db/schema.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { type OwnPostgresServer, ownPostgresUnavailable, startOwnPostgres } from '../own-postgres-server.js';
import {
  ADMIN,
  type Answer,
  call,
  login,
  type ServerGroup,
  type ServerProcess,
  SHIPPING,
  startServerGroup,
} from '../server-process.js';

const UNAVAILABLE = 'The shop is briefly unavailable. Please try again in a moment.';
const SHOPPERS = 8;
/** Shoppers 0 and 1 (one on each process) buy on their khata; the others pay on delivery. */
const KHATA_SHOPPERS = 2;
const STOCK_KG = 5_000;
/**
 * How long the test waits for service to resume after a cut: a guard against a process that never
 * recovers, not a latency target (decision 0054: timings belong to benchmarks). Recovery takes
 * about a second on a quiet machine.
 */
const RECOVERY_MS = 30_000;

interface Outcome {
  what: 'order' | 'pack' | 'read';
  at: number;
  answer: Answer;
}

/** Ends every session of the database but this one, as a server restart or failover would. */
async function cutEveryConnection(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      'select count(pg_terminate_backend(pid))::int as cut from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return (result.rows[0] as { cut: number }).cut;
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Both processes write their mails into one folder, so each mail is counted once in one place. */
const confirmationMails = (mailDir: string) => {
  const outbox = path.join(mailDir, 'outbox');
  return fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, ''))
        .filter((mail) => mail.includes('Thank you for your order'))
    : [];
};

/** How the database is taken away: `at` is when the shop may start answering again, counted from. */
interface Disruption {
  name: string;
  /** Why this machine cannot run it, or null. */
  unavailable: () => string | null;
  /** The PostgreSQL server the group's database is made on (undefined: TEST_DATABASE_URL's). */
  setUp(): Promise<string | undefined>;
  disrupt(group: ServerGroup): Promise<void>;
  tearDown(): Promise<void>;
}

let ownServer: OwnPostgresServer | null = null;
const disruptions: Disruption[] = [
  {
    name: 'every connection of the shop terminated',
    unavailable: () => null,
    setUp: async () => undefined,
    disrupt: async (group) => {
      expect(await cutEveryConnection(group.databaseUrl)).toBeGreaterThan(0);
    },
    tearDown: async () => {},
  },
  {
    name: 'the PostgreSQL server restarted',
    unavailable: ownPostgresUnavailable,
    setUp: async () => {
      ownServer = await startOwnPostgres();
      return ownServer.url;
    },
    // A fast restart: the server ends every session, stops, and starts again (about a second).
    disrupt: async () => {
      await ownServer?.restart();
    },
    tearDown: async () => {
      await ownServer?.stop();
      ownServer = null;
    },
  },
];

const runnable = disruptions.map((disruption) => ({ ...disruption, why: disruption.unavailable() }));
for (const { name, why } of runnable) {
  if (why && process.env.TEST_DATABASE_URL) console.warn(`!!! skipped "${name}" under load: ${why}`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL).each(runnable.filter(({ why }) => !why))(
  'the database taken away under load: $name',
  (disruption) => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-cut-mail-'));
    let group: ServerGroup;
    beforeAll(async () => {
      const serverUrl = await disruption.setUp();
      group = await startServerGroup(2, { DATA_DIR: mailDir }, serverUrl);
    }, 180_000);
    afterAll(async () => {
      await group?.stop();
      await disruption.tearDown();
      fs.rmSync(mailDir, { recursive: true, force: true });
    }, 60_000);

    it('in-flight requests answer 503, service resumes by itself, nothing is lost or doubled, no stale cache', async () => {
      const servers = group.servers as [ServerProcess, ServerProcess];
      // A failure shows what the two processes logged (a 500's cause is only in their log).
      onTestFailed(() => {
        for (const server of servers)
          console.error(`--- server on port ${server.port}:\n${server.output().slice(-8_000)}`);
        if (ownServer) console.error(`--- its PostgreSQL server:\n${ownServer.log().slice(-4_000)}`);
      });
      const db = group.db.db;
      const product = await createProduct(db, { name: 'Nashik Onion', rate: 30, stockKg: STOCK_KG, weightsKg: [1, 2] });
      const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => createUser(db)));
      /**
       * Logging in is the set-up, not what is tested: a refused login (once, in a CI run with
       * every test file at once, a 500) is told with the servers' logs and tried once more.
       */
      const logIn = async (server: ServerProcess, email: string, password: string) => {
        try {
          return await login(server.url, email, password);
        } catch (error) {
          console.error(
            `${(error as Error).message}\n--- server on port ${server.port}:\n${server.output().slice(-4_000)}`,
          );
          await sleep(500);
          return login(server.url, email, password);
        }
      };
      const shopperCookies = await Promise.all(
        shoppers.map((shopper, i) => logIn(servers[i % 2] as ServerProcess, shopper.email, TEST_PASSWORD)),
      );
      const adminCookies = await Promise.all(servers.map((server) => logIn(server, ADMIN.email, ADMIN.password)));
      for (const shopper of shoppers.slice(0, KHATA_SHOPPERS)) {
        const opened = await call(servers[0].url, 'PUT', `/api/admin/khata/${shopper.id}`, {
          cookie: adminCookies[0],
          json: { creditLimit: 1_000_000 },
        });
        expect(opened.status).toBe(200);
      }

      const outcomes: Outcome[] = [];
      const toPack: { orderId: string; itemId: string; grams: number }[] = [];
      let isRunning = true;

      const shopper = async (i: number) => {
        const url = (servers[i % 2] as ServerProcess).url;
        while (isRunning) {
          const quantity = i % 2 === 0 ? 1 : 2;
          const answer = await call(url, 'POST', '/api/user/new/order', {
            cookie: shopperCookies[i],
            json: {
              cartItems: [{ id: product.id, quantity }],
              shippingInfo: SHIPPING,
              ...(i < KHATA_SHOPPERS ? { paymentMethod: 'Khata' } : {}),
            },
          });
          outcomes.push({ what: 'order', at: Date.now(), answer });
          if (answer.status === 201) {
            const order = answer.body.order as { _id: string; orderItems: { _id: string }[] };
            toPack.push({ orderId: order._id, itemId: order.orderItems[0]?._id as string, grams: quantity * 1000 });
          }
        }
      };
      // A packer packs each order once at 95 % of its weight; one caught by a cut is packed again.
      const packer = async (k: number) => {
        const url = (servers[k] as ServerProcess).url;
        while (isRunning) {
          const next = toPack.shift();
          if (!next) {
            await sleep(20);
            continue;
          }
          const answer = await call(url, 'PUT', `/api/admin/orders/${next.orderId}/pack`, {
            cookie: adminCookies[k],
            json: { items: [{ _id: next.itemId, packedQuantity: (next.grams * 0.95) / 1000 }] },
          });
          outcomes.push({ what: 'pack', at: Date.now(), answer });
          if (answer.status !== 200) toPack.push(next);
        }
      };
      const reader = async (k: number) => {
        const url = (servers[k] as ServerProcess).url;
        while (isRunning) {
          outcomes.push({
            what: 'read',
            at: Date.now(),
            answer: await call(url, 'GET', `/api/product/getSingleProduct/${product.id}`),
          });
        }
      };
      const load = Promise.all([
        ...Array.from({ length: SHOPPERS }, (_, i) => shopper(i)),
        packer(0),
        packer(1),
        reader(0),
        reader(1),
      ]);

      const succeeded = (what: Outcome['what'], after: number) =>
        outcomes.some((o) => o.what === what && o.at > after && (o.answer.status === 200 || o.answer.status === 201));
      const cuts: number[] = [];
      try {
        await expect
          .poll(() => outcomes.filter((o) => o.answer.status === 201).length, { timeout: 30_000 })
          .toBeGreaterThan(20);
        for (let round = 0; round < 2; round += 1) {
          const at = Date.now();
          await disruption.disrupt(group);
          cuts.push(at);
          // Orders, packs and reads succeed again, on both processes, by themselves after the cut.
          await expect
            .poll(() => succeeded('order', at) && succeeded('pack', at) && succeeded('read', at), {
              timeout: RECOVERY_MS,
              interval: 50,
            })
            .toBe(true)
            .catch((error) => {
              // What each kind of request answered after the cut, for the failure message.
              const seen = outcomes
                .filter((o) => o.at > at)
                .map(
                  (o) =>
                    `${o.what} +${o.at - at} ms: ${o.answer.status} ${String(o.answer.body.message ?? o.answer.body.error ?? '')}`,
                );
              throw new Error(`no recovery within ${RECOVERY_MS} ms of cut ${round + 1}:\n${seen.join('\n')}`, {
                cause: error,
              });
            });
          await sleep(1_500);
        }
      } finally {
        isRunning = false;
        await load;
      }
      // Let every order be packed (the queue drains without cuts), so each bill number is checked.
      for (let k = 0; toPack.length > 0 && k < 200; k += 1) {
        const next = toPack.shift() as (typeof toPack)[number];
        const answer = await call(
          (servers[k % 2] as ServerProcess).url,
          'PUT',
          `/api/admin/orders/${next.orderId}/pack`,
          {
            cookie: adminCookies[k % 2],
            json: { items: [{ _id: next.itemId, packedQuantity: (next.grams * 0.95) / 1000 }] },
          },
        );
        expect(answer.status).toBe(200);
      }

      // Every failure is the clear 503, never a 500 or a dropped connection.
      const failures = outcomes.filter((o) => ![200, 201].includes(o.answer.status));
      for (const failure of failures) {
        expect({ what: failure.what, status: failure.answer.status, message: failure.answer.body.message }).toEqual({
          what: failure.what,
          status: 503,
          message: UNAVAILABLE,
        });
      }
      // Every acknowledged order is stored, once.
      const acknowledged = outcomes
        .filter((o) => o.what === 'order' && o.answer.status === 201)
        .map((o) => (o.answer.body.order as { _id: string })._id);
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
      const stored = await db
        .select({
          id: orders.id,
          invoiceSeq: orderBills.invoiceSeq,
          invoiceNumber: orderBills.invoiceNumber,
          packedEvents: sql<number>`(select count(*) from order_events e where e.order_id = "orders"."id" and e.kind = 'packed')::int`,
        })
        .from(orders)
        .leftJoin(orderBills, eq(orderBills.orderId, orders.id));
      const storedIds = new Set(stored.map((order) => order.id));
      for (const id of acknowledged) expect(storedIds.has(id), `order ${id} acknowledged but not stored`).toBe(true);
      // Every order was packed and has one bill number; the numbers run 1..n without a gap or a double.
      expect(stored.every((order) => order.invoiceNumber !== null && order.packedEvents >= 1)).toBe(true);
      const seqs = stored.map((order) => Number(order.invoiceSeq)).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1));
      // Stock is exact: what the shop holds plus what the orders hold is what it started with.
      const [held] = await db
        .select({
          grams: sql<number>`coalesce(sum(coalesce(${orderItems.packedGrams}, ${orderItems.quantityGrams})), 0)::int`,
        })
        .from(orderItems)
        .where(eq(orderItems.productId, product.id));
      const [stock] = await db.select({ grams: products.stockGrams }).from(products).where(eq(products.id, product.id));
      expect(Number(stock?.grams) + Number(held?.grams)).toBe(STOCK_KG * 1000);
      // Every packed khata order is on its khata once, as one bill entry; each balance is its entries' sum.
      const khataOrders = await db.select({ id: khataOrdersTable.orderId }).from(khataOrdersTable);
      expect(khataOrders.length).toBeGreaterThan(0);
      const billEntries = await db
        .select({ orderId: khataEntries.orderId })
        .from(khataEntries)
        .where(eq(khataEntries.kind, 'bill'));
      expect(billEntries.map((entry) => entry.orderId).sort()).toEqual(khataOrders.map((order) => order.id).sort());
      const balances = await db
        .select({
          balance: khataAccounts.balancePaise,
          entries: sql<number>`(select coalesce(sum(e.amount_paise), 0) from khata_entries e where e.account_id = "khata_accounts"."id")::int`,
        })
        .from(khataAccounts);
      expect(balances).toHaveLength(KHATA_SHOPPERS);
      for (const account of balances) expect(account.balance).toBe(account.entries);
      // Every order event is delivered, soon (none waits out a lease a cut left behind), and once:
      // one confirmation mail per stored order, whatever process sent it.
      await expect
        .poll(async () => (await db.select({ id: orderEventsOutbox.id }).from(orderEventsOutbox)).length, {
          timeout: 20_000,
          interval: 200,
        })
        .toBe(0);
      const mails = confirmationMails(mailDir);
      for (const order of stored) {
        expect(
          mails.filter((mail) => mail.includes(order.id)),
          `confirmation mails of ${order.id}`,
        ).toHaveLength(1);
      }
      expect(mails).toHaveLength(stored.length);
      // Neither process serves a stale product: both show the stock the database holds.
      const stockKg = Number(stock?.grams) / 1000;
      for (const server of servers) {
        await expect
          .poll(
            async () =>
              Number(
                (
                  (await call(server.url, 'GET', `/api/product/getSingleProduct/${product.id}`)).body.product as {
                    stocks: number;
                  }
                ).stocks,
              ),
            { timeout: 3_000 },
          )
          .toBe(stockKg);
      }
    }, 180_000);
  },
);
