/**
 * Bills do not stall the shop (issue 29, decision 0038): while one shopper downloads their bill
 * in four loops at once, every bill drawn anew (no kept bills), each download is drawn or refused
 * with a 429 (two at once per shopper) and another visitor's requests are answered all along. How
 * fast the bystander is answered is measured by `bench/timings/bill-bystander.timing.ts` (decision
 * 0054): timings belong to benchmarks. On PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeAndPackBill } from '../../../test/billed-order.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

const LOOPS = 4;
const BYSTANDER_REQUESTS = 50;

let t: TestApp;
let shopperCookie: string;
let orderId: string;

beforeAll(async () => {
  // Nothing kept, so every download is drawn: the worst case for the pool.
  t = await buildTestApp({ PDF_CACHE_MB: '0', PDF_WORKERS: '1' });
  ({ orderId, shopperCookie } = await placeAndPackBill(t));
});

afterAll(async () => {
  await t?.close();
});

/** A bystander's requests while the loops run, each after the loop had a moment for the downloads. */
async function bystander(enough: () => boolean): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < BYSTANDER_REQUESTS || (!enough() && i < 100 * BYSTANDER_REQUESTS); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    statuses.push((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
  }
  return statuses;
}

describe('a shopper downloading their bill in loops', () => {
  it('gets each bill drawn or a 429, while another visitor is answered all along', async () => {
    let running = true;
    const statuses = new Map<number, number>();
    const loop = async () => {
      while (running) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/user/my/order/${orderId}/invoice?lang=hi`,
          headers: { cookie: shopperCookie },
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode === 200) expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        // A refused download (the shopper's two at once) is tried again after a moment, as a browser would.
        if (response.statusCode === 429) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const loops = Array.from({ length: LOOPS }, loop);
    // At least a dozen bills drawn while the bystander asks, however slow the machine.
    const answered = await bystander(() => (statuses.get(200) ?? 0) >= 12);
    running = false;
    await Promise.all(loops);

    expect(answered.every((status) => status === 200)).toBe(true);
    expect(statuses.get(200) ?? 0).toBeGreaterThanOrEqual(12);
    // More than two at once for one shopper is refused, never queued without end or failed.
    expect(statuses.get(429) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].every((status) => status === 200 || status === 429)).toBe(true);
  });
});
