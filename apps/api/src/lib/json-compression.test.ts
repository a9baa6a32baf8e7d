/** JSON answers on the wire: compressed above about a kilobyte when the client accepts it, plain below. */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createCategory, createProduct } from '../../test/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const category = await createCategory(t.db, 'Fresh fruit');
  for (let i = 0; i < 12; i++) await createProduct(t.db, { name: `Alphonso mango ${i}`, categoryId: category.id });
});
afterAll(() => t?.close());

const LIST = '/api/product/getAllProducts?limit=12';

describe('JSON compression', () => {
  it('compresses a large answer with the best coding accepted, decoding to the plain answer', async () => {
    const plain = await t.app.inject({ method: 'GET', url: LIST });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ method: 'GET', url: LIST, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await t.app.inject({ method: 'GET', url: LIST, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('sends a cached hot read compressed the same bytes each time, compressed once', async () => {
    const headers = { 'accept-encoding': 'br' };
    const compressions = vi.spyOn(zlib, 'brotliCompress');
    try {
      const url = '/api/product/getAllProducts?limit=6';
      const first = await t.app.inject({ method: 'GET', url, headers });
      const second = await t.app.inject({ method: 'GET', url, headers });
      expect(first.headers['content-encoding']).toBe('br');
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(compressions).toHaveBeenCalledTimes(1);
      // Another page is another entry: compressed on its first request only.
      for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `${url}&page=2`, headers });
      expect(compressions).toHaveBeenCalledTimes(2);
    } finally {
      compressions.mockRestore();
    }
  });

  it('sends a small answer as it is', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ success: true });
    const error = await t.app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(error.statusCode).toBe(404);
    expect(error.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD on a large answer with the GET headers and no body', async () => {
    const headers = { 'accept-encoding': 'gzip, br' };
    const get = await t.app.inject({ method: 'GET', url: LIST, headers });
    const head = await t.app.inject({ method: 'HEAD', url: LIST, headers });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });
});
