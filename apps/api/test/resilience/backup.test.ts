/**
 * Backups: a database with orders is backed up, restored into a fresh database, and every order,
 * line, picture byte and session comes back; a broken backup file restores nothing.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../../src/db/backup.js';
import { openDatabase } from '../../src/db/client.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { drawnDocuments, images, orderEventsOutbox, orderItems, orders, products, users } from '../../src/db/schema.js';
import { body, buildTestApp, type TestApp } from '../build-test-app.js';
import { createProduct, createUser, loginAs } from '../factories.js';
import { createDatabase, REPO_ROOT } from '../server-process.js';

const shippingInfo = { address: '7 Park Street', city: 'Kolkata', mobileNumber: '9830012345', pinCode: '700016' };

let source: TestApp;
let target: TestApp;
let dir: string;
let shopperCookie: string;
let backupFile: string;
const picture = randomBytes(4096);

type OrderList = { myOrders: { _id: string; total: number; orderItems: { name: string; quantity: number }[] }[] };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-backup-test-'));
  [source, target] = await Promise.all([buildTestApp(), buildTestApp()]);

  const shopper = await createUser(source.db, { firstName: 'Kavya', lastName: 'Iyer' });
  shopperCookie = await loginAs(source.app, shopper.email);
  const mango = await createProduct(source.db, { name: 'Alphonso Mango', rate: 249.5, stockKg: 20 });
  const okra = await createProduct(source.db, { name: 'Okra', rate: 60, stockKg: 8 });
  await source.db.insert(images).values({ contentType: 'image/webp', data: picture, width: 64, height: 64 });
  for (const quantity of [0.5, 1, 1.5]) {
    const response = await source.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie: shopperCookie },
      payload: {
        cartItems: [
          { id: mango.id, quantity },
          { id: okra.id, quantity: 2 },
        ],
        shippingInfo,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  // The target already holds other data, which the restore must replace.
  await createUser(target.db, { email: 'someone-else@example.com' });
  await createProduct(target.db, { name: 'Stale product' });
  // Finished bills are copies (decision 0052): neither backed up nor left behind by a restore.
  await source.db.insert(drawnDocuments).values({ key: 'source-bill', pdf: Buffer.from('%PDF-1.3 source') });
  await target.db.insert(drawnDocuments).values({ key: 'target-bill', pdf: Buffer.from('%PDF-1.3 target') });

  // Two order events still waiting for delivery (due tomorrow, so no dispatcher takes them now).
  const [placed] = await source.db.select({ id: orders.id }).from(orders).limit(1);
  const tomorrow = new Date(Date.now() + 86_400_000);
  await source.db.insert(orderEventsOutbox).values(
    ['first', 'second'].map((subscriber) => ({
      orderId: placed?.id as string,
      type: 'placed',
      subscriber: `restore-test-${subscriber}`,
      payload: {},
      nextAttemptAt: tomorrow,
    })),
  );

  backupFile = path.join(dir, 'shop.ndjson.gz');
  await backupDatabase(source.db, backupFile);
});

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function tableCounts(t: TestApp) {
  const [u] = await t.db.select({ n: count() }).from(users);
  const [p] = await t.db.select({ n: count() }).from(products);
  const [o] = await t.db.select({ n: count() }).from(orders);
  const [i] = await t.db.select({ n: count() }).from(orderItems);
  return { users: Number(u?.n), products: Number(p?.n), orders: Number(o?.n), items: Number(i?.n) };
}

describe('backup and restore', () => {
  it('writes a gzip NDJSON file with a header, the rows and an end line', () => {
    const lines = zlib.gunzipSync(fs.readFileSync(backupFile)).toString('utf8').trim().split('\n');
    const header = JSON.parse(lines[0] as string);
    expect(header).toMatchObject({ format: 'mandi-backup', version: 1 });
    expect(header.tables.map((table: { name: string }) => table.name)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'images', 'categories', 'products', 'orders', 'order_items']),
    );
    expect(header.tables.map((table: { name: string }) => table.name)).not.toContain('drawn_documents');
    const end = JSON.parse(lines.at(-1) as string);
    expect(end).toMatchObject({ end: true, counts: { orders: 3, order_items: 6, users: 1, images: 1 } });
  });

  it('a broken or foreign file restores nothing and leaves the database as it was', async () => {
    const before = await tableCounts(target);
    const text = zlib.gunzipSync(fs.readFileSync(backupFile)).toString('utf8').trim().split('\n');

    const cut = path.join(dir, 'cut.ndjson');
    fs.writeFileSync(cut, `${text.slice(0, -1).join('\n')}\n`);
    await expect(restoreDatabase(target.db, cut)).rejects.toThrow(/incomplete/);

    const damaged = path.join(dir, 'damaged.ndjson');
    const rows = text.map((line) => JSON.parse(line));
    const ordersLine = rows.find((row) => row.table === 'orders');
    ordersLine.rows[0].status = 'Lost in transit';
    fs.writeFileSync(damaged, rows.map((row) => JSON.stringify(row)).join('\n'));
    await expect(restoreDatabase(target.db, damaged)).rejects.toThrow();

    const foreign = path.join(dir, 'foreign.json');
    fs.writeFileSync(foreign, '{"hello":"world"}\n');
    await expect(restoreDatabase(target.db, foreign)).rejects.toThrow(/not a Mandi backup/);
    await expect(restoreDatabase(target.db, path.join(dir, 'missing.gz'))).rejects.toThrow(/No backup file/);

    expect(await tableCounts(target)).toEqual(before);
    const [stale] = await target.db.select().from(products).where(eq(products.name, 'Stale product'));
    expect(stale).toBeDefined();
  });

  it('restores every order with its items into another database, replacing what was there', async () => {
    const counts = await restoreDatabase(target.db, backupFile);
    expect(counts).toMatchObject({ orders: 3, order_items: 6, users: 1, products: 2, images: 1 });
    expect(await tableCounts(target)).toEqual(await tableCounts(source));
    const [stale] = await target.db.select().from(products).where(eq(products.name, 'Stale product'));
    expect(stale).toBeUndefined();
    expect(await target.db.select().from(drawnDocuments)).toEqual([]);

    // The session came along too: the same cookie works on the restored shop.
    const [fromSource, fromTarget] = await Promise.all(
      [source, target].map((t) =>
        t.app.inject({ method: 'GET', url: '/api/user/my/orders', headers: { cookie: shopperCookie } }),
      ),
    );
    expect(fromTarget?.statusCode).toBe(200);
    const restored = body<OrderList>(fromTarget as never).myOrders;
    expect(restored).toHaveLength(3);
    expect(restored).toEqual(body<OrderList>(fromSource as never).myOrders);
    for (const order of restored) {
      expect(order.orderItems.map((item) => item.name).sort()).toEqual(['Alphonso Mango', 'Okra']);
    }

    const [image] = await target.db.select().from(images);
    expect(Buffer.compare(image?.data ?? Buffer.alloc(0), picture)).toBe(0);

    // Timestamps keep their full precision: a second backup of the restored copy is the same.
    const again = path.join(dir, 'again.ndjson');
    await backupDatabase(target.db, again);
    const strip = (file: string, gz: boolean) =>
      (gz ? zlib.gunzipSync(fs.readFileSync(file)) : fs.readFileSync(file)).toString('utf8').split('\n').slice(1);
    expect(strip(again, false)).toEqual(strip(backupFile, true));

    // Identity columns go on after the restored ids: the pending order events restored with the
    // rest do not collide with the next ones.
    expect(counts.order_events_outbox).toBeGreaterThanOrEqual(2);
    const restoredIds = (await target.db.select({ id: orderEventsOutbox.id }).from(orderEventsOutbox)).map((r) => r.id);
    const [added] = await target.db
      .insert(orderEventsOutbox)
      .values({ orderId: restored[0]?._id as string, type: 'placed', subscriber: 'restore-test', payload: {} })
      .returning({ id: orderEventsOutbox.id });
    expect(added?.id).toBeGreaterThan(Math.max(...restoredIds));
    const [mango] = await target.db.select().from(products).where(eq(products.name, 'Alphonso Mango'));
    const next = await target.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie: shopperCookie },
      payload: { cartItems: [{ id: mango?.id, quantity: 0.5 }], shippingInfo },
    });
    expect(next.statusCode, next.body).toBe(201);
  });

  it('refuses to overwrite an existing backup file', async () => {
    await expect(backupDatabase(source.db, backupFile)).rejects.toThrow(/already exists/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run db:backup / db:restore (the command-line tools)', () => {
  const cli = (script: string, args: string[], databaseUrl: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', `apps/api/src/db/${script}`, ...args], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl, INIT_CWD: dir },
    });

  it('backs up one database and restores it into a new, empty one', async () => {
    const [from, to] = await Promise.all([createDatabase(), createDatabase()]);
    try {
      const migrated = await openDatabase({ databaseUrl: from.url });
      await migrateDatabase(migrated);
      const user = await createUser(migrated.db, { email: 'cli-backup@example.com' });
      await migrated.close();

      const backup = cli('backup-cli.ts', ['cli.ndjson.gz'], from.url);
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Backup written to ${path.join(dir, 'cli.ndjson.gz')}`);

      const restore = cli('restore-cli.ts', ['cli.ndjson.gz'], to.url);
      expect(restore.status, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/users\s+1/);
      const restored = await openDatabase({ databaseUrl: to.url });
      const rows = await restored.db.select().from(users);
      await restored.close();
      expect(rows.map((row) => row.id)).toEqual([user.id]);

      const missing = cli('restore-cli.ts', [], to.url);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain('Usage: npm run db:restore <backup file>');
      const broken = cli('restore-cli.ts', ['no-such-file.gz'], to.url);
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain('Restore failed: No backup file at');
    } finally {
      await Promise.all([from.drop(), to.drop()]);
    }
  }, 120_000);
});
