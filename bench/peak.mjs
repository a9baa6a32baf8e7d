/**
 * The morning peak (`node bench/peak.mjs` after `npm run build`): the scale data set, the real
 * server, and the whole shop at once for PEAK_DURATION seconds: shoppers browsing, searching and
 * checking out, packers packing the busy day's orders and downloading their bills, counters selling
 * to walk-in shoppers (each its own device and bill series), an admin reading the pick list, the
 * dashboard and the bills register. Every request is timed by route;
 * targets: every read's p99 <= 50 ms, every write's <= 150 ms, no error, and bills downloaded in
 * every 10 s of the run. Beside each route, not judged: its p99 over the requests begun after the
 * standing-order run answered, the minute without the run (the run's burst at its start is where
 * most of the slow requests of the embedded database's minute come from).
 *
 * PEAK_DB=postgres (default): a throwaway database `mandi_peak_<random>` on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432) and PEAK_PROCESSES server processes (default 2, Node cluster
 * on one port, as `WEB_CONCURRENCY=2 npm start` runs). PEAK_DB=pglite: the embedded database in a
 * temporary data directory, one process (PGlite is opened by one process only).
 *
 * Options (env): PEAK_DURATION seconds measured (default 60) after PEAK_WARMUP seconds of the same
 * load unmeasured (default 30; the users arrive one by one over its first PEAK_RAMP seconds,
 * default 20: a morning's shoppers do not all begin the same steps in the same five seconds),
 * PEAK_SHOPPERS (200), PEAK_PACKERS (5), PEAK_COUNTERS (2), PEAK_STANDING (500: households with a standing order
 * for the busy day, whose orders the admin makes as the measured minute starts, as the shop's clock
 * would at the cut-off; 0 for none), BENCH_CPU_PROF=<dir> writes the server processes' CPU
 * profiles there; PEAK_TRACE=<file> every measured request (its start as wall-clock milliseconds,
 * to line up with the server's and PostgreSQL's logs, its duration in ms, route, failure), one a
 * line, to see when the slow ones came. PEAK_NODE_ARGS="--flag ..." passes flags to the server's
 * Node alone (`--max-semi-space-size=1`). PEAK_KEEP_DB=1 keeps the database (PostgreSQL) or data directory (PGlite) and prints its
 * name; PEAK_FROM_DB=<that name> starts from a copy of it instead of seeding
 * (`PEAK_KEEP_DB=1 PEAK_WARMUP=0 PEAK_DURATION=0` keeps a seeded one; the scale data set's busy
 * day is tomorrow as of its seeding). PEAK_REST_SECONDS (default 20): how long after the load the
 * servers' memory is read again, at rest (issue 47's "after the peak"; 0 skips it). Server
 * settings pass through (RESPONSE_CACHE_MB=0 ...).
 * Writes bench/results/peak-<db>.json; exits 1 when a target is missed.
 * Ctrl+C ends the run early, reports what was measured and drops the database.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import zlib from 'node:zlib';
import {
  adminQuery,
  BROWSER_HEADERS,
  benchServerEnv,
  cpuMs,
  getJson,
  login,
  machineFacts,
  PG_URL,
  postgresCpuMs,
  processTree,
  rssMb,
  run,
  SHOPPER_PASSWORD,
} from './lib/api-bench.mjs';
import { ADMIN, root, startAppServer } from './lib/app-server.mjs';
import { isCountedUnit, lineAmountPaise, orderTotals, shopDateOf } from './lib/shop-kernel.mjs';

const DB = process.env.PEAK_DB ?? 'postgres';
if (DB !== 'postgres' && DB !== 'pglite') throw new Error('PEAK_DB is postgres or pglite');
const DURATION = Number(process.env.PEAK_DURATION ?? 60);
const WARMUP = Number(process.env.PEAK_WARMUP ?? 30);
/** The users arrive one by one over this many seconds, within the warm-up. */
const RAMP = Math.min(WARMUP, Number(process.env.PEAK_RAMP ?? 20));
const SHOPPERS = Number(process.env.PEAK_SHOPPERS ?? 200);
const PACKERS = Number(process.env.PEAK_PACKERS ?? 5);
const COUNTERS = Number(process.env.PEAK_COUNTERS ?? 2);
const STANDING = Number(process.env.PEAK_STANDING ?? 500);
const REST_SECONDS = Number(process.env.PEAK_REST_SECONDS ?? 20);
const PROCESSES = DB === 'postgres' ? Number(process.env.PEAK_PROCESSES ?? 2) : 1;
const TARGETS = { readP99: 50, writeP99: 150, errors: 0, billWindowSeconds: 10 };
/** The scale data set's shoppers from this number on have no khata: they pay cash on delivery. */
const FIRST_SHOPPER = 1001;
/** The generator's own event loop lag (p99, ms) above which its timings are not the server's. */
const GENERATOR_LAG_WARN_MS = 20;
/** The generator's own CPU (percent of one core) above which it is the bottleneck. */
const GENERATOR_CPU_WARN_PERCENT = 80;
/** The lag monitor's timer period; its figures include it, so it is taken off. */
const LAG_RESOLUTION_MS = 10;

