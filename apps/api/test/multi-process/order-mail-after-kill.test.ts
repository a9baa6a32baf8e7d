/**
 * The outbox's promise (decision 0017): a server process killed after an order committed and
 * before its confirmation mail went out sends that mail once it is started again, and only once.
 * The first process runs with TEST_KILL_BEFORE_ORDER_EVENTS (honoured with NODE_ENV=test only),
 * which makes it SIGKILL itself when its dispatcher finds the order's event due: after the commit,
 * before any subscriber ran. Mail goes to DATA_DIR/outbox as .eml files. On PostgreSQL when
 * TEST_DATABASE_URL is set, and on the embedded PGlite database. And two processes delivering one
 * database's outbox at once send each order's confirmation exactly once between them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { orderEventsOutbox, orders } from '../../src/db/schema.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import type { ThrowawayDatabase } from '../postgres-database.js';
import {
  call,
  createDatabase,
  freePort,
  login,
  placeOrdersAcross,
  type ServerProcess,
  SHIPPING,
  startServer,
  stopServer,
  waitFor,
  waitForHealth,
} from '../server-process.js';

const mailsIn = (dataDir: string) => {
  const outbox = path.join(dataDir, 'outbox');
  return fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, ''))
    : [];
};

const variants = [
  { name: 'PostgreSQL', skip: !process.env.TEST_DATABASE_URL, postgres: true },
  { name: 'embedded PGlite', skip: false, postgres: false },
];

describe.each(variants)('a server killed between an order and its mail ($name)', ({ skip, postgres }) => {
  const servers: ServerProcess[] = [];
  let database: ThrowawayDatabase | null = null;
  let dataDir = '';
  afterEach(async () => {
    for (const server of servers) await stopServer(server, 'SIGKILL');
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it.skipIf(skip)(
    'sends the confirmation after restart, exactly once',
    async () => {
      database = postgres ? await createDatabase() : null;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-kill-'));
      const env = {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        ...(database ? { DATABASE_URL: database.url } : { SEED: 'demo' }),
      };
      const first = startServer({ ...env, TEST_KILL_BEFORE_ORDER_EVENTS: '1' }, await freePort());
      servers.push(first);
      // At start nothing is due, so the hook lets it serve.
      await waitForHealth(first);

      // PGlite is one process's database: shopper and product are made through the server's own API there.
      let productId: string;
      let quantity = 1;
      let shopper: { email: string };
      if (database) {
        const db = await openDatabase({ databaseUrl: database.url });
        productId = (await createProduct(db.db, { name: 'Desi Tomato', rate: 40, stockKg: 10, weightsKg: [1] })).id;
        shopper = await createUser(db.db, { firstName: 'Lakshmi' });
        await db.close();
      } else {
        // The embedded database is the server's alone: demo products, and a shopper who registers.
        shopper = { email: 'lakshmi@kill.test' };
        const registered = await call(first.url, 'POST', '/api/user/register', {
          json: {
            firstName: 'Lakshmi',
            lastName: 'Rao',
            email: shopper.email,
            password: TEST_PASSWORD,
            confirmPassword: TEST_PASSWORD,
          },
        });
        expect(registered.status, JSON.stringify(registered.body)).toBe(201);
        // Order mails go only to a confirmed address (decision 0055): follow the mailed link, then
        // empty the outbox so only the order's mail is counted below.
        // Waits for the link itself: the file may be seen before all its bytes are written.
        const confirmLink = () =>
          /\/confirm-email\/([0-9a-f-]{36}\/[A-Za-z0-9_-]{43})/.exec(mailsIn(dataDir).join('\n'));
        await waitFor(() => confirmLink() !== null, 'the address confirmation mail');
        const link = confirmLink();
        const confirmed = await call(first.url, 'POST', `/api/user/confirm-email/${link?.[1]}`);
        expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
        fs.rmSync(path.join(dataDir, 'outbox'), { recursive: true, force: true });
        const listed = await call(first.url, 'GET', '/api/product/getAllProducts');
        const product = (
          listed.body.products as { _id: string; stocks: number; kilogramOption: { $numberDecimal: string }[] }[]
        ).find((p) => p.stocks >= 5);
        productId = product?._id as string;
        quantity = Number(product?.kilogramOption[0]?.$numberDecimal ?? 1);
      }
      const cookie = await login(first.url, shopper.email, TEST_PASSWORD);
      const placed = await call(first.url, 'POST', '/api/user/new/order', {
        cookie,
        json: { cartItems: [{ id: productId, quantity }], shippingInfo: SHIPPING },
      });
      // The answer may or may not have left before the process died; the order is committed either way.
      expect([201, 0], JSON.stringify(placed.body)).toContain(placed.status);
      const ended = await first.exited;
      expect(ended.signal).toBe('SIGKILL');
      expect(mailsIn(dataDir)).toEqual([]);

      const second = startServer(env, await freePort());
      servers.push(second);
      await waitForHealth(second);
      await waitFor(() => mailsIn(dataDir).length >= 1, 'the confirmation mail after restart');
      const orderId = await orderIdOf(second, cookie);
      // Give a second delivery every chance to happen, then count.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const mails = mailsIn(dataDir);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(orderId);
      await stopServer(second);

      if (database) {
        const db = await openDatabase({ databaseUrl: database.url });
        expect(await db.db.select().from(orderEventsOutbox)).toEqual([]);
        expect(await db.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))).toHaveLength(1);
        await db.close();
      }
    },
    240_000,
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes delivering one outbox', () => {
  const ORDERS = 40;
  const servers: ServerProcess[] = [];
  let database: ThrowawayDatabase | null = null;
  let dataDir = '';
  afterEach(async () => {
    for (const server of servers) await stopServer(server);
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('send each order’s confirmation once between them', async () => {
    database = await createDatabase();
    // One mail folder for both, so a mail sent by either process is counted once in one place.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-two-outbox-'));
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: database.url };
    servers.push(startServer(env, await freePort()));
    await waitForHealth(servers[0] as ServerProcess);
    servers.push(startServer(env, await freePort()));
    await waitForHealth(servers[1] as ServerProcess);

    const db = await openDatabase({ databaseUrl: database.url });
    try {
      const product = await createProduct(db.db, { name: 'Desi Tomato', rate: 40, stockKg: 100, weightsKg: [1] });
      const shopper = await createUser(db.db, { firstName: 'Lakshmi' });
      const cookies = await Promise.all(servers.map((server) => login(server.url, shopper.email, TEST_PASSWORD)));
      const answers = await placeOrdersAcross(servers, cookies, product.id, ORDERS);
      expect(answers.map((answer) => answer.status)).toEqual(Array(ORDERS).fill(201));
      const orderIds = answers.map((answer) => (answer.body.order as { _id: string })._id);

      await waitFor(
        async () => (await db.db.select().from(orderEventsOutbox)).length === 0,
        'both processes to empty the outbox',
      );
      // Give a second delivery every chance to happen, then count.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const mails = mailsIn(dataDir);
      expect(mails).toHaveLength(ORDERS);
      for (const id of orderIds) expect(mails.filter((mail) => mail.includes(id))).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 600_000);
});

/** The shopper's one order, read on the restarted server (the first may have died before answering). */
async function orderIdOf(server: ServerProcess, cookie: string): Promise<string> {
  const answer = await call(server.url, 'GET', '/api/user/my/orders', { cookie });
  expect(answer.status).toBe(200);
  const list = answer.body.orders as { _id: string }[];
  expect(list).toHaveLength(1);
  return list[0]?._id as string;
}
