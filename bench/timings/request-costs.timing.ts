/**
 * What the worst inputs cost, against an ordinary request of the same route in the same run
 * (decision 0054): a 100-character keyword of typos against a one-word search, 100-character
 * suggestions against a short one, and bodies refused for their depth or size (30,000 nested
 * arrays, 1 MB of them) against a small body refused by validation. Before their limits, a deep
 * 1 MB body cost about 400 ms of CPU and a long keyword seconds. Medians of repeated requests.
 * Behaviour (the answers and their status codes) is in catalog-search, security and fuzz tests.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../apps/api/test/build-test-app.js';
import { createCategory, createProduct } from '../../apps/api/test/factories.js';
import { percentile, report } from './timing-report.js';

const REPEATS = 15;
/**
 * The worst input may cost this many times the ordinary one, at most (median against median). A
 * 100-character keyword is up to 14 words each matched for typos (17 times a short one measured);
 * a pathological one costs a thousand times (the old absolute bound was 2 s).
 */
const TARGETS = { search: 50, suggest: 50, deepBody: 5, largeBody: 5 };

let t: TestApp;

beforeAll(async () => {
  // No response cache: every request is searched, not answered from the last one.
  t = await buildTestApp({ LOGIN_MAX_PER_IP: '100000', SEARCH_MAX_PER_IP: '100000', RESPONSE_CACHE_MB: '0' });
  const veg = await createCategory(t.db, 'Vegetables');
  const names = ['Desi Tomato', 'Robusta Banana', 'Agra Potato', 'Nashik Red Onion', 'Tomato Ketchup'];
  for (const [i, name] of names.entries()) await createProduct(t.db, { name, rate: 30 + i, categoryId: veg.id });
  for (let i = 0; i < 200; i++) await createProduct(t.db, { name: `Mandi Produce ${i}`, rate: 40, categoryId: veg.id });
});
afterAll(() => t?.close());

/** The median time of `REPEATS` requests (after one unmeasured), each checked for `status`. */
async function medianMs(options: InjectOptions, status: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= REPEATS; i++) {
    const started = performance.now();
    const response = await t.app.inject(options);
    if (i > 0) times.push(performance.now() - started);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(status);
  }
  return percentile(times, 50);
}

const listing = (keyword: string) => ({ url: `/api/product/getAllProducts?keyword=${encodeURIComponent(keyword)}` });
const suggest = (q: string) => ({ url: `/api/product/suggest?q=${encodeURIComponent(q)}` });
const login = (payload: string): InjectOptions => ({
  method: 'POST',
  url: '/api/user/login',
  headers: { 'content-type': 'application/json' },
  payload,
});

describe('the worst inputs cost a small multiple of an ordinary request', () => {
  it('search: a 100-character keyword of typos', async () => {
    const ordinary = await medianMs(listing('tomato'), 200);
    const worst = await medianMs(listing('tomatos bananna '.repeat(7).slice(0, 100)), 200);
    report(
      'search',
      { 'one word ms': ordinary, '100 characters ms': worst, ratio: worst / ordinary },
      { ratio: TARGETS.search },
    );
    expect(worst / ordinary).toBeLessThan(TARGETS.search);
  });

  it('suggestions: 100 characters of wildcards and of Devanagari', async () => {
    const ordinary = await medianMs(suggest('tom'), 200);
    const wildcards = await medianMs(suggest('ab%_cdefgh\\'.repeat(10).slice(0, 100)), 200);
    const devanagari = await medianMs(suggest('आलू टमाटर प्याज़ '.repeat(10).slice(0, 100)), 200);
    const worst = Math.max(wildcards, devanagari);
    report(
      'suggest',
      { 'short ms': ordinary, 'wildcards ms': wildcards, 'Devanagari ms': devanagari, ratio: worst / ordinary },
      { ratio: TARGETS.suggest },
    );
    expect(worst / ordinary).toBeLessThan(TARGETS.suggest);
  });

  it('bodies refused for depth or size', async () => {
    const ordinary = await medianMs(login('{"email":1}'), 400);
    const deep = await medianMs(login(`{"email":${'['.repeat(30_000)}${']'.repeat(30_000)}}`), 400);
    const large = await medianMs(login(`${'['.repeat(500_000)}${']'.repeat(500_000)}`), 413);
    report(
      'refused bodies',
      {
        'small invalid ms': ordinary,
        '30,000 deep ms': deep,
        '1 MB deep ms': large,
        'deep ratio': deep / ordinary,
        'large ratio': large / ordinary,
      },
      { deepRatio: TARGETS.deepBody, largeRatio: TARGETS.largeBody },
    );
    expect(deep / ordinary).toBeLessThan(TARGETS.deepBody);
    expect(large / ordinary).toBeLessThan(TARGETS.largeBody);
  });
});
