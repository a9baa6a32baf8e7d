/**
 * Regressions of the security audit that concern the HTTP layer as a whole: request cost (body
 * size and JSON depth), guards on the routed path, Cache-Control on session answers, the GET
 * logout from other sites, and reset tokens kept out of the log.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { redactUrl } from '../src/lib/log-redaction.js';
import { body, buildTestApp, type TestApp } from './build-test-app.js';
import { createProduct, createUser, loginAs } from './factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_PER_IP: '100000' });
});
afterAll(() => t.close());

const inject = (options: InjectOptions) => t.app.inject(options);
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON bodies', () => {
  // What the refusal costs is measured by bench/timings/request-costs.timing.ts (decision 0054).
  it('refuses deep nesting with 400 before any route work', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${deepArray(30_000)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      success: false,
      message: 'The request body is nested too deeply',
      code: 'bodyTooDeep',
      values: {},
    });
  });

  it('counts brackets inside strings as text, not nesting', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[@example.com', password: '{{{{{{{{{{{{{{{{{{{{{{{{{{{{' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a body over 64 KB on a non-upload route with 413', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { firstName: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(body(response)).toEqual({
      success: false,
      message: 'The request body is too large',
      code: 'bodyTooLarge',
      values: {},
    });
  });

  it('keeps the upload routes their own larger limit', async () => {
    const admin = await createUser(t.db, { role: 'Admin' });
    const cookie = await loginAs(t.app, admin.email);
    const response = await inject({
      method: 'POST',
      url: '/api/product/add',
      headers: { cookie },
      payload: { name: 'Big picture', image: `data:image/png;base64,${'A'.repeat(200 * 1024)}` },
    });
    // Past the body limit: the picture or the fields are judged, not the size.
    expect(response.statusCode).not.toBe(413);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('guards on the routed path', () => {
  it('refuses a percent-encoded API path from a foreign Origin', async () => {
    const user = await createUser(t.db);
    const response = await inject({
      method: 'POST',
      url: '/%61pi/user/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies.find((c) => c.name === 'token')).toBeUndefined();
  });

  it('refuses a percent-encoded API path with a form content type', async () => {
    const user = await createUser(t.db);
    const response = await inject({
      method: 'POST',
      url: '/%61pi/user/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('Cache-Control', () => {
  it('is no-store on every answer that depends on the session', async () => {
    const admin = await createUser(t.db, { role: 'Admin' });
    const cookie = await loginAs(t.app, admin.email);
    for (const url of [
      '/api/user/getloggeduser',
      '/api/user/my/orders',
      '/api/user/admin/orders',
      '/api/user/admin/user',
      '/api/user/admin/stats',
      '/api/admin/picklist',
      '/api/admin/picklist?format=csv',
    ]) {
      const response = await inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    expect((await inject({ method: 'GET', url: '/api/user/getloggeduser' })).headers['cache-control']).toBe('no-store');
  });
});

describe('GET logout', () => {
  const me = (cookie: string) => inject({ method: 'GET', url: '/api/user/getloggeduser', headers: { cookie } });

  it('is refused when the Referer or the Origin is another site', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user.email);
    for (const headers of [
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ]) {
      const response = await inject({ method: 'GET', url: '/api/user/logOut', headers: { cookie, ...headers } });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect((await me(cookie)).statusCode).toBe(200);
    }
  });

  it('works from the shop itself', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user.email);
    const response = await inject({
      method: 'GET',
      url: '/api/user/logOut',
      headers: { cookie, referer: 'http://localhost:3000/', 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('the log', () => {
  it('redacts reset tokens and keeps the path shape', () => {
    const token = 'A'.repeat(43);
    expect(redactUrl(`/reset-password/abc/${token}`)).toBe('/reset-password/abc/[redacted]');
    expect(redactUrl(`/api/user/reset-password/abc/${token}?x=1`)).toBe('/api/user/reset-password/abc/[redacted]?x=1');
    expect(redactUrl('/api/product/getAllProducts?page=2')).toBe('/api/product/getAllProducts?page=2');
  });

  it('redacts email confirmation tokens the same way (decision 0055)', () => {
    const token = 'C'.repeat(43);
    expect(redactUrl(`/confirm-email/abc/${token}`)).toBe('/confirm-email/abc/[redacted]');
    expect(redactUrl(`/api/user/confirm-email/abc/${token}`)).toBe('/api/user/confirm-email/abc/[redacted]');
    expect(redactUrl(`/api/user/%63onfirm-email/abc/${token}`)).not.toContain(token);
  });

  it('redacts reset tokens in percent-encoded paths, which the router decodes to the same route', () => {
    const token = 'B'.repeat(43);
    expect(redactUrl(`/%72eset-password/abc/${token}`)).not.toContain(token);
    expect(redactUrl(`/%72eset-password/abc/${token}`)).toBe('/reset-password/abc/[redacted]');
    expect(redactUrl(`/api/user/%52ESET-PASSWORD/abc/${token}?x=1`)).not.toContain(token);
    expect(redactUrl(`/reset-password%2Fabc%2F${token}`)).not.toContain(token);
    expect(redactUrl(`/reset-password/abc/%42${token}`)).not.toContain(token.slice(1));
    expect(redactUrl('/%61pi/product/getAllProducts?q=%72')).toBe('/%61pi/product/getAllProducts?q=%72');
  });

  it('never carries a reset token from request logging', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...t.config, logLevel: 'info' },
      db: t.db,
      mailer: { send: async () => {} },
      logStream: { write: (line) => lines.push(line) },
    });
    const token = 'Zz9'.repeat(14).concat('x');
    await app.inject({
      method: 'POST',
      url: `/api/user/reset-password/00000000-0000-4000-8000-000000000000/${token}`,
      payload: { password: 'new-password-1', confirmPassword: 'new-password-1' },
    });
    await app.inject({ method: 'GET', url: `/reset-password/00000000-0000-4000-8000-000000000000/${token}` });
    await app.inject({ method: 'GET', url: `/%72eset-password/00000000-0000-4000-8000-000000000000/${token}` });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/user/reset-password/00000000-0000-4000-8000-000000000000/[redacted]');
    expect(log).not.toContain(token);
  });
});

describe('amounts', () => {
  it('refuses an order whose total would overflow with a clear 400, and changes nothing', async () => {
    const shopper = await createUser(t.db);
    const cookie = await loginAs(t.app, shopper.email);
    const dear = await Promise.all(
      Array.from({ length: 7 }, () => createProduct(t.db, { rate: 1_000_000, stockKg: 100, weightsKg: [3.5] })),
    );
    const response = await inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie },
      payload: {
        cartItems: dear.map((product) => ({ id: product.id, quantity: 3.5 })),
        shippingInfo: { address: '3 Residency Road', city: 'Chennai', mobileNumber: '9840012345', pinCode: '600002' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      success: false,
      message: 'An order can total at most ₹1,00,00,000',
      code: 'orderMaxTotal',
      values: { amount: '₹1,00,00,000' },
    });
    const mine = await inject({ method: 'GET', url: '/api/user/my/orders', headers: { cookie } });
    expect(JSON.stringify(body(mine))).not.toContain(dear[0]?.id);
  });

  it('bounds rates and stock at input, so no product amount can overflow', async () => {
    const admin = await createUser(t.db, { role: 'Admin' });
    const cookie = await loginAs(t.app, admin.email);
    const category = (await t.app.inject({ method: 'GET', url: '/api/category/get' })).json() as {
      Categories: { _id: string }[];
    };
    const response = await inject({
      method: 'POST',
      url: '/api/product/add',
      headers: { cookie },
      payload: {
        name: 'Saffron',
        rate: '1000001',
        stocks: '1000001',
        kilogramOption: ['1'],
        category: category.Categories[0]?._id ?? '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(response.statusCode).toBe(400);
    const messages = (body(response) as { message: string[] }).message.join(' ');
    expect(messages).toMatch(/Rate/);
    expect(messages).toMatch(/Stocks/);
  });
});

describe('dates in the query', () => {
  const refused = [
    ['/api/admin/bills?month=9999-12', 'month'],
    ['/api/admin/bills?month=0000-01', 'month'],
    ['/api/admin/bills?month=1999-12&format=csv', 'month'],
    ['/api/admin/picklist?date=0001-01-01', 'date'],
    ['/api/admin/picklist?date=9999-12-31', 'date'],
    ['/api/admin/delivery/bookings?date=0001-01-01', 'date'],
    ['/api/admin/delivery/bookings?date=9999-12-31', 'date'],
    ['/api/user/admin/orders?deliveryDate=0001-01-01', 'deliveryDate'],
    ['/api/user/admin/orders?slotId=00000000-0000-4000-8000-000000000000_9999-12-31', 'slotId'],
  ] as const;

  it.each(refused)('%s is a 400 that names the range, not a 500', async (url, field) => {
    const admin = await createUser(t.db, { role: 'Admin' });
    const cookie = await loginAs(t.app, admin.email);
    const response = await inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode).toBe(400);
    const message = String((body(response) as { message: unknown }).message);
    expect(message).toContain(field);
    expect(message).toMatch(/2000.*2100/);
  });

  it('keeps answering dates inside the range', async () => {
    const admin = await createUser(t.db, { role: 'Admin' });
    const cookie = await loginAs(t.app, admin.email);
    for (const url of [
      '/api/admin/bills?month=2000-01',
      '/api/admin/bills?month=2100-12',
      '/api/admin/picklist?date=2100-12-31',
      '/api/admin/delivery/bookings?date=2000-01-01',
      '/api/user/admin/orders?deliveryDate=2100-12-31',
    ]) {
      expect((await inject({ method: 'GET', url, headers: { cookie } })).statusCode, url).toBe(200);
    }
  });
});
