/**
 * Bills do not stall the shop (decision 0038): while one shopper downloads their bill in four loops
 * at once, every bill drawn anew, another visitor's requests answer about as fast as with no load.
 * Judged against the same run's own yardstick: the same load with every bill drawn on the event
 * loop (`PDF_WORKERS=0`, as before the pool), where a bystander waited behind each drawing.
 * Behaviour (the loads are answered 200 or 429, the pool draws them) is `billing.bystander.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeAndPackBill } from '../../apps/api/test/billed-order.js';
import { buildTestApp, type TestApp } from '../../apps/api/test/build-test-app.js';
import { percentile, report } from './timing-report.js';

const LOOPS = 4;
const BYSTANDER_REQUESTS = 150;
/** Targets: the bystander's latency with the pool, as a share of the same with bills drawn on the loop. */
const TARGETS = { p50Share: 0.25, p99Share: 0.5 };

let pooled: TestApp;
let inline: TestApp;

beforeAll(async () => {
  // Nothing kept, so every download is drawn: the worst case for the pool.
  pooled = await buildTestApp({ PDF_CACHE_MB: '0', PDF_WORKERS: '1' });
  // The yardstick: the same bill drawn on the event loop.
  inline = await buildTestApp({ PDF_CACHE_MB: '0', PDF_WORKERS: '0' });
});
afterAll(async () => {
  await pooled?.close();
  await inline?.close();
});

/**
 * The latencies of a bystander's requests, one every 5 ms or so. The bystander runs on the same
 * event loop as the server, so its latency counts from when its request was due (as a visitor's
 * request arrives whether or not the loop is free): time the loop spent elsewhere is counted.
 */
async function bystander(t: TestApp, enough: () => boolean = () => true): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < BYSTANDER_REQUESTS || (!enough() && i < 20 * BYSTANDER_REQUESTS); i++) {
    const due = performance.now() + 5;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    latencies.push(performance.now() - due);
    expect(response.statusCode).toBe(200);
  }
  return latencies;
}

/** A bystander's latencies while the shopper downloads the bill in `LOOPS` loops on `t`. */
async function whileDownloading(t: TestApp): Promise<{ loaded: number[]; quiet: number[]; drawn: number }> {
  const { orderId, shopperCookie } = await placeAndPackBill(t);
  const invoice = { url: `/api/user/my/order/${orderId}/invoice?lang=hi`, headers: { cookie: shopperCookie } };
  // A warm renderer first: loading pdfkit and its fonts is paid once per process, not per bill.
  expect((await t.app.inject(invoice)).statusCode).toBe(200);
  const quiet = await bystander(t);
  let running = true;
  const statuses = new Map<number, number>();
  const loop = async () => {
    while (running) {
      const response = await t.app.inject(invoice);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      // A refused download (two at once per shopper) is tried again after a moment, as a browser would.
      if (response.statusCode === 429) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const loops = Array.from({ length: LOOPS }, loop);
  // At least a dozen bills drawn while the bystander asks, however slow the machine.
  const loaded = await bystander(t, () => (statuses.get(200) ?? 0) >= 12);
  running = false;
  await Promise.all(loops);
  expect(statuses.get(200) ?? 0).toBeGreaterThanOrEqual(12);
  return { loaded, quiet, drawn: statuses.get(200) ?? 0 };
}

const summary = (values: number[]) =>
  `${percentile(values, 50).toFixed(1)} / ${percentile(values, 90).toFixed(1)} / ${percentile(values, 99).toFixed(1)}`;

describe('a shopper downloading their bill in loops', () => {
  it("leaves another visitor's requests far faster than bills drawn on the loop did", async () => {
    const before = await whileDownloading(inline);
    const after = await whileDownloading(pooled);
    const p50Share = percentile(after.loaded, 50) / percentile(before.loaded, 50);
    const p99Share = percentile(after.loaded, 99) / percentile(before.loaded, 99);
    report(
      'bill bystander (p50 / p90 / p99 ms)',
      {
        'quiet, pool': summary(after.quiet),
        'loaded, bills drawn on the loop': `${summary(before.loaded)} (${before.drawn} bills)`,
        'loaded, bills drawn in the pool': `${summary(after.loaded)} (${after.drawn} bills)`,
        'p50 pool / loop': p50Share,
        'p99 pool / loop': p99Share,
      },
      TARGETS,
    );
    expect(p50Share).toBeLessThan(TARGETS.p50Share);
    expect(p99Share).toBeLessThan(TARGETS.p99Share);
  });
});
