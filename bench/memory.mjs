/**
 * Server memory (`node bench/memory.mjs` after `npm run build`): the resident set size (RSS) of the
 * server process started as `npm start` starts it (demo catalogue, a fresh temporary DATA_DIR),
 * idle after start and after use, on the embedded database (PGlite) and on PostgreSQL.
 *
 * "Use" is a few hundred API requests (catalogue pages, searches, products, reviews, sign-ups,
 * logins, orders, the admin lists) and a few dozen page loads in Chromium, each in a fresh context
 * (empty cache). Targets on PGlite: idle <= 200 MB, after use <= 300 MB (issue 47).
 *
 * Each figure is read twice: 3 s after the start (or the use), while the process still finishes
 * what it was doing, and at rest, MEMORY_REST_SECONDS (default 20) after it. V8 gives memory back
 * on its own once a process stops allocating (its memory reducer runs about 8 s after the last full
 * collection: on the embedded server 228 MB fell to 179 MB 8-12 s after a first start, with no
 * request and 0.2 s of CPU). The targets are held to the figures at rest: a shop's server between
 * visitors; the figures 3 s after are printed beside them.
 * PostgreSQL: MEMORY_PG_URL (default postgres://postgres@127.0.0.1:5432), a throwaway database;
 * MEMORY_ONLY=pglite or =postgres measures one. Writes bench/results/memory.json; exits 1 when a
 * PGlite target is missed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { ADMIN, CHROMIUM_FLAGS, CHROMIUM_PATH, root, startAppServer } from './lib/app-server.mjs';

const TARGETS = { idleMb: 200, afterUseMb: 300 };
const PG_URL = process.env.MEMORY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PAGE_LOADS = Number(process.env.MEMORY_PAGE_LOADS ?? 40);
const SETTLE_MS = 3000;
const REST_MS = Number(process.env.MEMORY_REST_SECONDS ?? 20) * 1000;

const rssMb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(base, urlPath, { method = 'GET', cookie, body } = {}) {
  const response = await fetch(`${base}${urlPath}`, {
    method,
    headers: {
      'accept-encoding': 'gzip, br',
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, cookie: response.headers.getSetCookie().find((c) => c.startsWith('token=')), text };
}

/** A few hundred API requests as shoppers and an admin make them. */
async function useApi(base) {
  let count = 0;
  const get = async (urlPath, cookie) => {
    count++;
    const response = await call(base, urlPath, { cookie });
    if (response.status >= 500) throw new Error(`GET ${urlPath}: ${response.status}`);
    return response.status === 200 ? JSON.parse(response.text) : null;
  };
  const { Categories: categories } = await get('/api/category/get');
  const { products } = await get('/api/product/getAllProducts?limit=200');
  for (let i = 0; i < 40; i++) {
    await get(`/api/product/getAllProducts?page=${1 + (i % 4)}&limit=12`);
    await get(`/api/product/getAllProducts?keyword=${['mango', 'tomato', 'milk', 'onion', 'apple'][i % 5]}`);
    await get(`/api/product/getAllProducts?category=${categories[i % categories.length]._id}&gte=20&lte=400`);
    await get(`/api/product/getSingleProduct/${products[i % products.length]._id}`);
    await get('/api/product/recent/products');
    await get(`/api/user/get/reviews?page=${1 + (i % 3)}&limit=20`);
  }
  const password = 'fresh-mango-2026';
  const shipping = { address: '12 Market Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };
  const stocked = products.filter((p) => p.stocks >= 5);
  for (let i = 0; i < 10; i++) {
    const email = `memory.${randomBytes(4).toString('hex')}@example.com`;
    count += 2;
    await call(base, '/api/user/register', {
      method: 'POST',
      body: { firstName: 'Asha', lastName: 'Rao', email, password, confirmPassword: password },
    });
    const { cookie } = await call(base, '/api/user/login', { method: 'POST', body: { email, password } });
    if (!cookie) throw new Error('login failed');
    const session = cookie.split(';')[0];
    await get('/api/user/getloggeduser', session);
    for (let order = 0; order < 3; order++) {
      const product = stocked[(i * 3 + order) % stocked.length];
      count++;
      const placed = await call(base, '/api/user/new/order', {
        method: 'POST',
        cookie: session,
        body: {
          cartItems: [{ id: product._id, quantity: Number(product.kilogramOption[0].$numberDecimal) }],
          shippingInfo: shipping,
        },
      });
      if (placed.status !== 201) throw new Error(`order: ${placed.status} ${placed.text}`);
    }
    await get('/api/user/my/orders', session);
  }
  const admin = (await call(base, '/api/user/login', { method: 'POST', body: ADMIN })).cookie?.split(';')[0];
  for (let i = 0; i < 10; i++) {
    await get('/api/user/admin/stats', admin);
    await get(`/api/user/admin/orders?page=${1 + (i % 2)}`, admin);
    await get('/api/user/admin/users', admin);
    await get('/api/user/admin/products', admin);
  }
  return count;
}

/** Page loads in fresh contexts, as first-time visitors. */
async function usePages(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const routes = ['/', '/products', '/products/mango', '/about', '/reviews/all', '/Login'];
    for (let i = 0; i < PAGE_LOADS; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await page.goto(`${base}${routes[i % routes.length]}`, { waitUntil: 'networkidle' });
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

async function measure(kind) {
  let dbName = null;
  const env = { NODE_ENV: 'development', SEED: 'demo' };
  if (kind === 'postgres') {
    dbName = `mandi_memory_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    env.DATABASE_URL = `${PG_URL}/${dbName}`;
  }
  const server = await startAppServer({ env });
  try {
    await sleep(SETTLE_MS);
    const settlingMb = rssMb(server.pid);
    await sleep(REST_MS - SETTLE_MS);
    const idleMb = rssMb(server.pid);
    const requests = await useApi(server.base);
    await usePages(server.base);
    await sleep(SETTLE_MS);
    const settlingAfterUseMb = rssMb(server.pid);
    await sleep(REST_MS - SETTLE_MS);
    const afterUseMb = rssMb(server.pid);
    return { idleMb, afterUseMb, settlingMb, settlingAfterUseMb, apiRequests: requests, pageLoads: PAGE_LOADS };
  } finally {
    await server.stop();
    if (dbName) {
      const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const only = process.env.MEMORY_ONLY;
const results = {};
for (const kind of ['pglite', 'postgres']) {
  if (only && only !== kind) continue;
  results[kind] = await measure(kind);
  const r = results[kind];
  console.log(
    `${kind.padEnd(9)} idle ${r.idleMb} MB, after ${r.apiRequests} API requests and ${r.pageLoads} page loads ${r.afterUseMb} MB RSS at rest (${REST_MS / 1000} s after; ${r.settlingMb} and ${r.settlingAfterUseMb} MB ${SETTLE_MS / 1000} s after)`,
  );
}
const problems = [];
if (results.pglite) {
  if (results.pglite.idleMb > TARGETS.idleMb) {
    problems.push(`PGlite idle ${results.pglite.idleMb} MB > ${TARGETS.idleMb} MB`);
  }
  if (results.pglite.afterUseMb > TARGETS.afterUseMb) {
    problems.push(`PGlite after use ${results.pglite.afterUseMb} MB > ${TARGETS.afterUseMb} MB`);
  }
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/memory.json'),
  `${JSON.stringify({ date: new Date().toISOString(), targets: TARGETS, results, problems }, null, 2)}\n`,
);
if (problems.length) {
  console.log(`\nMissed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`\nPGlite within ${TARGETS.idleMb} MB idle and ${TARGETS.afterUseMb} MB after use.`);
