/**
 * `npm run bench`: API load benchmarks on PostgreSQL with the scale data set, end to end.
 *
 * Creates its own database (mandi_bench_<random>) on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432), seeds the scale data set, starts the real server
 * (NODE_ENV=production, LOG_LEVEL=warn, login limits raised) and a bare Fastify yardstick, then
 * runs each benchmark with wrk when installed, else autocannon (50 connections, lib/wrk.mjs) against
 * both, samples the server's memory, prints a table, writes bench/results/latest.json and drops the
 * database.
 *
 * Options (env): BENCH_DURATION seconds per run (default 8), BENCH_CONNECTIONS (default 50),
 * BENCH_KEEP_DB=1 keeps the database for a look afterwards, BENCH_FROM_DB=<kept database> starts
 * from a copy of one as its run left it instead of seeding (`BENCH_KEEP_DB=1 BENCH_ONLY=none` keeps
 * a freshly seeded one), BENCH_ONLY=listing,placeOrder runs only the named benchmarks,
 * BENCH_CPU_PROF=<dir> writes the server's CPU profile there (Chrome DevTools format, on exit),
 * BENCH_GENERATOR=autocannon (or wrk) chooses the load generator. Server settings pass through:
 * RESPONSE_CACHE_MB=0 measures the database path alone, without the response cache. Reads ask for
 * compressed answers as browsers do (`Accept-Encoding: gzip, br`): the KB column is the JSON, the
 * wire column what went out.
 */
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  adminQuery,
  BROWSER_HEADERS,
  benchServerEnv,
  children,
  cleanup,
  cpuMs,
  getJson,
  login,
  machineFacts,
  PG_URL,
  rssMb,
  run,
  SHOPPER_PASSWORD,
  stopChildren,
  waitFor,
} from './lib/api-bench.mjs';
import { ADMIN, freePort, SERVER_NODE_ARGS } from './lib/app-server.mjs';
import { SHOP_TIME_ZONE } from './lib/shop-kernel.mjs';
import { findWrk, wrkLoad } from './lib/wrk.mjs';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ORDER_USERS = 50;
/**
 * Reads: p99 and a share of the bare route's throughput. Bulk lists (whole answers of 260 KB-2 MB
 * that no screen asks for: the screens ask pages) are judged by throughput against their bare route
 * and errors only: at 50 connections their p99 is the time their bytes take, shown but not judged.
 */
const TARGETS = { readP99: 25, readRatio: 0.35, bulkRatio: 1, writeP99: 100, rssMb: 300 };
/** The generator's CPU (percent of one core, its only thread) from which its timings are partly its own. */
const GENERATOR_BUSY_PERCENT = 90;

const dbName = `mandi_bench_${randomBytes(4).toString('hex')}`;
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-bench-'));

const log = (...args) => console.log(...args);

/** wrk when installed (its own process, in C), else autocannon on this process's thread (lib/wrk.mjs). */
const WRK = findWrk();
const GENERATOR = WRK ? 'wrk' : 'autocannon';

/** One run of the load generator; each request is the next of `variants` (path, headers, body). */
async function load(base, bench, duration) {
  if (WRK) {
    return wrkLoad(WRK, {
      base,
      method: bench.method ?? 'GET',
      variants: bench.variants,
      headers: BROWSER_HEADERS,
      connections: CONNECTIONS,
      duration,
      scriptDir: tmpDir,
      name: bench.name,
    });
  }
  let next = 0;
  const variants = bench.variants;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: bench.method ?? 'GET',
        setupRequest: (request) => {
          const variant = variants[next++ % variants.length];
          return {
            ...request,
            path: variant.path,
            headers: { ...request.headers, ...BROWSER_HEADERS, ...variant.headers },
            ...(variant.body ? { body: variant.body } : {}),
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    // What the errors were, so a refused request is told from a broken one ("3x 409").
    failures: [
      ...Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, stats]) => `${stats.count}x ${code}`),
      ...(result.errors ? [`${result.errors}x connection error`] : []),
      ...(result.timeouts ? [`${result.timeouts}x timeout`] : []),
    ],
    bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

