/**
 * Bad input at scale: a few thousand malformed requests (wrong types, huge strings, deep JSON,
 * broken multipart, bad ids, bad cookies, wrong content types, odd query strings) to every route
 * of the API. None may answer 5xx or take the process down, and the data must be unchanged
 * afterwards (a checksum of every table but the rate-limit counters, which count attempts).
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTables } from '../../src/db/backup.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { createCategory, createProduct, createUser, loginAs } from '../factories.js';

const SHIPPING = { address: '3 Residency Road', city: 'Chennai', mobileNumber: '9840012345', pinCode: '600002' };
const CASES_PER_ROUTE = 110;

/** A small seeded generator, so a failure can be replayed exactly. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick };
}

const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const huge = 'x'.repeat(200_000);

const BAD_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  -1e-308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'NaN',
  'Infinity',
  '-0.0001',
  '1e400',
  '0x10',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '😀'.repeat(300),
  '\u0000\u0001\u0002',
  huge,
  [],
  [null],
  [1, 'two', { three: 3 }],
  {},
  { $ne: null },
  { $gt: '' },
  { __proto__: { isAdmin: true } },
  { constructor: { prototype: { isAdmin: true } } },
  Array.from({ length: 5000 }, (_, i) => i),
];

const FIELD_NAMES = [
  'email',
  'password',
  'confirmPassword',
  'firstName',
  'lastName',
  'role',
  'cartItems',
  'shippingInfo',
  'userId',
  'total',
  'idempotencyKey',
  'oStatus',
  'ratings',
  'comment',
  'categoryName',
  'categoryImage',
  'name',
  'rate',
  'stocks',
  'kilogramOption',
  'category',
  'images',
  'id',
  'quantity',
  'supplier',
  'date',
  'commissionPercent',
  'charges',
  'lines',
  'productId',
  'grossQuantity',
  'tareQuantity',
  'reason',
  'note',
  'amount',
  'method',
  'reference',
];

/** Values no field should accept; one of them poisons an otherwise well-formed body. */
const POISON: readonly unknown[] = [
  'a\u0000b',
  '\u0000',
  'bad \ud800 surrogate',
  null,
  true,
  {},
  [],
  ['list'],
  { $ne: null },
  '   ',
  huge,
];

/** Well-formed bodies of the API's write routes (each sent only with one field poisoned). */
const TEMPLATES: readonly Record<string, unknown>[] = [
  {
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: 'new-fuzz@example.com',
    password: 'secret-pass-1',
    confirmPassword: 'secret-pass-1',
  },
  { email: 'fuzz@example.com', password: 'secret-pass-1' },
  { password: 'secret-pass-2', confirmPassword: 'secret-pass-2' },
  { email: 'fuzz@example.com' },
  { ratings: 4, comment: 'Good and fresh' },
  { oStatus: 'Shipped' },
  { categoryName: 'Millets' },
  { name: 'Ragi', rate: 90, stocks: 10, kilogramOption: [1], category: 'CATEGORY' },
  { cartItems: [{ id: 'PRODUCT', quantity: 1 }], shippingInfo: SHIPPING },
  { role: 'Admin' },
  {
    supplier: 'Fuzz Traders',
    date: '2026-11-20',
    commissionPercent: 6,
    charges: [{ label: 'Transport', amount: 50 }],
    lines: [{ productId: 'PRODUCT', grossQuantity: 10, tareQuantity: 0.5, rate: 20 }],
  },
  { productId: 'PRODUCT', quantity: 1, reason: 'rotten' },
  { amount: 10, method: 'Cash' },
];

/** A copy of `value` with one leaf (chosen by `next`) replaced by `poison`. */
function poisonOne(value: unknown, next: () => number, poison: unknown): unknown {
  if (Array.isArray(value)) {
    const copy = [...value];
    const index = Math.floor(next() * copy.length);
    copy[index] = poisonOne(copy[index], next, poison);
    return copy;
  }
  if (value && typeof value === 'object') {
    const copy = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const key = keys[Math.floor(next() * keys.length)] as string;
    copy[key] = poisonOne(copy[key], next, poison);
    return copy;
  }
  return poison;
}

