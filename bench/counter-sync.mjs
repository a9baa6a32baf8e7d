/**
 * A counter back online (`node bench/counter-sync.mjs` after `npm run build`): a device that sold
 * COUNTER_SYNC_SALES bills offline (default 200) sends its queue the way the counter screen does,
 * in order, one sale after another (each carries the device's next sequence, so they cannot go at
 * once), to the default embedded setup (PGlite, demo catalogue, one process). Target: the whole
 * queue synced in under 10 s. Each sale is a real mix: 1-5 lines weighed or counted, cash with
 * change, UPI, or split. Writes bench/results/counter-sync.json; exits 1 when the target is missed.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getJson, login } from './lib/api-bench.mjs';
import { ADMIN, root, startAppServer } from './lib/app-server.mjs';
import { isCountedUnit, lineAmountPaise, orderTotals } from './lib/shop-kernel.mjs';

const SALES = Number(process.env.COUNTER_SYNC_SALES ?? 200);
const TARGET_SECONDS = 10;

/** The same random sequence each run, so two runs sync the same queue. */
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = (list) => list[Math.floor(random() * list.length)];

function queuedSale(device, sequence, products, soldAt) {
  const lines = [];
  for (let n = 1 + Math.floor(random() * 5); n > 0; n--) {
    const product = pick(products);
    if (lines.some((line) => line.productId === product._id)) continue;
    const thousandths = isCountedUnit(product.unit)
      ? 1000 * (1 + Math.floor(random() * 3))
      : 100 + Math.floor(random() * 2900);
    lines.push({ productId: product._id, thousandths, ratePaise: Math.round(product.rate * 100) });
  }
  const subtotal = lines.reduce((sum, line) => sum + lineAmountPaise(line.ratePaise, line.thousandths), 0);
  const { totalPaise } = orderTotals(subtotal, { isFinal: true });
  const way = random();
  const cash = Math.floor(totalPaise / 200) * 100;
  const tenders =
    way < 0.6 || cash === 0
      ? [{ method: 'Cash', amount: totalPaise / 100, received: Math.ceil(totalPaise / 10000) * 100 }]
      : way < 0.85
        ? [{ method: 'UPI', amount: totalPaise / 100 }]
        : [
            { method: 'Cash', amount: cash / 100 },
            { method: 'UPI', amount: (totalPaise - cash) / 100 },
          ];
  return {
    deviceId: device._id,
    clientSaleId: randomUUID(),
    sequence,
    soldAt: soldAt.toISOString(),
    offline: true,
    customerId: null,
    lines: lines.map((line) => ({ productId: line.productId, quantity: line.thousandths / 1000, source: 'manual' })),
    tenders,
  };
}

async function main() {
  const server = await startAppServer();
  try {
    const cookie = await login(server.base, ADMIN.email, ADMIN.password);
    const registered = await fetch(`${server.base}/api/admin/counter/devices`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Offline counter' }),
    });
    if (!registered.ok) throw new Error(`registering the counter: ${registered.status} ${await registered.text()}`);
    const { device } = await registered.json();
    const { products } = await getJson(server.base, '/api/admin/counter/catalogue', cookie);
    // Sold over the last hour while the network was down, a sale every few seconds.
    const firstSoldAt = Date.now() - 60 * 60 * 1000;
    const queue = Array.from({ length: SALES }, (_, n) =>
      queuedSale(device, device.nextSequence + n, products, new Date(firstSoldAt + n * 15_000)),
    );
    const latencies = [];
    const started = performance.now();
    for (const sale of queue) {
      const sent = performance.now();
      const response = await fetch(`${server.base}/api/admin/counter/sales`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(sale),
      });
      if (response.status !== 201)
        throw new Error(`sale ${sale.sequence}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
    }
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (p) =>
      Number(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1));
    const result = {
      sales: SALES,
      seconds: Number(seconds.toFixed(2)),
      salesPerSecond: Number((SALES / seconds).toFixed(1)),
      p50Ms: at(50),
      p99Ms: at(99),
      maxMs: Number(latencies.at(-1).toFixed(1)),
      targetSeconds: TARGET_SECONDS,
      ok: seconds < TARGET_SECONDS,
    };
    console.log(
      `${SALES} queued sales synced in ${result.seconds} s (${result.salesPerSecond}/s; p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms): ${result.ok ? 'ok' : `over the ${TARGET_SECONDS} s target`}`,
    );
    const dir = path.join(root, 'bench/results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'counter-sync.json'), `${JSON.stringify(result, null, 2)}\n`);
    if (!result.ok) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