async function measure(base, bench, pid) {
  await load(base, bench, WARMUP);
  let peak = 0;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200) : null;
  const cpuBefore = pid ? cpuMs(pid) : 0;
  // The generator has one thread: when it is near a whole core, the latencies are its own queue as
  // much as the server's (a closed loop of 50 connections waits for the slower side).
  const generatorBefore = process.cpuUsage();
  const startedAt = performance.now();
  const figures = await load(base, bench, DURATION);
  const generator = process.cpuUsage(generatorBefore);
  const generatorCpuPercent =
    figures.generatorCpuPercent ??
    Math.round((generator.user + generator.system) / 10 / (performance.now() - startedAt));
  const cpuPerRequest = pid && figures.total ? (cpuMs(pid) - cpuBefore) / figures.total : undefined;
  if (sampler) clearInterval(sampler);
  return {
    ...figures,
    cpuPerRequest,
    generatorCpuPercent,
    peakRssMb: pid ? Math.round(Math.max(peak, rssMb(pid))) : undefined,
  };
}

process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

async function main() {
  const started = Date.now();
  // A copy of a kept, seeded database skips the seeding when iterating on one benchmark.
  const template = process.env.BENCH_FROM_DB;
  if (template && !/^mandi_bench_[0-9a-f]+$/.test(template))
    throw new Error('BENCH_FROM_DB names a kept mandi_bench_ database');
  log(
    WRK
      ? 'Load generator: wrk (BENCH_GENERATOR=autocannon for the fallback)'
      : 'Load generator: autocannon, on this process (install wrk, `apt-get install wrk`, for a generator that does not compete with the server for a core)',
  );
  log(`Creating database ${dbName} on ${PG_URL}${template ? ` as a copy of ${template}` : ''}`);
  await adminQuery('postgres', `create database ${dbName}${template ? ` template ${template}` : ''}`);
  const databaseUrl = `${PG_URL}/${dbName}`;
  try {
    const serverEnv = benchServerEnv({ databaseUrl, dataDir: tmpDir, admin: ADMIN });
    const seedStarted = Date.now();
    if (!template)
      await run(process.execPath, ['--import', 'tsx', 'apps/api/src/seed/seed-cli.ts', '--scale'], serverEnv);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    // The order benchmark measures placing orders with ample stock (decision 0015), not
    // running out: at 2,000 orders a second the 200 products it buys would sell out of a normal
    // stock within the run. Done before the server starts, so no cached answer holds the old stock.
    await adminQuery(dbName, 'update products set stock_grams = 1000000000 where stock_grams >= 100000');
    // That update leaves dead rows and a pending list in the trigram index, which every keyword
    // search would scan until autovacuum came by: settle the table as a live shop's would be.
    await adminQuery(dbName, 'vacuum analyze products');

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    // The built server, as `npm start` runs it.
    await run(process.execPath, ['apps/api/build.mjs'], {});
    const server = spawn(process.execPath, [...SERVER_NODE_ARGS, ...profile, 'apps/api/dist/server.js'], {
      cwd: root,
      env: { ...process.env, ...serverEnv, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(server);
    await waitFor(`${base}/api/category/get`);
    const idleRssMb = Math.round(rssMb(server.pid));
    log(`Server up on ${base} (pid ${server.pid}, ${idleRssMb} MB RSS)`);

    // What the benchmarks ask for, taken from the scale data set through the API itself.
    const categories = (await getJson(base, '/api/category/get')).Categories;
    const category = categories.find((c) => c.categoryName === 'Seasonal Fruits') ?? categories[0];
    const listing = (await getJson(base, '/api/product/getAllProducts?limit=500')).products;
    const stocked = listing.filter((p) => p.stocks >= 100).slice(0, 200);
    const shopperCookie = await login(base, 'shopper1@scale.mandi.local', SHOPPER_PASSWORD);
    const myOrders = await getJson(base, '/api/user/my/orders', shopperCookie);
    if (myOrders.myOrders.length !== 50) throw new Error(`shopper1 has ${myOrders.myOrders.length} orders, not 50`);
    const billedOrder = myOrders.myOrders.find((order) => order.invoiceNumber);
    const adminCookie = await login(base, ADMIN.email, ADMIN.password);
    const buyerCookies = [];
    for (let n = 2; n < 2 + ORDER_USERS; n++) {
      buyerCookies.push(await login(base, `shopper${n}@scale.mandi.local`, SHOPPER_PASSWORD));
    }
    const shipping = { address: '12 Market Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };
    // 50 shoppers each buying two products drawn from 200 well-stocked ones, as a busy shop would.
    const orderBodies = Array.from({ length: 1000 }, (_, i) => {
      const first = (i * 7) % stocked.length;
      const second = (first + 1 + ((i * 13) % (stocked.length - 1))) % stocked.length;
      return {
        path: '/api/user/new/order',
        headers: { cookie: buyerCookies[i % buyerCookies.length], 'content-type': 'application/json' },
        body: JSON.stringify({
          cartItems: [stocked[first], stocked[second]].map((p) => ({
            id: p._id,
            quantity: Number(p.kilogramOption[0].$numberDecimal),
          })),
          shippingInfo: shipping,
        }),
      };
    });

    // The scale data set's busy delivery day: the date with the most orders to deliver.
    const busyDay = await adminQuery(
      dbName,
      `select delivery_date::text as date, count(*)::int as orders from orders
       where delivery_date is not null and status in ('Processing', 'Shipped')
       group by delivery_date order by count(*) desc, delivery_date limit 1`,
    ).then((result) => result.rows[0] ?? { date: new Date().toISOString().slice(0, 10), orders: 0 });

    // The reports read a month of the scale data set's bills: the month with the most bills.
    const billMonth = await adminQuery(
      dbName,
      `select to_char(invoiced_at at time zone '${SHOP_TIME_ZONE}', 'YYYY-MM') as month, count(*)::int as bills
       from order_bills where invoiced_at is not null group by 1 order by 2 desc limit 1`,
    ).then((result) => result.rows[0] ?? { month: new Date().toISOString().slice(0, 7), bills: 0 });
    const [billYear, billMonthNumber] = billMonth.month.split('-');
    const monthEnd = new Date(Date.UTC(Number(billYear), Number(billMonthNumber), 0)).toISOString().slice(0, 10);
    // The GST return needs a GSTIN: the shop is registered in Maharashtra for the run.
    const shopSaved = await fetch(`${base}/api/admin/shop`, {
      method: 'PUT',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ gstin: '27AAPFU0939F1ZV', state: 'Maharashtra' }),
    });
    if (!shopSaved.ok) throw new Error(`saving the GSTIN: ${shopSaved.status} ${await shopSaved.text()}`);

    const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
    const benches = [
      {
        name: 'listing',
        label: 'Product listing, first page (as the shop asks: 200 products)',
        variants: [{ path: '/api/product/getAllProducts' }],
      },
      {
        name: 'listing20',
        label: 'Product listing, first page of 20 (?limit=20)',
        variants: [{ path: '/api/product/getAllProducts?limit=20' }],
      },
      {
        name: 'keyword',
        label: 'Keyword search "mango"',
        variants: [{ path: '/api/product/getAllProducts?keyword=mango' }],
      },
      {
        name: 'suggest',
        label: 'Suggestions as a shopper types ("t" … "tamat", "आलू", typos)',
        // What the header asks while a shopper types, letter by letter, in both scripts and with typos.
        variants: ['t', 'ta', 'tam', 'tama', 'tamat', 'tomatos', 'आलू', 'प्याज़', 'bananna', 'pyaz'].map((q) => ({
          path: `/api/product/suggest?q=${encodeURIComponent(q)}`,
        })),
      },
      {
        name: 'filter',
        label: 'Category + price filter',
        variants: [{ path: `/api/product/getAllProducts?category=${category._id}&gte=100&lte=200` }],
      },
      {
        name: 'product',
        label: 'Single product',
        variants: stocked.slice(0, 100).map((p) => ({ path: `/api/product/getSingleProduct/${p._id}` })),
      },
      // The pages' HTML beside each other (when the web app is built): `/` is the built file sent from
      // its precompressed copy; a product page has its head written (decision 0024), kept in the
      // response cache with its compressed forms.
      ...(fs.existsSync(path.join(root, 'apps/web/dist/index.html'))
        ? [
            { name: 'homePage', label: 'Page / (HTML)', isPage: true, variants: [{ path: '/' }] },
            {
              name: 'productPage',
              label: 'Product page /product/{id} (HTML with its head, 100 products)',
              isPage: true,
              variants: stocked.slice(0, 100).map((p) => ({ path: `/product/${p._id}` })),
            },
          ]
        : []),
      {
        name: 'reviews',
        label: 'Reviews, newest page of 20 (as the home page and reviews screen ask)',
        variants: [{ path: '/api/user/get/reviews' }, { path: '/api/user/get/reviews?page=2&limit=20' }],
      },
      {
        name: 'myOrders',
        label: 'My orders (user with 50 orders)',
        variants: [{ path: '/api/user/my/orders', headers: { cookie: shopperCookie } }],
      },
      // One bill downloaded again and again: drawn once by the PDF pool, then served as kept (decision 0038).
      ...(billedOrder
        ? [
            {
              name: 'bills',
              label: "One bill's PDF in Hindi, downloaded again (kept after the first; the owner)",
              variants: [
                { path: `/api/user/my/order/${billedOrder._id}/invoice?lang=hi`, headers: { cookie: shopperCookie } },
              ],
            },
          ]
        : []),
      {
        name: 'adminStats',
        label: 'Admin dashboard figures (counts, billed per day, statuses, top products, low stock)',
        variants: [{ path: '/api/user/admin/stats', headers: { cookie: adminCookie } }],
      },
      {
        name: 'dashboardToday',
        label: "Dashboard's today (slots to pack, kg, cash to collect, unpaid bills; admin)",
        variants: [{ path: '/api/admin/dashboard/today', headers: { cookie: adminCookie } }],
      },
      {
        name: 'picklist',
        label: "Pick list, today's Processing orders (admin)",
        variants: [{ path: '/api/admin/picklist', headers: { cookie: adminCookie } }],
      },
      // A whole list no screen asks for (the Khata screen asks pages of 50): judged as bulk.
      {
        name: 'khata',
        label: 'Khata accounts, the whole list with aging (500 accounts; admin; bulk)',
        isBulk: true,
        variants: [{ path: '/api/admin/khata', headers: { cookie: adminCookie } }],
      },
      {
        name: 'khataPage',
        label: 'Khata screen, first page of 50 with the totals over all 500 accounts (admin)',
        variants: [{ path: '/api/admin/khata?page=1&limit=50', headers: { cookie: adminCookie } }],
      },
      {
        name: 'runSheet',
        label: `Run sheet of the busy day (${busyDay.orders} orders by slot, PIN, address; admin)`,
        variants: [{ path: `/api/admin/delivery/run?date=${busyDay.date}`, headers: { cookie: adminCookie } }],
      },
      {
        name: 'rateBoard',
        label: 'Rate board screen, first page of 100 in walking order with cost and margin (admin)',
        variants: [{ path: '/api/admin/rates?page=1&limit=100', headers: { cookie: adminCookie } }],
      },
      {
        name: 'rateBoardWhole',
        label: 'Rate board, every product at once (10,000; admin; bulk)',
        isBulk: true,
        variants: [{ path: '/api/admin/rates', headers: { cookie: adminCookie } }],
      },
      {
        name: 'marginReport',
        label: `Margin report over the month of ${billMonth.bills} bills (${billMonth.month}; admin)`,
        variants: [
          {
            path: `/api/admin/reports/margin?from=${billMonth.month}-01&to=${monthEnd}`,
            headers: { cookie: adminCookie },
          },
        ],
      },
      {
        name: 'gstr1',
        label: `GSTR-1 of the month of ${billMonth.bills} bills (${billMonth.month}; admin)`,
        variants: [
          {
            path: `/api/admin/gst/gstr1?period=${billMonthNumber}${billYear}`,
            headers: { cookie: adminCookie },
          },
        ],
      },
      {
        name: 'adminProducts',
        label: 'Admin products table, pages of 50 (search, sort)',
        variants: [
          '/api/admin/products?page=1&limit=50',
          '/api/admin/products?page=2&limit=50',
          '/api/admin/products?page=1&limit=50&q=mango',
          '/api/admin/products?page=100&limit=50&sort=name',
          '/api/admin/products?page=1&limit=50&sort=stock&order=desc',
        ].map((url) => ({ path: url, headers: { cookie: adminCookie } })),
      },
      {
        name: 'adminUsers',
        label: 'Admin users table, pages of 50 (search, sort)',
        variants: [
          '/api/user/admin/user?page=1&limit=50',
          '/api/user/admin/user?page=2&limit=50',
          '/api/user/admin/user?page=1&limit=50&q=shopper123',
          '/api/user/admin/user?page=200&limit=50&sort=email',
          '/api/user/admin/user?page=1&limit=50&sort=lastName&order=desc',
        ].map((url) => ({ path: url, headers: { cookie: adminCookie } })),
      },
      {
        name: 'slots',
        label: 'Delivery slots for a PIN code, the week (demo zones and slots)',
        variants: [{ path: '/api/delivery/slots?pinCode=411001' }, { path: '/api/delivery/slots?pinCode=560038' }],
      },
      {
        name: 'placeOrder',
        label: 'Place an order (50 users)',
        method: 'POST',
        isWrite: true,
        variants: orderBodies,
      },
    ].filter((bench) => !only || only.includes(bench.name));

    // The yardstick answers each route with this run's real response body.
    const payloads = {};
    for (const bench of benches) {
      if (bench.isWrite) {
        const v = bench.variants[0];
        const response = await fetch(`${base}${v.path}`, { method: 'POST', headers: v.headers, body: v.body });
        if (response.status !== 201) throw new Error(`place order: ${response.status} ${await response.text()}`);
        payloads[bench.name] = await response.json();
      } else if (bench.isPage) {
        // The yardstick sends the same HTML as text.
        const response = await fetch(`${base}${bench.variants[0].path}`);
        if (!response.ok) throw new Error(`GET ${bench.variants[0].path}: ${response.status}`);
        payloads[bench.name] = await response.text();
        const head = await fetch(`${base}${bench.variants[0].path}`, { method: 'HEAD', headers: BROWSER_HEADERS });
        bench.wireBytes = Number(head.headers.get('content-length'));
      } else {
        const v = bench.variants[0];
        payloads[bench.name] = await getJson(base, v.path, v.headers?.cookie);
        // fetch decodes the body; the header tells what went over the wire.
        const head = await fetch(`${base}${v.path}`, { method: 'HEAD', headers: { ...BROWSER_HEADERS, ...v.headers } });
        bench.wireBytes = Number(head.headers.get('content-length'));
      }
      const payload = payloads[bench.name];
      bench.responseBytes = Buffer.byteLength(typeof payload === 'string' ? payload : JSON.stringify(payload));
    }
    const payloadFile = path.join(tmpDir, 'payloads.json');
    fs.writeFileSync(payloadFile, JSON.stringify(payloads));
    const barePort = await freePort();
    const bare = fork(path.join(root, 'bench/bare-server.mjs'), [payloadFile, String(barePort)], { stdio: 'inherit' });
    children.push(bare);
    await new Promise((resolve) => bare.once('message', resolve));
    const bareBase = `http://127.0.0.1:${barePort}`;

    const rows = [];
    let peakRssMb = idleRssMb;
    for (const bench of benches) {
      process.stdout.write(`  ${bench.label} ... `);
      const real = await measure(base, bench, server.pid);
      const bareBench = {
        method: bench.method,
        variants: [
          {
            path: `/bare/${bench.name}`,
            headers: { 'content-type': 'application/json' },
            body: bench.variants[0].body,
          },
        ],
      };
      const yardstick = await measure(bareBase, bareBench);
      peakRssMb = Math.max(peakRssMb, real.peakRssMb);
      const ratio = real.rps / yardstick.rps;
      const isMet = bench.isWrite
        ? real.p99 <= TARGETS.writeP99 && real.errors === 0
        : bench.isBulk
          ? ratio >= TARGETS.bulkRatio && real.errors === 0
          : real.p99 <= TARGETS.readP99 && ratio >= TARGETS.readRatio && real.errors === 0;
      rows.push({
        name: bench.name,
        label: bench.label,
        responseBytes: bench.responseBytes,
        wireBytes: bench.wireBytes ?? bench.responseBytes,
        rps: Math.round(real.rps),
        p50: real.p50,
        p99: real.p99,
        errors: real.errors,
        failures: real.failures,
        requests: real.total,
        serverCpuMsPerRequest: Number(real.cpuPerRequest?.toFixed(3)),
        generatorCpuPercent: real.generatorCpuPercent,
        bareRps: Math.round(yardstick.rps),
        bareP99: yardstick.p99,
        ratio: Number(ratio.toFixed(3)),
        peakRssMb: real.peakRssMb,
        isTargetMet: isMet,
      });
      log(
        `${Math.round(real.rps)} req/s, p99 ${real.p99} ms${real.failures.length ? `; failed: ${real.failures.join(', ')}` : ''}`,
      );
    }

    const pad = (value, width) => String(value).padStart(width);
    log('');
    log(
      `${'Benchmark'.padEnd(62)}${pad('KB', 7)}${pad('wire', 6)}${pad('req/s', 8)}${pad('p50', 7)}${pad('p99', 7)}${pad('err', 5)}${pad('bare/s', 8)}${pad('b.p99', 8)}${pad('ratio', 7)}${pad('RSS', 6)}${pad('cpu ms', 8)}${pad('gen%', 6)}  target`,
    );
    for (const row of rows) {
      log(
        `${row.label.padEnd(62)}${pad((row.responseBytes / 1024).toFixed(1), 7)}${pad((row.wireBytes / 1024).toFixed(1), 6)}${pad(row.rps, 8)}${pad(row.p50, 7)}${pad(row.p99, 7)}${pad(row.errors, 5)}${pad(row.bareRps, 8)}${pad(row.bareP99, 8)}${pad(`${Math.round(row.ratio * 100)}%`, 7)}${pad(row.peakRssMb, 6)}${pad(row.serverCpuMsPerRequest.toFixed(2), 8)}${pad(row.generatorCpuPercent, 6)}  ${row.isTargetMet ? 'met' : 'MISSED'}`,
      );
    }
    const generatorBound = rows.filter((row) => row.generatorCpuPercent >= GENERATOR_BUSY_PERCENT);
    if (generatorBound.length) {
      log(
        `\nWARNING: the load generator was busy ${GENERATOR_BUSY_PERCENT}% of a core or more (gen%) on: ${generatorBound.map((row) => row.name).join(', ')}; their p99 includes its own queue, not only the server's.`,
      );
    }
    const isRssMet = peakRssMb < TARGETS.rssMb;
    log(
      `\nServer memory: ${idleRssMb} MB idle, ${peakRssMb} MB peak RSS (target < ${TARGETS.rssMb} MB: ${isRssMet ? 'met' : 'MISSED'})`,
    );
    log(
      `Scale seed: ${template ? `copied from ${template}` : `${seedSeconds.toFixed(1)} s`}. Whole run: ${((Date.now() - started) / 1000).toFixed(0)} s.`,
    );
    log(
      `Targets: reads p99 <= ${TARGETS.readP99} ms and >= ${TARGETS.readRatio * 100}% of the bare route; orders p99 <= ${TARGETS.writeP99} ms, no error; bulk lists (no screen asks them whole) >= ${TARGETS.bulkRatio * 100}% of the bare route, no error.`,
    );

    const pgVersion = (await adminQuery(dbName, 'show server_version')).rows[0].server_version;
    const results = {
      date: new Date().toISOString(),
      machine: machineFacts(pgVersion),
      settings: { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: WARMUP, generator: GENERATOR },
      seedSeconds,
      memory: { idleRssMb, peakRssMb, isTargetMet: isRssMet },
      targets: TARGETS,
      benchmarks: rows,
    };
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    log('Wrote bench/results/latest.json');
  } finally {
    // A server profiling its CPU writes the profile as it exits, after the order events still
    // queued (thousands after the order benchmark) are delivered: that can take longer than 10 s.
    await stopChildren(process.env.BENCH_CPU_PROF ? 120_000 : 10_000);
    if (process.env.BENCH_KEEP_DB === '1') {
      log(`Kept database ${dbName}`);
    } else {
      await adminQuery('postgres', `drop database if exists ${dbName} with (force)`);
    }
    // Retries cover a file a killed child had open a moment ago.
    fs.rmSync(tmpDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

main().catch((error) => {
  console.error(error);
  cleanup();
  process.exit(1);
});