const RAW_BODIES: readonly { type: string; payload: string | Buffer }[] = [
  { type: 'application/json', payload: '{"a":' },
  { type: 'application/json', payload: '{"email": "a@b.c",}' },
  { type: 'application/json', payload: '\uFEFF{"email":"x"}' },
  { type: 'application/json', payload: '{"__proto__":{"role":"Admin"}}' },
  { type: 'application/json', payload: '{"constructor":{"prototype":{"role":"Admin"}}}' },
  { type: 'application/json', payload: deepJson(5_000) },
  { type: 'application/json', payload: deepArray(20_000) },
  { type: 'application/json', payload: deepArray(17) },
  { type: 'application/json', payload: `{"cartItems":[${'['.repeat(40_000)}` },
  { type: 'application/json', payload: `{"comment":"${'[{'.repeat(20_000)}"}` },
  { type: 'application/json', payload: `{"comment":"${'y'.repeat(1_200_000)}"}` },
  { type: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x80]) },
  { type: 'application/json; charset=utf-16', payload: '{}' },
  { type: 'text/plain', payload: '{"email":"a@b.c"}' },
  { type: 'application/x-www-form-urlencoded', payload: 'email=a%40b.c&password=x' },
  {
    type: 'application/xml',
    payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  { type: 'multipart/form-data', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--' },
  { type: 'multipart/form-data; boundary=zzz', payload: 'not multipart at all' },
  {
    type: 'multipart/form-data; boundary=zzz',
    payload:
      '--zzz\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nGIF89a<svg onload=alert(1)>',
  },
  {
    type: 'multipart/form-data; boundary=zzz',
    payload:
      '--zzz\r\nContent-Disposition: form-data; name="junk"\r\n\r\nvalue\r\n--zzz\r\nContent-Disposition: form-data; name="images"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 truncated',
  },
  {
    type: 'multipart/form-data; boundary=zzz',
    payload: `--zzz\r\nContent-Disposition: form-data; name="${'n'.repeat(5000)}"\r\n\r\n${'v'.repeat(5000)}\r\n--zzz`,
  },
  { type: 'application/octet-stream', payload: Buffer.alloc(2048, 7) },
  { type: '', payload: 'garbage' },
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: '"just a string"' },
  { type: 'application/json', payload: '12345678901234567890123456789' },
];

const BAD_IDS = [
  'abc',
  '0',
  '-1',
  '1e9',
  "1' or '1'='1",
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  'null',
  'undefined',
  '%F0%9F%98%80',
  '%E0%A4%A',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '00000000-0000-0000-0000-000000000000',
  '6f1c1a2e-1b7d-4c52-9d61-8c43f1f4a3b9',
  'x'.repeat(150),
  '{"$ne":null}',
];

const BAD_COOKIES = [
  'token=',
  'token=garbage',
  `token=${'A'.repeat(43)}`,
  `token=${'A'.repeat(8000)}`,
  'token=%E0%A4%A',
  ';;;==;=',
  'token=a; token=b',
  'token="quoted"',
];

const BAD_QUERIES = [
  '?page=-1',
  '?page=abc',
  '?page=1e308',
  '?keyword[$ne]=1',
  '?keyword=%00',
  `?keyword=${'k'.repeat(5000)}`,
  '?gte=abc&lte=-5',
  '?gte=100&lte=1',
  '?category=bad,ids,,',
  '?category[]=1&category[]=2',
  '?ratings=9&sort=;drop',
  '?a=%E0%A4%A',
  '?__proto__[x]=1',
];

let t: TestApp;
let userCookie: string;
let adminCookie: string;
let realIds: string[];

type TableSums = Record<string, { rows: number; sum: string | null }>;

