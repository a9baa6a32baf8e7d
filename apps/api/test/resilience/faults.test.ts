/**
 * Faults. On a throwaway PostgreSQL server of the test's own: the database stops (requests answer
 * 503 quickly with a clear message) and comes back (service resumes by itself); a server process
 * killed with SIGKILL in the middle of orders leaves no half order. On PGlite: a data directory
 * the server cannot write (read-only, full, not a directory) stops the start with a message naming
 * it; WEB_CONCURRENCY falls back to 1; a second process cannot open a directory in use.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';
import { orderItems, orders, products } from '../../src/db/schema.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { type OwnPostgresServer, ownPostgresUnavailable, startOwnPostgres } from '../own-postgres-server.js';
import {
  type Answer,
  call,
  freePort,
  login,
  nodeChildren,
  REPO_ROOT,
  type ServerProcess,
  SHIPPING,
  startServer,
  stopServer,
  tempDirFor,
  waitForHealth,
} from '../server-process.js';

const UNAVAILABLE = 'The shop is briefly unavailable. Please try again in a moment.';
const isRoot = process.getuid?.() === 0;

describe.skipIf(!process.env.TEST_DATABASE_URL || ownPostgresUnavailable() !== null)('faults on PostgreSQL', () => {
  let postgres: OwnPostgresServer;
  let server: ServerProcess | undefined;
  let killed: ServerProcess | undefined;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    server = startServer({ DATABASE_URL: postgres.url }, await freePort());
    await waitForHealth(server);
  }, 120_000);

  afterAll(async () => {
    await stopServer(server, 'SIGKILL');
    await stopServer(killed, 'SIGKILL');
    await postgres?.stop();
  }, 60_000);

  async function withDb<T>(fn: (db: Database['db']) => Promise<T>): Promise<T> {
    const database = await openDatabase({ databaseUrl: postgres.url });
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  }

  it('answers 503 with a clear message while the database is down, without hanging, and recovers by itself', async () => {
    const running = server as ServerProcess;
    const { product, email } = await withDb(async (db) => ({
      product: await createProduct(db, { name: 'Desi Ghee', stockKg: 50 }),
      email: (await createUser(db)).email,
    }));
    const cookie = await login(running.url, email, TEST_PASSWORD);
    const order = () =>
      call(running.url, 'POST', '/api/user/new/order', {
        cookie,
        json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING },
      });
    expect((await call(running.url, 'GET', '/api/product/getAllProducts')).status).toBe(200);
    expect((await order()).status).toBe(201);

    await postgres.halt();

    const attempts: [string, () => Promise<Answer>][] = [
      ['products', () => call(running.url, 'GET', '/api/product/getAllProducts')],
      ['product', () => call(running.url, 'GET', `/api/product/getSingleProduct/${product.id}`)],
      ['order', order],
      ['session', () => call(running.url, 'GET', '/api/user/getloggeduser', { cookie })],
      ['login', () => call(running.url, 'POST', '/api/user/login', { json: { email, password: TEST_PASSWORD } })],
    ];
    for (const [name, attempt] of attempts) {
      const answer = await attempt();
      expect({ name, status: answer.status, message: answer.body.message }).toEqual({
        name,
        status: 503,
        message: UNAVAILABLE,
      });
    }
    // The process itself is alive.
    expect((await call(running.url, 'GET', '/api/health')).status).toBe(200);

    await postgres.start();

    await expect
      .poll(async () => (await call(running.url, 'GET', '/api/product/getAllProducts')).status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(200);
    const after = await order();
    expect(after.status).toBe(201);
    const stock = await withDb(async (db) => {
      const [row] = await db.select({ grams: products.stockGrams }).from(products).where(eq(products.id, product.id));
      return row?.grams;
    });
    expect(stock).toBe(48_000);
  }, 120_000);

  it('a process killed with SIGKILL in the middle of orders leaves no half order', async () => {
    const { a, b, emails } = await withDb(async (db) => ({
      a: await createProduct(db, { name: 'Basmati Rice', stockKg: 400, weightsKg: [0.5, 1] }),
      b: await createProduct(db, { name: 'Toor Dal', stockKg: 400, weightsKg: [0.5, 1] }),
      emails: (await Promise.all(Array.from({ length: 3 }, () => createUser(db)))).map((user) => user.email),
    }));
    killed = startServer({ DATABASE_URL: postgres.url }, await freePort());
    await waitForHealth(killed);
    const victim = killed;
    const cookies = await Promise.all(emails.map((email) => login(victim.url, email, TEST_PASSWORD)));

    const answers: Answer[] = [];
    const client = async (index: number) => {
      while (victim.isRunning()) {
        answers.push(
          await call(victim.url, 'POST', '/api/user/new/order', {
            cookie: cookies[index % cookies.length],
            json: {
              cartItems: [
                { id: a.id, quantity: 1 },
                { id: b.id, quantity: 0.5 },
              ],
              shippingInfo: SHIPPING,
            },
          }),
        );
      }
    };
    const clients = Promise.all(Array.from({ length: 16 }, (_, i) => client(i)));
    await expect.poll(() => answers.filter((x) => x.status === 201).length, { timeout: 30_000 }).toBeGreaterThan(20);
    victim.child.kill('SIGKILL');
    await victim.exited;
    await clients;
    expect(answers.some((answer) => answer.status === 0)).toBe(true);

    // PostgreSQL rolls back the transactions of the dropped connections.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await withDb(async (db) => {
      const stored = await db
        .select({
          id: orders.id,
          lines: sql<number>`count(${orderItems.id})::int`,
          total: orders.totalPaise,
          priced: sql<number>`coalesce(sum(${orderItems.ratePaise}::bigint * ${orderItems.quantityGrams} / 1000), 0)::int`,
        })
        .from(orders)
        .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(sql`exists (select 1 from order_items i where i.order_id = ${orders.id} and i.product_id in (${a.id}, ${b.id}))
          or not exists (select 1 from order_items i where i.order_id = ${orders.id})`)
        .groupBy(orders.id);
      // Every order is whole: both lines, and its total matches them.
      for (const order of stored) expect(order).toMatchObject({ lines: 2, total: order.priced });
      // Every 201 answer is among them.
      const storedIds = new Set(stored.map((order) => order.id));
      for (const answer of answers.filter((x) => x.status === 201)) {
        expect(storedIds.has((answer.body.order as { _id: string })._id)).toBe(true);
      }
      // Stock taken equals exactly what the stored orders hold.
      const [stock] = await db
        .select({
          a: sql<number>`(select stock_grams from products where id = ${a.id})`,
          b: sql<number>`(select stock_grams from products where id = ${b.id})`,
        })
        .from(sql`(select 1) as one`);
      expect(400_000 - Number(stock?.a)).toBe(stored.length * 1000);
      expect(400_000 - Number(stock?.b)).toBe(stored.length * 500);
    });

    // A new process on the same database carries on.
    killed = startServer({ DATABASE_URL: postgres.url }, await freePort());
    await waitForHealth(killed);
    const again = await call(killed.url, 'POST', '/api/user/new/order', {
      cookie: cookies[0],
      json: { cartItems: [{ id: a.id, quantity: 0.5 }], shippingInfo: SHIPPING },
    });
    expect(again.status).toBe(201);
  }, 150_000);
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('start-up faults on PGlite', { concurrent: true }, () => {
  const dirs: string[] = [];
  const mounts: string[] = [];
  const servers: ServerProcess[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(tempDirFor('nobody'), 'mandi-faults-'));
    dirs.push(dir);
    return dir;
  };

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server, 'SIGKILL')));
    for (const dir of mounts) spawnSync('umount', [dir]);
    for (const dir of dirs) {
      fs.chmodSync(dir, 0o700);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a read-only data directory stops the start with a message naming the directory', async (context) => {
    // root may write anywhere, so as root the server runs as `nobody`, who must be able to read the code.
    const serverFile = inject('serverBundle');
    if (isRoot && spawnSync('runuser', ['-u', 'nobody', '--', 'test', '-r', serverFile]).status !== 0) {
      context.skip();
      return;
    }
    const dataDir = path.join(tempDir(), 'read-only-data');
    fs.mkdirSync(dataDir);
    fs.chmodSync(dataDir, 0o555);
    fs.chmodSync(path.dirname(dataDir), 0o755);
    const server = startServer({ DATA_DIR: dataDir }, await freePort(), isRoot ? { runAsUser: 'nobody' } : {});
    servers.push(server);
    const exit = await server.exited;
    expect(exit.code).not.toBe(0);
    expect(server.output()).toContain(`Cannot open the data directory ${dataDir}`);
    expect(server.output()).toMatch(/permission denied|EACCES|read-only/i);
  }, 90_000);

  it('a full data directory stops the start with a message naming the directory and the cause', async (context) => {
    const dataDir = tempDir();
    // A 2 MB file system, far too small for a database (mounting needs root; skipped otherwise).
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dataDir]).status !== 0) {
      context.skip();
      return;
    }
    mounts.push(dataDir);
    const server = startServer({ DATA_DIR: dataDir }, await freePort());
    servers.push(server);
    const exit = await server.exited;
    expect(exit.code).not.toBe(0);
    expect(server.output()).toContain(
      `Cannot open the data directory ${dataDir}: no space left on the device (ENOSPC)`,
    );
  }, 90_000);

  it('a data directory path that is a file stops the start with a clear message', async () => {
    const file = path.join(tempDir(), 'not-a-directory');
    fs.writeFileSync(file, 'x');
    const server = startServer({ DATA_DIR: file }, await freePort());
    servers.push(server);
    const exit = await server.exited;
    expect(exit.code).not.toBe(0);
    expect(server.output()).toContain(`Cannot open the data directory ${file}`);
  }, 90_000);

  it('WEB_CONCURRENCY above 1 on the embedded database warns and runs one process, which owns the directory', async () => {
    const dataDir = tempDir();
    const server = startServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: '3' }, await freePort());
    servers.push(server);
    await waitForHealth(server);
    expect(server.output()).toContain('WEB_CONCURRENCY > 1 needs PostgreSQL (set DATABASE_URL)');
    expect(nodeChildren(server.child.pid)).toEqual([]);

    // Nothing else may open the directory while the server runs (two writers would corrupt it).
    const backup = (file: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/db/backup-cli.ts', file], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
      });
    const refused = backup(path.join(dataDir, 'while-running.ndjson'));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`Cannot open the data directory ${dataDir}`);
    expect(refused.stderr).toContain(`in use by another Mandi process (pid ${server.child.pid})`);

    expect((await stopServer(server))?.code).toBe(0);
    const taken = backup(path.join(dataDir, 'after-stop.ndjson.gz'));
    expect(taken.status, taken.stderr).toBe(0);
    expect(taken.stdout).toMatch(/users\s+1/);
  }, 120_000);
});
