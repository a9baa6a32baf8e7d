/**
 * Backups carry order numbers (decision 0023): a restored shop has the same numbers and its next
 * order continues after them; a restored empty shop starts again at #1001; a backup made before
 * order numbers existed gets them by creation time, as the migration gives them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../../src/db/backup.js';
import { orders } from '../../src/db/schema.js';
import { body, buildTestApp, type TestApp } from '../build-test-app.js';
import { createProduct, createUser } from '../factories.js';
import { sessionCookie } from '../test-sessions.js';

const shippingInfo = { address: '7 Park Street', city: 'Kolkata', mobileNumber: '9830012345', pinCode: '700016' };

let source: TestApp;
let target: TestApp;
let dir: string;

async function placeOn(t: TestApp, count: number): Promise<number[]> {
  const shopper = await createUser(t.db);
  const cookie = await sessionCookie(t.db, shopper.id);
  const product = await createProduct(t.db, { name: 'Okra', rate: 60, stockKg: 50, weightsKg: [1] });
  const numbers: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie },
      payload: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo },
    });
    expect(response.statusCode, response.body).toBe(201);
    numbers.push(body<{ order: { orderNumber: number } }>(response).order.orderNumber);
  }
  return numbers;
}

const storedNumbers = async (t: TestApp) =>
  (await t.db.select({ n: orders.orderNumber }).from(orders).orderBy(asc(orders.createdAt))).map((row) => row.n);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-backup-numbers-'));
  [source, target] = await Promise.all([buildTestApp(), buildTestApp()]);
});

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('order numbers in backups', () => {
  it('restores every number, and the next order continues after the largest', async () => {
    const placed = await placeOn(source, 3);
    expect(placed).toEqual([1001, 1002, 1003]);
    // The target has given more numbers than the source: the restore must set its sequence back.
    await placeOn(target, 5);
    const file = path.join(dir, 'shop.ndjson.gz');
    await backupDatabase(source.db, file);
    await restoreDatabase(target.db, file);
    expect(await storedNumbers(target)).toEqual(placed);
    expect(await placeOn(target, 1)).toEqual([1004]);
  });

  it('a restored empty shop starts again at #1001', async () => {
    const empty = await buildTestApp();
    try {
      const file = path.join(dir, 'empty.ndjson');
      await backupDatabase(empty.db, file);
      await restoreDatabase(target.db, file);
      expect(await storedNumbers(target)).toEqual([]);
      expect(await placeOn(target, 1)).toEqual([1001]);
    } finally {
      await empty.close();
    }
  });

  it('numbers the orders of a backup made before order numbers by creation time', async () => {
    const file = path.join(dir, 'numbered.ndjson');
    await backupDatabase(source.db, file);
    // The same backup as an older version wrote it: no order_number column, orders listed by id.
    const lines = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    for (const line of lines) {
      if (line.tables) {
        const table = line.tables.find((entry: { name: string }) => entry.name === 'orders');
        table.columns = table.columns.filter((column: string) => column !== 'order_number');
      }
      if (line.table === 'orders') {
        for (const row of line.rows) delete row.order_number;
        line.rows.sort((a: { id: string }, b: { id: string }) => b.id.localeCompare(a.id));
      }
    }
    const old = path.join(dir, 'before-numbers.ndjson');
    fs.writeFileSync(old, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    await restoreDatabase(target.db, old);
    expect(await storedNumbers(target)).toEqual([1001, 1002, 1003]);
    expect(await placeOn(target, 1)).toEqual([1004]);
  });
});