async function tableChecksums(): Promise<TableSums> {
  const sums: TableSums = {};
  for (const table of backupTables()) {
    if (table.name === 'rate_limits') continue;
    const result = await t.db.execute(
      sql`select count(*)::int as rows, md5(string_agg(to_jsonb(t)::text, '|' order by to_jsonb(t)::text)) as sum from ${sql.raw(`"${table.name}"`)} t`,
    );
    const row = (result as unknown as { rows: { rows: number; sum: string | null }[] }).rows[0];
    sums[table.name] = { rows: Number(row?.rows), sum: row?.sum ?? null };
  }
  return sums;
}

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createUser(t.db, { role: 'Admin', firstName: 'Fuzz', lastName: 'Admin' });
  const user = await createUser(t.db, { firstName: 'Fuzz', lastName: 'Shopper' });
  adminCookie = await loginAs(t.app, admin.email);
  userCookie = await loginAs(t.app, user.email);
  const category = await createCategory(t.db);
  const product = await createProduct(t.db, { categoryId: category.id, stockKg: 10 });
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    headers: { cookie: userCookie },
    payload: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING },
  });
  expect(order.statusCode, order.body).toBe(201);
  const review = await t.app.inject({
    method: 'POST',
    url: '/api/user/add/review',
    headers: { cookie: userCookie },
    payload: { ratings: 4, comment: 'Fresh and sweet' },
  });
  expect(review.statusCode, review.body).toBeLessThan(300);
  realIds = [category.id, product.id, order.json().order._id, user.id, admin.id];
  await orderEventsDispatched();
}, 60_000);

/**
 * The order above leaves its events in the outbox, dispatched (and deleted) after the answer: the
 * checksums are taken once they are, or the dispatch would read as data the fuzzing changed.
 */
async function orderEventsDispatched(): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 20_000; ) {
    await t.settle();
    const result = await t.db.execute(sql`select count(*)::int as n from order_events_outbox`);
    if ((result as unknown as { rows: { n: number }[] }).rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the order events were not dispatched within 20 s');
}

afterAll(async () => {
  await t?.close();
});

interface Route {
  method: string;
  url: string;
}

function listRoutes(): Route[] {
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes: Route[] = [];
  for (const [url, methods] of Object.entries(spec.paths)) {
    for (const method of Object.keys(methods)) routes.push({ method: method.toUpperCase(), url });
  }
  return routes;
}

/**
 * A route's own seed, from its method and path: adding a route elsewhere leaves every other
 * route's cases as they were, so a failure stays reproducible across changes to the API.
 */
function seedOf(route: Route): number {
  let hash = 2166136261;
  for (const char of `${route.method} ${route.url}`) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return hash >>> 0;
}

function buildCases(route: Route, seed: number): InjectOptions[] {
  const { next, pick } = random(seed);
  const cases: InjectOptions[] = [];
  const isWrite = route.method !== 'GET';
  const isLogout = route.url.includes('logOut');
  for (let i = 0; i < CASES_PER_ROUTE; i += 1) {
    // Real ids only where the request cannot delete or cancel anything (a cancel takes no body, so
    // any body is a well-formed cancel); made-up ids everywhere.
    const canDestroy = route.method === 'DELETE' || route.url.endsWith('/cancel');
    const id = () => (!canDestroy && next() < 0.3 ? pick(realIds) : pick(BAD_IDS));
    let url = route.url.replace(/\{[^}]+\}/g, id);
    if (next() < 0.3) url += pick(BAD_QUERIES);

    const headers: Record<string, string> = {};
    const who = next();
    if (isLogout) headers.cookie = pick(BAD_COOKIES);
    else if (who < 0.3) headers.cookie = adminCookie;
    else if (who < 0.5) headers.cookie = userCookie;
    else if (who < 0.75) headers.cookie = pick(BAD_COOKIES);
    if (next() < 0.05) headers.origin = pick(['https://evil.example', 'null', 'not a url']);

    const options: InjectOptions = { method: route.method as InjectOptions['method'], url, headers };
    const shape = next();
    if (isWrite || shape < 0.2) {
      if (shape < 0.35) {
        const raw = pick(RAW_BODIES);
        if (raw.type) headers['content-type'] = raw.type;
        options.payload = raw.payload;
      } else if (shape < 0.6) {
        const template = JSON.parse(
          JSON.stringify(pick(TEMPLATES))
            .replace('"PRODUCT"', JSON.stringify(realIds[1]))
            .replace('"CATEGORY"', JSON.stringify(realIds[0])),
        );
        headers['content-type'] = 'application/json';
        options.payload = JSON.stringify(poisonOne(template, next, pick(POISON)));
      } else if (shape < 0.85) {
        // An object of known field names holding values of the wrong kind.
        const body: Record<string, unknown> = {};
        const fields = 1 + Math.floor(next() * 4);
        for (let f = 0; f < fields; f += 1) body[pick(FIELD_NAMES)] = pick(BAD_VALUES);
        if (next() < 0.3) body.shippingInfo = { ...SHIPPING, [pick(Object.keys(SHIPPING))]: pick(BAD_VALUES) };
        if (next() < 0.3) body.cartItems = [{ id: pick([...BAD_IDS, ...realIds]), quantity: pick(BAD_VALUES) }];
        headers['content-type'] = 'application/json';
        options.payload = JSON.stringify(body);
      } else {
        headers['content-type'] = 'application/json';
        options.payload = JSON.stringify(pick(BAD_VALUES));
      }
    }
    cases.push(options);
  }
  return cases;
}

