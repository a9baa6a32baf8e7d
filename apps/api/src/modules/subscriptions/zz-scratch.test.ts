import { afterAll, beforeAll, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';

let clockMs = Date.parse('2027-01-01T04:30:00Z');
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ STANDING_ORDERS_CLOCK: 'off' }, { now: () => new Date(clockMs) });
  admin = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
});
afterAll(() => t?.close());
const inject = (method: any, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

it('times', async () => {
  const p0 = performance.now();
  const products = [];
  for (let i = 0; i < 4; i++) products.push(await createProduct(t.db, { stockKg: 100000, weightsKg: [0.5, 1, 2] }));
  const H = Number(process.env.H ?? 80);
  for (let h = 0; h < H; h++) {
    const u = await createUser(t.db);
    const c = await sessionCookie(t.db, u.id);
    const a = await inject('POST', '/api/user/my/addresses', c, {
      label: 'Home',
      address: '1 Road',
      city: 'Pune',
      mobileNumber: '9822012345',
      pinCode: '411001',
    });
    const addressId = body<any>(a).address._id;
    const ks = performance.now();
    for (let k = 0; k < 6; k++) {
      const r = await inject('POST', '/api/user/my/subscriptions', c, {
        productId: products[k % 4]!.id,
        quantity: 1,
        schedule: { kind: 'daily', startDate: '2027-01-02' },
        addressId,
        paymentMethod: 'COD',
      });
      expect(r.statusCode, r.body).toBe(201);
    }
    if (h % 10 === 0) console.log('hh', h, ((performance.now() - ks) / 6).toFixed(1));
  }
  const p1 = performance.now();
  console.log('setup', (p1 - p0).toFixed(0));
  const clock = t.app as any;
  for (let d = 0; d < 10; d++) {
    const date = new Date(Date.parse('2027-01-02T00:00:00Z') + d * 86400000).toISOString().slice(0, 10);
    const s = performance.now();
    const r = await inject('POST', '/api/admin/subscriptions/run', admin, { date });
    clockMs += 86400000;
    console.log(date, r.statusCode, body<any>(r).created, (performance.now() - s).toFixed(0));
    // clock to next day
    clockMs += 0;
  }
}, 600000);
