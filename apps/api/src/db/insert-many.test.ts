/** Rows inserted through one array per column come back as Drizzle's own queries give them. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertOrders } from '../modules/orders/orders.repository.js';
import { orders } from './schema.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const order = (id: string, address: string) => ({
  id,
  userId: null,
  customerFirstName: 'आशा',
  customerLastName: "O'Brien",
  totalPaise: 12_345,
  estimatedTotalPaise: 12_345,
  adjustmentsPaise: 0,
  deliveryDate: '2026-11-26',
  packedAt: null,
  address,
  city: 'Pune',
  mobileNumber: '9876543210',
  pinCode: '411001',
  idempotencyKey: null,
});

describe('insertManySql', () => {
  it('keeps every value as given, quotes, commas, braces, backslashes, NULL and Hindi included', async () => {
    const tricky = ['12 "Market" Road, {Flat 3}', 'C:\\Lane\\2', 'NULL', '', 'गली नं. 4, शिवाजी नगर'];
    const ids = tricky.map((_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const inserted = await t.db.transaction((tx) =>
      insertOrders(
        tx,
        tricky.map((address, i) => order(ids[i] ?? '', address)),
      ),
    );
    expect(inserted.map((row) => row.address)).toEqual(tricky);
    const [first] = inserted;
    const [read] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, ids[0] ?? ''));
    // The same shape and values as a select: dates, nulls, defaults, the generated subtotal.
    expect(first).toEqual(read);
    expect(first?.status).toBe('Processing');
    expect(first?.createdAt).toBeInstanceOf(Date);
    expect(first?.deliveryDate).toBe('2026-11-26');
    expect(first?.packedAt).toBeNull();
    expect(first?.customerLastName).toBe("O'Brien");
    // One clock reading per row, in insert order.
    const times = inserted.map((row) => row.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('gives a column no row names its default, and inserts every value a row gives', async () => {
    const { adjustmentsPaise: _adjustments, ...withoutAdjustments } = order(
      '00000000-0000-4000-8000-0000000000aa',
      '1 Mill Road',
    );
    const [inserted] = await t.db.transaction((tx) => insertOrders(tx, [withoutAdjustments]));
    expect(inserted?.adjustmentsPaise).toBe(0);
    expect(inserted?.channel).toBe('online');
    expect(inserted?.deliveryDate).toBe('2026-11-26');
  });
});
