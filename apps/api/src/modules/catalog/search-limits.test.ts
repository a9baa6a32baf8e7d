/**
 * What a search may cost (docs/security.md): suggestions start at 2 characters, and every address
 * has a budget of searches per minute that the response cache does not answer (each one is a
 * query), shared by suggestions and keyword listings.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct } from '../../../test/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ SEARCH_MAX_PER_IP: '6' });
  const veg = await createCategory(t.db, 'Vegetables');
  await createProduct(t.db, { name: 'Desi Tomato', aliases: ['tamatar'], rate: 38, categoryId: veg.id });
  await createProduct(t.db, { name: 'Agra Potato', aliases: ['aloo', 'आलू'], rate: 30, categoryId: veg.id });
});
afterAll(() => t.close());

const from =
  (remoteAddress: string) =>
  (url: string, options: Omit<InjectOptions, 'url'> = {}) =>
    t.app.inject({ url, remoteAddress, ...options });

describe('suggestions', () => {
  it('start at 2 characters: a shorter q answers an empty list, uncounted', async () => {
    const ask = from('10.0.0.1');
    for (const q of ['t', ' t ', 'आ', 'T']) {
      const response = await ask(`/api/product/suggest?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(200);
      expect(body(response), q).toEqual({ success: true, suggestions: [] });
    }
    expect(body<{ suggestions: { name: string }[] }>(await ask('/api/product/suggest?q=to')).suggestions).toEqual([
      expect.objectContaining({ name: 'Desi Tomato' }),
      expect.objectContaining({ name: 'Agra Potato' }),
    ]);
    expect(body<{ suggestions: unknown[] }>(await ask('/api/product/suggest?q=आलू')).suggestions).toHaveLength(1);
  });
});

describe('the search budget of an address', () => {
  it('answers 429 with Retry-After once the uncached searches of a minute are spent; cached answers and other addresses go on', async () => {
    const ask = from('10.0.0.2');
    const statuses: number[] = [];
    // A search is kept by the cache on its second request (decision 0039): 'tam' and 'aloo' are.
    for (const q of ['ta', 'tam', 'tam']) statuses.push((await ask(`/api/product/suggest?q=${q}`)).statusCode);
    for (const keyword of ['aloo', 'potato', 'aloo']) {
      statuses.push((await ask(`/api/product/getAllProducts?keyword=${keyword}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);

    const refused = await ask('/api/product/suggest?q=tamata');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(body(refused)).toMatchObject({
      success: false,
      message: 'Too many searches from your network. Please try again in a minute.',
    });
    expect((await ask('/api/product/getAllProducts?keyword=onion')).statusCode).toBe(429);

    // Answers the cache already holds cost nothing and stay open, as do plain listings and short q.
    expect((await ask('/api/product/suggest?q=tam')).statusCode).toBe(200);
    expect((await ask('/api/product/getAllProducts?keyword=aloo')).statusCode).toBe(200);
    expect((await ask('/api/product/getAllProducts?page=1')).statusCode).toBe(200);
    expect((await ask('/api/product/suggest?q=o')).statusCode).toBe(200);
    // A search asked for once was not kept: asking again is a query, and counted.
    expect((await ask('/api/product/suggest?q=ta')).statusCode).toBe(429);

    // Another address has its own budget.
    expect((await from('10.0.0.3')('/api/product/suggest?q=tamata')).statusCode).toBe(200);
  });
});