const log = (...args) => console.log(...args);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min, max) => min + Math.random() * (max - min);
const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** A person reading the screen before the next click: `min` to `max` seconds. */
const think = (min = 1, max = 3) => sleep(between(min, max) * 1000);
/** The shop date of an instant in ms (the busy delivery day of the scale data set is tomorrow in the shop). */
const shopDate = (ms) => shopDateOf(new Date(ms));

// ---------------------------------------------------------------------------------------------
// Timing every request by route.

/** Route name → its figures; a route is a read (GET) or a write, judged against its own target. */
const routes = new Map();
let isRecording = false;
let stopAt = Number.POSITIVE_INFINITY;
const isRunning = () => Date.now() < stopAt;
/** When each bill was downloaded (ms since the measured window began). */
const billTimes = [];
let measureStart = 0;
/**
 * When the standing-order run answered (`performance.now()`): the requests begun after it show the
 * minute without the run, a column of their own, not judged (the targets hold for the whole minute).
 */
let standingEndedAt = null;

function routeFigures(name, kind, who) {
  let figures = routes.get(name);
  if (!figures) {
    figures = { name, kind, who, latencies: [], startedAt: [], errors: 0, failures: new Map(), samples: new Map() };
    routes.set(name, figures);
  }
  return figures;
}

/** PEAK_TRACE=<file>: every measured request's start (ms since 1970) and duration (ms), route and failure. */
const trace = process.env.PEAK_TRACE ? [] : null;

/**
 * The users' connections: kept alive and reused as a browser's are, as many as are asked for at
 * once. `node:http` rather than `fetch`: fetch cost the generator about 1.2 ms of CPU a request
 * (a quarter of a core at this load, on the cores the server and PostgreSQL share), most of it
 * its streams and decompressing every answer, which only the user's device would do.
 */
const agent = new http.Agent({ keepAlive: true });