describe('bad input at scale', () => {
  it('thousands of malformed requests to every route: no 5xx, no crash, no data changed', async () => {
    const routes = listRoutes();
    // The spec lists the whole API; a sanity check that the list is not empty or partial.
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/user/new/order' });

    const before = await tableChecksums();
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const cases = buildCases(route, seedOf(route));
      for (let start = 0; start < cases.length; start += 10) {
        await Promise.all(
          cases.slice(start, start + 10).map(async (options) => {
            const response = await t.app.inject(options);
            sent += 1;
            const contentType = String(response.headers['content-type'] ?? '');
            if (response.statusCode >= 500) {
              failures.push(
                `${options.method} ${options.url} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
            } else if (response.statusCode >= 400 && !contentType.includes('application/json')) {
              failures.push(`${options.method} ${options.url} -> ${response.statusCode} not JSON: ${contentType}`);
            } else if (response.statusCode >= 400 && response.json().success !== false) {
              failures.push(`${options.method} ${options.url} -> ${response.statusCode} without success:false`);
            }
          }),
        );
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(2000);

    // Still alive and still right.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/product/getAllProducts' });
    expect(list.statusCode).toBe(200);
    expect(await tableChecksums()).toEqual(before);
  }, 120_000);
});

describe('deep and large bodies', () => {
  it('every write route refuses deep nesting (400) and bodies over 64 KB (413) before any work', async () => {
    const writes = listRoutes().filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(10);
    const uuid = '00000000-0000-4000-8000-000000000000';
    const bodies = [
      { name: 'deep object', payload: deepJson(64), status: 400 },
      { name: 'deep array in a field', payload: `{"email":${deepArray(20_000)}}`, status: 400 },
      { name: '1 MB of nested arrays', payload: deepArray(500_000), status: 413 },
      { name: 'large flat body', payload: JSON.stringify({ comment: 'z'.repeat(100_000) }), status: 413 },
    ];
    const failures: string[] = [];
    for (const route of writes) {
      const url = route.url.replace(/\{[^}]+\}/g, uuid);
      // As the admin: admin routes check the session on arrival, before reading any body. Upload
      // routes keep their own larger limit (their fields are then judged).
      const isUpload = /^\/api\/(product|category)\/(add|update)/.test(route.url);
      for (const { name, payload, status } of bodies) {
        const response = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url,
          headers: { 'content-type': 'application/json', cookie: adminCookie },
          payload,
        });
        const expected = isUpload && status === 413 ? [400, 404, 413] : [status];
        const answer = response.json() as { success?: unknown; message?: unknown };
        const hasMessage = typeof answer.message === 'string' || Array.isArray(answer.message);
        if (!expected.includes(response.statusCode) || answer.success !== false || !hasMessage) {
          failures.push(
            `${route.method} ${route.url} ${name} -> ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // A deep 1 MB body used to cost ~400 ms of CPU each; what a refusal costs now is measured by
    // bench/timings/request-costs.timing.ts (decision 0054).
  }, 60_000);
});
