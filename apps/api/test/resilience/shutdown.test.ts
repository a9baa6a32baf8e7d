/**
 * Graceful shutdown: SIGTERM while shoppers keep ordering. The process stops accepting, finishes
 * what is in flight and exits 0 in bounded time; every 201 has its order stored with its stock
 * taken, and nothing else took stock. Runs on PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { orderItems, orders, products } from '../../src/db/schema.js';
import { prepareDatabase } from '../../src/seed/first-start.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import type { ThrowawayDatabase } from '../postgres-database.js';
import {
  ADMIN,
  type Answer,
  call,
  createDatabase,
  freePort,
  login,
  type ServerProcess,
  SHIPPING,
  startServer,
  stopServer,
  waitForHealth,
} from '../server-process.js';

const STOCK_KG = 1000;
const CLIENTS = 12;

let dataDir: string;
let postgres: ThrowawayDatabase | undefined;
let server: ServerProcess | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-shutdown-'));
  postgres = process.env.TEST_DATABASE_URL ? await createDatabase() : undefined;
  env = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
}, 60_000);

afterAll(async () => {
  await stopServer(server, 'SIGKILL');
  await postgres?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Opens the database the server uses (PGlite only while the server is not running). */
async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof prepareDatabase>>['database']['db']) => Promise<T>) {
  const config = loadConfig({ ...env, SEED: 'none', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const { database } = await prepareDatabase(config);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

describe('graceful shutdown', () => {
  it('SIGTERM under load: in-flight orders finish, every 201 is stored, nothing else takes stock', async () => {
    const { productId, emails } = await withDatabase(async (db) => {
      const product = await createProduct(db, { name: 'Sona Masoori Rice', stockKg: STOCK_KG, weightsKg: [0.5, 1] });
      const shoppers = await Promise.all(Array.from({ length: 4 }, () => createUser(db)));
      return { productId: product.id, emails: shoppers.map((shopper) => shopper.email) };
    });

    server = startServer(env, await freePort());
    await waitForHealth(server);
    const running = server;
    const cookies = await Promise.all(emails.map((email) => login(running.url, email, TEST_PASSWORD)));

    let sigtermAt = Number.POSITIVE_INFINITY;
    const results: { answer: Answer; sentAt: number; answeredAt: number; grams: number }[] = [];
    const client = async (index: number) => {
      for (let n = 0; ; n += 1) {
        const grams = (n + index) % 2 === 0 ? 500 : 1000;
        const sentAt = Date.now();
        const answer = await call(running.url, 'POST', '/api/user/new/order', {
          cookie: cookies[index % cookies.length],
          json: { cartItems: [{ id: productId, quantity: grams / 1000 }], shippingInfo: SHIPPING },
        });
        results.push({ answer, sentAt, answeredAt: Date.now(), grams });
        if (!running.isRunning() || (answer.status === 0 && Date.now() > sigtermAt)) return;
        if (answer.status === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const clients = Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));

    // Let orders flow, then stop the process in the middle of them.
    await expect
      .poll(() => results.filter((r) => r.answer.status === 201).length, { timeout: 30_000 })
      .toBeGreaterThan(30);
    sigtermAt = Date.now();
    running.child.kill('SIGTERM');
    const exit = await running.exited;
    const stoppedAfter = Date.now() - sigtermAt;
    await clients;

    expect(exit, running.output()).toEqual({ code: 0, signal: null });
    expect(stoppedAfter).toBeLessThan(12_000);

    const statuses = new Set(results.map((r) => r.answer.status));
    for (const status of statuses) expect([0, 201, 503]).toContain(status);
    // Requests already being served when SIGTERM arrived were answered, not dropped.
    const finishedInFlight = results.filter(
      (r) => r.answer.status === 201 && r.sentAt < sigtermAt && r.answeredAt >= sigtermAt,
    );
    expect(finishedInFlight.length).toBeGreaterThan(0);
    // Nothing is served once the process is gone.
    const afterExit = await call(running.url, 'GET', '/api/health');
    expect(afterExit.status).toBe(0);

    const accepted = results.filter((r) => r.answer.status === 201);
    const acceptedIds = accepted.map((r) => (r.answer.body.order as { _id: string })._id).sort();
    const acceptedGrams = accepted.reduce((sum, r) => sum + r.grams, 0);

    const stored = await withDatabase(async (db) => {
      const [product] = await db
        .select({ stock: products.stockGrams })
        .from(products)
        .where(eq(products.id, productId));
      const rows = await db
        .select({ id: orders.id, grams: sql<number>`sum(${orderItems.quantityGrams})::int` })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .groupBy(orders.id);
      return { stock: product?.stock ?? -1, rows };
    });
    expect(stored.rows.map((row) => row.id).sort()).toEqual(acceptedIds);
    const storedGrams = stored.rows.reduce((sum, row) => sum + row.grams, 0);
    expect(storedGrams).toBe(acceptedGrams);
    expect(STOCK_KG * 1000 - stored.stock).toBe(acceptedGrams);
  }, 150_000);
});
