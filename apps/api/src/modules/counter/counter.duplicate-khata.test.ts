/**
 * A sale sent twice at once is made once and both copies are answered with it (contract "Counter
 * sales"), also when the second copy would break a rule the first one's writes made true: a Khata
 * tender the first copy took the credit for (the khata's limit is judged before the counter's own
 * row meets the first one). Found by the counter's books tests; `makeSale` answers any refused
 * copy with the sale already made under its id.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { counterSales, khataAccounts } from '../../db/schema.js';

/** Monday 23 November 2026, 11:30 in Kolkata. */
const NOW = new Date('2026-11-23T06:00:00Z');

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => NOW });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
});

afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: adminCookie } });

describe('a khata sale sent twice at once', () => {
  it('is made once and both copies answer it (201, then 200 duplicate: true)', async () => {
    const tomato = await createProduct(t.db, { name: 'Desi Tomato', rate: 40, stockKg: 10 });
    const regular = await createUser(t.db, { firstName: 'Asha', lastName: 'Rao' });
    // ₹100 of credit: room for the ₹60 sale once, not twice.
    expect((await call('PUT', `/api/admin/khata/${regular.id}`, { creditLimit: 100 })).statusCode).toBe(200);
    const created = await call('POST', '/api/admin/counter/devices', { name: 'Front counter' });
    const device = body<{ device: { _id: string } }>(created).device;
    const payload = {
      deviceId: device._id,
      clientSaleId: randomUUID(),
      sequence: 1,
      soldAt: NOW.toISOString(),
      offline: false,
      customerId: regular.id,
      lines: [{ productId: tomato.id, quantity: 1.5, source: 'scale' }],
      tenders: [{ method: 'Khata', amount: 60 }],
    };

    const answers = await Promise.all([1, 2].map(() => call('POST', '/api/admin/counter/sales', payload)));

    // The sale was made once and the khata debited once (this holds today)...
    const made = await t.db.select().from(counterSales).where(eq(counterSales.deviceId, device._id));
    expect(made).toHaveLength(1);
    const [account] = await t.db.select().from(khataAccounts).where(eq(khataAccounts.userId, regular.id));
    expect(account?.balancePaise).toBe(6000);
    // ...but the second copy is answered 409 khataOverLimit ("₹40 of credit available"), so the
    // device takes a sale that was made, and put on the khata, for a refused one.
    const statuses = answers.map((answer) => `${answer.statusCode} ${answer.body.slice(0, 160)}`);
    expect(answers.map((answer) => answer.statusCode).sort(), statuses.join('\n')).toEqual([200, 201]);
    const orderIds = answers.map((answer) => body<{ sale?: { orderId: string } }>(answer).sale?.orderId);
    expect(new Set(orderIds)).toEqual(new Set([made[0]?.orderId]));
  });
});