/** Sends one request; the answer's status, content encoding and bytes as they came over the wire. */
function send(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          encoding: response.headers['content-encoding'],
          bytes: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** An answer's text, decompressed (only for the answers the generator reads). */
function answerText({ encoding, bytes }) {
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/**
 * One request as a browser makes it (keep-alive, compressed answers), timed to its last byte.
 * A status other than `expect` (or a broken connection) is an error of its route. Answers the
 * parsed JSON when `json` is set, else nothing.
 */
async function call(who, name, base, urlPath, { method = 'GET', cookie, body, headers, expect = 200, json } = {}) {
  const figures = routeFigures(name, method === 'GET' ? 'read' : 'write', who);
  const recorded = isRecording;
  const payload = body ? Buffer.from(JSON.stringify(body)) : undefined;
  const started = performance.now();
  let failure = null;
  let result;
  try {
    const answer = await send(`${base}${urlPath}`, {
      method,
      headers: {
        ...BROWSER_HEADERS,
        ...(cookie ? { cookie } : {}),
        ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        ...headers,
      },
      body: payload,
    });
    if (answer.status !== expect) {
      failure = String(answer.status);
      // The first answer of each failure, so a refusal is told from a fault.
      if (!figures.samples.has(failure)) figures.samples.set(failure, answerText(answer).slice(0, 200));
    } else if (json) result = JSON.parse(answerText(answer));
  } catch (error) {
    failure = error.code ?? error.name ?? 'connection error';
  }
  const elapsed = performance.now() - started;
  if (recorded && isRecording) {
    figures.latencies.push(elapsed);
    figures.startedAt.push(started);
    trace?.push(`${(performance.timeOrigin + started).toFixed(1)}\t${elapsed.toFixed(1)}\t${name}\t${failure ?? ''}`);
    if (failure) {
      figures.errors++;
      figures.failures.set(failure, (figures.failures.get(failure) ?? 0) + 1);
    }
  }
  if (failure) throw new CallFailed(`${method} ${urlPath}: ${failure}`);
  return result;
}

class CallFailed extends Error {}

/**
 * Answers the generator could not use (a body not as the contract has it): counted and shown,
 * and they fail the run, without stopping the other users.
 */
const userFaults = { count: 0, first: null };

/** A virtual user's loop; a failed call is counted on its route and the user starts the loop over. */
async function loop(body) {
  while (isRunning()) {
    try {
      await body();
    } catch (error) {
      if (!(error instanceof CallFailed)) {
        userFaults.count++;
        userFaults.first ??= String(error?.stack ?? error);
      }
      await think();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The people of the morning.

/**
 * A shopper: the home page, a category or the whole listing, a search typed letter by letter,
 * one to three product pages each added to the cart (the cart lives in the browser; adding reads
 * the product again), then checkout: saved address, slots for its PIN code, the order (cash on
 * delivery, an idempotency key as the checkout page sends), and the order in "my orders".
 */
async function shopper(base, session, shop) {
  const who = 'shopper';
  const get = (name, urlPath, options) => call(who, name, base, urlPath, { cookie: session.cookie, ...options });
  await sleep(between(0, RAMP) * 1000);
  await loop(async () => {
    await get('page /', '/', { headers: { accept: 'text/html' } });
    await Promise.all([
      get('categories', '/api/category/get'),
      get('recent products', '/api/product/recent/products'),
      get('reviews (home)', '/api/user/get/reviews?page=1&limit=10'),
    ]);
    await think();
    if (Math.random() < 0.5) await get('listing', '/api/product/getAllProducts');
    else await get('listing by category', `/api/product/getAllProducts?category=${pick(shop.categories)._id}`);
    await think();
    const word = pick(shop.searchWords);
    for (let length = 1; length <= Math.min(word.length, 5); length++) {
      await get('suggest', `/api/product/suggest?q=${encodeURIComponent(word.slice(0, length))}`);
      await sleep(between(120, 300));
    }
    await get('search', `/api/product/getAllProducts?keyword=${encodeURIComponent(word)}`);
    await think();
    const cart = [];
    const lines = 1 + Math.floor(Math.random() * 3);
    for (let n = 0; n < lines; n++) {
      const product = pick(shop.stocked);
      // A product page is mostly opened from a list inside the app; now and then from a shared link.
      if (Math.random() < 0.25)
        await get('page /product/:id', `/product/${product._id}`, { headers: { accept: 'text/html' } });
      else await get('product', `/api/product/getSingleProduct/${product._id}`);
      await think();
      await get('product (add to cart)', `/api/product/getSingleProduct/${product._id}`);
      if (!cart.some((line) => line.id === product._id)) {
        cart.push({ id: product._id, quantity: Number(product.kilogramOption[0].$numberDecimal) });
      }
    }
    await think();
    const { addresses } = await get('my addresses', '/api/user/my/addresses', { json: true });
    const address = addresses[0];
    const { slots } = await get('delivery slots', `/api/delivery/slots?pinCode=${address.pinCode}`, { json: true });
    // A slot from tomorrow on, as most of a morning's shoppers choose: today's may close for orders
    // (its cut-off) between the list and the order, which a shopper meets as a 409 to choose again.
    const today = shopDate(Date.now());
    const slot = slots.find((s) => s.isAvailable && s.date > today) ?? slots.find((s) => s.isAvailable);
    await think();
    await call(who, 'place order', base, '/api/user/new/order', {
      method: 'POST',
      cookie: session.cookie,
      headers: { 'idempotency-key': randomUUID() },
      body: {
        cartItems: cart,
        shippingInfo: {
          address: address.address,
          city: address.city,
          mobileNumber: address.mobileNumber,
          pinCode: address.pinCode,
        },
        paymentMethod: 'COD',
        ...(slot ? { slotId: slot._id } : {}),
      },
      expect: 201,
    });
    await get('my orders', '/api/user/my/orders');
    await think(2, 5);
  });
}

/**
 * The orders the packers share out: the busy day's list page by page (newest first), then the
 * orders placed during the run. An order one packer took is not taken by another.
 */
const packing = { page: 1, filter: 'day', claimed: new Set() };

async function nextOrderToPack(base, cookie, shop) {
  for (let tries = 0; tries < 50 && isRunning(); tries++) {
    const filter = packing.filter === 'day' ? `&deliveryDate=${shop.busyDay}` : '';
    const page = packing.page;
    const answer = await call(
      'packer',
      'orders to pack',
      base,
      `/api/user/admin/orders?page=${page}&limit=50${filter}`,
      {
        cookie,
        json: true,
      },
    );
    const order = answer.AllOrders.find(
      (o) => o.status === 'Processing' && o.packedAt === null && !packing.claimed.has(o._id),
    );
    if (order) {
      packing.claimed.add(order._id);
      return order._id;
    }
    if (page !== packing.page) continue;
    if (page * 50 < answer.ordersCounts) packing.page++;
    else {
      // The day is packed: on to this morning's new orders, newest first, from the top.
      packing.filter = 'new';
      packing.page = 1;
      await think();
    }
  }
  return null;
}

/**
 * A packer: the list of orders to pack, one order, its weights saved, its bill downloaded a moment
 * later (as a person clicks it; the server draws it at once for the bill's mail, decision 0052).
 */
async function packer(base, cookie, shop) {
  const who = 'packer';
  await sleep(between(0, RAMP) * 1000);
  await loop(async () => {
    const id = await nextOrderToPack(base, cookie, shop);
    if (!id) return think();
    await think();
    const { order } = await call(who, 'order to pack', base, `/api/user/my/order/${id}`, { cookie, json: true });
    // Weighing at the scale: loose produce comes out a little under what was ordered (packing over
    // takes more stock, which a thinly stocked product of the data set may not have: a 409), counted
    // lines exact.
    await think(2, 4);
    const items = order.orderItems.map((item) => {
      const isCounted = item.unit && item.unit !== 'kg' && item.unit !== 'litre';
      const weighed = isCounted ? item.quantity : Math.round(item.quantity * between(0.95, 1) * 1000) / 1000;
      return { _id: item._id, packedQuantity: weighed };
    });
    await call(who, 'pack order', base, `/api/admin/orders/${id}/pack`, { method: 'PUT', cookie, body: { items } });
    // The order shows packed with its bill number; the packer reaches for "Download bill".
    await think(1, 2);
    await call(who, 'bill PDF', base, `/api/user/my/order/${id}/invoice`, { cookie });
    if (isRecording) billTimes.push(Date.now() - measureStart);
    await think();
  });
}

/**
 * A counter: a walk-in shopper every few seconds, one to five lines weighed or counted, the bill
 * paid in cash with change, numbered by the device itself (contract "Counter sales"). A sale
 * whose answer was lost is sent again with the same id, as the counter's queue does: answered as
 * the first (200, duplicate) or made now (201).
 */
async function counter(base, cookie, device, shop) {
  const who = 'counter';
  let sequence = device.nextSequence;
  let pending = null;
  await sleep(between(0, RAMP) * 1000);
  await loop(async () => {
    if (!pending) {
      // The shopper points, the counter weighs and taps.
      await think(3, 8);
      const lines = [];
      for (let n = 1 + Math.floor(Math.random() * 5); n > 0; n--) {
        const product = pick(shop.counterProducts);
        if (lines.some((line) => line.productId === product._id)) continue;
        const thousandths = isCountedUnit(product.unit)
          ? 1000 * (1 + Math.floor(Math.random() * 3))
          : 100 + Math.floor(Math.random() * 2900);
        lines.push({ productId: product._id, quantity: thousandths / 1000, source: 'scale', thousandths, product });
      }
      const subtotal = lines.reduce(
        (sum, line) => sum + lineAmountPaise(Math.round(line.product.rate * 100), line.thousandths),
        0,
      );
      const { totalPaise } = orderTotals(subtotal, { isFinal: true });
      pending = {
        deviceId: device._id,
        clientSaleId: randomUUID(),
        sequence,
        soldAt: new Date().toISOString(),
        offline: false,
        customerId: null,
        lines: lines.map(({ productId, quantity, source }) => ({ productId, quantity, source })),
        tenders: [{ method: 'Cash', amount: totalPaise / 100, received: Math.ceil(totalPaise / 10000) * 100 }],
      };
    }
    const retry = pending.sentBefore === true;
    pending.sentBefore = true;
    const { sentBefore: _sent, ...body } = pending;
    await call(who, 'counter sale', base, '/api/admin/counter/sales', {
      method: 'POST',
      cookie,
      body,
      expect: retry ? 200 : 201,
    });
    pending = null;
    sequence++;
  });
}

/** The admin at the desk: the pick list of the busy day, the dashboard, the bills register. */
async function admin(base, cookie, shop) {
  const who = 'admin';
  const get = (name, urlPath) => call(who, name, base, urlPath, { cookie });
  await loop(async () => {
    await get('pick list', `/api/admin/picklist?date=${shop.busyDay}`);
    await think(2, 5);
    // The dashboard asks for all three at once.
    await Promise.all([
      get('dashboard today', '/api/admin/dashboard/today'),
      get('dashboard stats', '/api/user/admin/stats'),
      get('dashboard top products', '/api/admin/dashboard/top-products'),
    ]);
    await think(2, 5);
    await get('bills register', '/api/admin/bills');
    await think(2, 5);
  });
}

// ---------------------------------------------------------------------------------------------
// Preparing the database and the server.

/**
 * A fresh database with the scale data set: a PostgreSQL database (seeded, or a copy of a kept
 * one), or a PGlite data directory.
 */
async function prepareDatabase(dbName, dataDir) {
  const template = process.env.PEAK_FROM_DB;
  if (template && dbName && !/^mandi_(bench|peak)_[0-9a-f]+$/.test(template))
    throw new Error('PEAK_FROM_DB names a kept mandi_bench_ or mandi_peak_ database');
  if (template && !dbName) {
    if (!fs.existsSync(path.join(template, 'pglite')))
      throw new Error('PEAK_FROM_DB names a kept PGlite data directory');
    log(`Copying the data directory ${template}`);
    fs.cpSync(template, dataDir, { recursive: true });
  }
  if (dbName) {
    log(`Creating database ${dbName} on ${PG_URL}${template ? ` as a copy of ${template}` : ''}`);
    await adminQuery('postgres', `create database ${dbName}${template ? ` template ${template}` : ''}`);
  }
  const env = benchServerEnv({ databaseUrl: dbName ? `${PG_URL}/${dbName}` : '', dataDir, admin: ADMIN });
  const started = Date.now();
  if (!template) await run(process.execPath, ['--import', 'tsx', 'apps/api/src/seed/seed-cli.ts', '--scale'], env);
  return { env, seedSeconds: (Date.now() - started) / 1000 };
}

/** What the users need before the doors open: sessions, a saved address each, the catalogue. */
async function prepareShop(base) {
  const categories = (await getJson(base, '/api/category/get')).Categories;
  const listing = (await getJson(base, '/api/product/getAllProducts?limit=500')).products;
  // Well-stocked products, so no checkout of the run meets an empty shelf (that would be a 409).
  const stocked = listing.filter((p) => p.stocks >= 100).slice(0, 200);
  if (stocked.length < 20) throw new Error(`only ${stocked.length} well-stocked products in the listing`);
  // What shoppers type: the words of the catalogue's names ("honey", "paneer", "basmati").
  const searchWords = [...new Set(listing.flatMap((p) => p.name.toLowerCase().match(/[a-z]{4,}/g) ?? []))].slice(0, 80);
  const adminCookie = await login(base, ADMIN.email, ADMIN.password);
  // Each packer signs in on their own phone: a session each.
  const packerCookies = [];
  for (let n = 0; n < PACKERS; n++) packerCookies.push(await login(base, ADMIN.email, ADMIN.password));
  const sessions = new Array(SHOPPERS);
  let next = 0;
  const signIn = async () => {
    while (next < SHOPPERS) {
      const n = next++;
      const cookie = await login(base, `shopper${FIRST_SHOPPER + n}@scale.mandi.local`, SHOPPER_PASSWORD);
      const saved = await getJson(base, '/api/user/my/addresses', cookie);
      if (saved.addresses.length === 0) {
        const response = await fetch(`${base}/api/user/my/addresses`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({
            label: 'Home',
            address: `${12 + (n % 80)} Market Road`,
            city: 'Pune',
            mobileNumber: String(9876500000 + n),
            pinCode: '411001',
          }),
        });
        if (!response.ok) throw new Error(`saving an address: ${response.status} ${await response.text()}`);
      }
      sessions[n] = { cookie };
    }
  };
  // Password hashing is slow on purpose: four sign-ins at a time.
  await Promise.all(Array.from({ length: 4 }, signIn));
  // Each counter is a device of its own (its own bill series), signed in on its own session.
  const counters = [];
  for (let n = 0; n < COUNTERS; n++) {
    const cookie = await login(base, ADMIN.email, ADMIN.password);
    const response = await fetch(`${base}/api/admin/counter/devices`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Peak counter ${n + 1}` }),
    });
    if (!response.ok) throw new Error(`registering a counter: ${response.status} ${await response.text()}`);
    counters.push({ cookie, device: (await response.json()).device });
  }
  const catalogue = counters.length ? await getJson(base, '/api/admin/counter/catalogue', counters[0].cookie) : null;
  const busyDay = shopDate(Date.now() + 86_400_000);
  const standingDay = STANDING > 0 ? await prepareStandingOrders(base, stocked) : null;
  return {
    categories,
    stocked,
    searchWords,
    counters,
    counterProducts: catalogue ? catalogue.products.slice(0, 60) : [],
    adminCookie,
    packerCookies,
    sessions,
    busyDay,
    standingDay,
  };
}

/**
 * STANDING households (the scale shoppers after the ones who browse) with a standing order each,
 * daily from the first date still open for changes (the busy day before the shop's cut-off, the
 * day after it once it has passed): one unit of a well-stocked product, to a saved address. The
 * date whose orders the run makes.
 */
async function prepareStandingOrders(base, stocked) {
  let next = 0;
  let startDate = null;
  const setUp = async () => {
    while (next < STANDING) {
      const n = next++;
      const cookie = await login(base, `shopper${FIRST_SHOPPER + SHOPPERS + n}@scale.mandi.local`, SHOPPER_PASSWORD);
      const send = async (method, urlPath, body) => {
        const response = await fetch(`${base}${urlPath}`, {
          method,
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${await response.text()}`);
        return response.json();
      };
      const { address } = await send('POST', '/api/user/my/addresses', {
        label: 'Home',
        address: `${20 + (n % 70)} Dairy Lane`,
        city: 'Pune',
        mobileNumber: String(9876600000 + n),
        pinCode: '411001',
      });
      startDate ??= (await getJson(base, '/api/user/my/subscriptions', cookie)).changesOpenFrom;
      const product = stocked[n % stocked.length];
      await send('POST', '/api/user/my/subscriptions', {
        productId: product._id,
        quantity: Number(product.kilogramOption[0].$numberDecimal),
        schedule: { kind: 'daily', startDate },
        addressId: address._id,
      });
    }
  };
  await Promise.all(Array.from({ length: 4 }, setUp));
  return startDate;
}

/** The admin makes a date's standing orders now: what the clock does at the cut-off. */
async function runStandingOrders(base, cookie, date) {
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/subscriptions/run`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ date }),
  });
  const answer = await response.json();
  standingEndedAt = performance.now();
  if (!response.ok) throw new Error(`the standing-order run: ${response.status} ${JSON.stringify(answer)}`);
  return { seconds: (performance.now() - started) / 1000, created: answer.created, failures: answer.failures.length };
}

// ---------------------------------------------------------------------------------------------
// Figures.

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarize() {
  const order = { shopper: 0, packer: 1, admin: 2 };
  return [...routes.values()]
    .filter((r) => r.latencies.length > 0)
    .sort((a, b) => order[a.who] - order[b.who])
    .map((r) => {
      const sorted = Float64Array.from(r.latencies).sort();
      const p99 = percentile(sorted, 99);
      const afterRun =
        standingEndedAt === null
          ? null
          : Float64Array.from(r.latencies.filter((_, i) => r.startedAt[i] >= standingEndedAt)).sort();
      const limit = r.kind === 'read' ? TARGETS.readP99 : TARGETS.writeP99;
      return {
        route: r.name,
        who: r.who,
        kind: r.kind,
        count: sorted.length,
        p50: Number(percentile(sorted, 50).toFixed(1)),
        p99: Number(p99.toFixed(1)),
        max: Number(sorted[sorted.length - 1].toFixed(1)),
        p99AfterRun: afterRun?.length ? Number(percentile(afterRun, 99).toFixed(1)) : null,
        errors: r.errors,
        failures: Object.fromEntries(r.failures),
        failureSamples: Object.fromEntries(r.samples),
        targetP99: limit,
        isTargetMet: p99 <= limit && r.errors === TARGETS.errors,
      };
    });
}

/** Bills per window of the measured run: each window should see at least one. */
function billWindows(measuredMs) {
  const size = TARGETS.billWindowSeconds * 1000;
  const windows = Array.from({ length: Math.max(1, Math.floor(measuredMs / size)) }, () => 0);
  for (const at of billTimes) {
    const index = Math.floor(at / size);
    if (index < windows.length) windows[index]++;
  }
  return windows;
}

// ---------------------------------------------------------------------------------------------

/** Ctrl+C ends the run early; what was measured is still reported and the database dropped. */
let interrupt = () => {};
const interrupted = new Promise((resolve) => {
  interrupt = resolve;
});
process.once('SIGINT', () => {
  log('Interrupted: ending the run (Ctrl+C again to quit at once)');
  stopAt = Date.now();
  interrupt();
  process.once('SIGINT', () => process.exit(130));
});

async function main() {
  const started = Date.now();
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('No built web app: run npm run build first (the shoppers load its pages)');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-peak-'));
  const dbName = DB === 'postgres' ? `mandi_peak_${randomBytes(4).toString('hex')}` : null;
  let server = null;
  try {
    const prepared = await prepareDatabase(dbName, dataDir);
    // The built server, as `npm start` runs it.
    await run(process.execPath, ['apps/api/build.mjs'], {});
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    // PEAK_NODE_ARGS: flags for the server's Node alone (not the load generator's), space-separated.
    profile.push(...(process.env.PEAK_NODE_ARGS?.split(' ').filter(Boolean) ?? []));
    server = await startAppServer({
      dataDir,
      nodeArgs: profile,
      env: { ...prepared.env, WEB_CONCURRENCY: String(PROCESSES) },
    });
    const base = server.base;
    // Every worker must be listening before the doors open; the cluster hands connections out in turn.
    for (let i = 0; i < 50 && processTree(server.pid).length < PROCESSES + (PROCESSES > 1 ? 1 : 0); i++)
      await sleep(200);
    await sleep(PROCESSES > 1 ? 1000 : 0);
    const serverPids = processTree(server.pid);
    log(`Server up on ${base} (${PROCESSES} process${PROCESSES > 1 ? 'es' : ''}, pids ${serverPids.join(', ')})`);

    const shop = await prepareShop(base);
    log(
      `${SHOPPERS} shoppers signed in with a saved address, ${PACKERS} packers, ${COUNTERS} counters, 1 admin, ${STANDING} households with a standing order; busy day ${shop.busyDay}; ` +
        `${shop.stocked.length} well-stocked products, ${shop.searchWords.length} search words`,
    );

    const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
    const loadBefore = os.loadavg();
    stopAt = Date.now() + (WARMUP + DURATION) * 1000;
    const users = [
      ...shop.sessions.map((session) => shopper(base, session, shop)),
      ...shop.packerCookies.map((cookie) => packer(base, cookie, shop)),
      ...shop.counters.map(({ cookie, device }) => counter(base, cookie, device, shop)),
      admin(base, shop.adminCookie, shop),
    ];
    log(`Warming up ${WARMUP} s, then measuring ${DURATION} s ...`);
    await Promise.race([sleep(WARMUP * 1000), interrupted]);
    isRecording = true;
    measureStart = Date.now();
    // The night's standing orders are made as the measured minute starts, beside everyone else.
    const standingRun =
      STANDING > 0 ? runStandingOrders(base, shop.adminCookie, shop.standingDay) : Promise.resolve(null);
    lag.enable();
    const generatorCpuBefore = process.cpuUsage();
    const serverCpuBefore = serverPids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const postgresCpuBefore = DB === 'postgres' ? postgresCpuMs() : 0;
    let peakRssMb = 0;
    const sampler = setInterval(() => {
      peakRssMb = Math.max(
        peakRssMb,
        serverPids.reduce((sum, pid) => sum + rssMb(pid), 0),
      );
    }, 500);
    const progress = setInterval(() => {
      const requests = [...routes.values()].reduce((sum, r) => sum + r.latencies.length, 0);
      const errors = [...routes.values()].reduce((sum, r) => sum + r.errors, 0);
      log(
        `  ${Math.round((Date.now() - measureStart) / 1000)} s: ${requests} requests, ${errors} errors, ${billTimes.length} bills`,
      );
    }, 10_000);
    await Promise.race([sleep(DURATION * 1000), interrupted]);
    isRecording = false;
    const measuredMs = Date.now() - measureStart;
    clearInterval(sampler);
    clearInterval(progress);
    lag.disable();
    const generatorCpu = process.cpuUsage(generatorCpuBefore);
    const serverCpuMs = serverPids.reduce((sum, pid) => sum + cpuMs(pid), 0) - serverCpuBefore;
    // PGlite runs inside the server's process: its work is the server's.
    const postgresCores =
      DB === 'postgres' ? Number(((postgresCpuMs() - postgresCpuBefore) / measuredMs).toFixed(2)) : null;
    const loadAfter = os.loadavg();
    // The users finish the request in hand.
    await Promise.all(users);
    const standing = await standingRun.catch((error) => ({ error: String(error) }));
    // The servers' memory once the morning is over: what V8 and the allocator give back at rest.
    let restRssMb = null;
    if (REST_SECONDS > 0 && DURATION > 0) {
      // Ctrl+C meanwhile ends the wait, not the report.
      await Promise.race([sleep(REST_SECONDS * 1000), interrupted]);
      restRssMb = Math.round(serverPids.reduce((sum, pid) => sum + rssMb(pid), 0));
    }

    const rows = summarize();
    const windows = billWindows(measuredMs);
    const totalRequests = rows.reduce((sum, row) => sum + row.count, 0);
    const generator = {
      eventLoopLagP99Ms: Number(Math.max(0, lag.percentile(99) / 1e6 - LAG_RESOLUTION_MS).toFixed(1)),
      eventLoopLagMaxMs: Number(Math.max(0, lag.max / 1e6 - LAG_RESOLUTION_MS).toFixed(1)),
      cpuPercent: Math.round(((generatorCpu.user + generatorCpu.system) / 1000 / measuredMs) * 100),
    };
    // Busy with its own work, or waiting for a CPU the machine gave to others: either way its
    // timings then include its own delay, not only the server's.
    generator.isSaturated = generator.cpuPercent > GENERATOR_CPU_WARN_PERCENT;
    generator.isStarved = !generator.isSaturated && generator.eventLoopLagP99Ms > GENERATOR_LAG_WARN_MS;

    const pad = (value, width) => String(value).padStart(width);
    log('');
    log(
      `${'Route'.padEnd(26)}${'who'.padEnd(9)}${'kind'.padEnd(7)}${pad('count', 7)}${pad('p50', 8)}${pad('p99', 8)}${pad('max', 8)}${pad('err', 5)}${pad('target', 8)}  result${pad('p99 after run', 15)}`,
    );
    for (const row of rows) {
      log(
        `${row.route.padEnd(26)}${row.who.padEnd(9)}${row.kind.padEnd(7)}${pad(row.count, 7)}${pad(row.p50.toFixed(1), 8)}${pad(row.p99.toFixed(1), 8)}${pad(row.max.toFixed(1), 8)}${pad(row.errors, 5)}${pad(`${row.targetP99}`, 8)}  ${(row.isTargetMet ? 'PASS' : 'FAIL').padEnd('result'.length)}${pad(row.p99AfterRun === null ? '-' : row.p99AfterRun.toFixed(1), 15)}${
          row.errors
            ? ` (${Object.entries(row.failures)
                .map(([code, n]) => `${n}x ${code}`)
                .join(', ')})`
            : ''
        }`,
      );
    }
    for (const row of rows) {
      for (const [code, sample] of Object.entries(row.failureSamples)) log(`  ${row.route} ${code}: ${sample}`);
    }
    const isBillsThroughout = windows.every((count) => count > 0);
    const orders = routes.get('place order')?.latencies.length ?? 0;
    log('');
    log(
      `${totalRequests} requests in ${(measuredMs / 1000).toFixed(0)} s (${Math.round(totalRequests / (measuredMs / 1000))}/s), ` +
        `${orders} orders placed, ${billTimes.length} bills downloaded (per ${TARGETS.billWindowSeconds} s: ${windows.join(' ')}): ` +
        `${isBillsThroughout ? 'PASS' : 'FAIL'} bills throughout`,
    );
    log(
      `Server: ${PROCESSES} process${PROCESSES > 1 ? 'es' : ''} on ${DB}, ${(serverCpuMs / measuredMs).toFixed(2)} CPU cores busy ` +
        `(${totalRequests ? (serverCpuMs / totalRequests).toFixed(2) : 0} ms a request), ${Math.round(peakRssMb)} MB peak RSS (all processes)` +
        (restRssMb === null ? '' : `, ${restRssMb} MB ${REST_SECONDS} s after`) +
        (postgresCores === null ? '' : `; PostgreSQL ${postgresCores} CPU cores busy`),
    );
    log(
      `Load generator: event loop lag p99 ${generator.eventLoopLagP99Ms} ms, max ${generator.eventLoopLagMaxMs} ms, ` +
        `${generator.cpuPercent}% of a core${
          generator.isSaturated
            ? '  WARNING: the generator is saturated; its timings include its own delay'
            : generator.isStarved
              ? '  WARNING: the generator waits for a CPU (the machine is overloaded); its timings include that wait'
              : ''
        }`,
    );
    if (standing) {
      log(
        standing.error
          ? `Standing orders: the run failed: ${standing.error}`
          : `Standing orders: ${standing.created} orders made for ${STANDING} households in ${standing.seconds.toFixed(1)} s beside the load (${standing.failures} failures)`,
      );
    }
    log(
      `Machine: ${os.cpus().length} CPUs, load average ${loadBefore[0].toFixed(2)} before, ${loadAfter[0].toFixed(2)} after (1 min)`,
    );
    const missed = rows.filter((row) => !row.isTargetMet).map((row) => row.route);
    if (!isBillsThroughout) missed.push('bills throughout');
    if (standing?.error) missed.push('standing-order run');
    if (userFaults.count) {
      log(`${userFaults.count} answers the virtual users could not use; the first: ${userFaults.first}`);
      missed.push('usable answers');
    }
    log(
      missed.length
        ? `MISSED: ${missed.join(', ')}`
        : `Every target met: reads p99 <= ${TARGETS.readP99} ms, writes p99 <= ${TARGETS.writeP99} ms, no errors, bills throughout.`,
    );

    const results = {
      date: new Date().toISOString(),
      machine: {
        ...machineFacts(dbName ? (await adminQuery(dbName, 'show server_version')).rows[0].server_version : undefined),
        loadAverage: { before: loadBefore, after: loadAfter },
      },
      settings: {
        db: DB,
        processes: PROCESSES,
        durationSeconds: DURATION,
        warmupSeconds: WARMUP,
        shoppers: SHOPPERS,
        packers: PACKERS,
        admins: 1,
        counters: COUNTERS,
        standingHouseholds: STANDING,
        fromDb: process.env.PEAK_FROM_DB,
      },
      seedSeconds: prepared.seedSeconds,
      targets: TARGETS,
      totals: { requests: totalRequests, orders, bills: billTimes.length, billsPerWindow: windows },
      server: { cpuCores: Number((serverCpuMs / measuredMs).toFixed(2)), peakRssMb: Math.round(peakRssMb), restRssMb },
      postgres: postgresCores === null ? null : { cpuCores: postgresCores },
      generator,
      standingOrders: standing,
      userFaults,
      routes: rows,
      isTargetMet: missed.length === 0,
    };
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, `bench/results/peak-${DB}.json`), `${JSON.stringify(results, null, 2)}\n`);
    if (trace) fs.writeFileSync(process.env.PEAK_TRACE, `${trace.join('\n')}\n`);
    log(`Wrote bench/results/peak-${DB}.json. Whole run: ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    process.exitCode = missed.length ? 1 : 0;
  } finally {
    await server?.stop();
    const isKept = process.env.PEAK_KEEP_DB === '1';
    if (isKept) log(`Kept ${dbName ? `database ${dbName}` : `data directory ${dataDir}`}`);
    else if (dbName) await adminQuery('postgres', `drop database if exists ${dbName} with (force)`);
    // Retries cover a file a stopped server had open a moment ago.
    if (!(isKept && !dbName)) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
