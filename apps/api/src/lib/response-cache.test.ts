import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { type CacheTag, ResponseCache } from './response-cache.js';

/** A load whose answer the test releases when it wants to. */
function deferred(value: unknown) {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  const load = vi.fn(async () => {
    await done;
    return value;
  });
  return { load, release };
}

describe('ResponseCache', () => {
  it('loads once and answers the same body from memory afterwards', async () => {
    const cache = new ResponseCache();
    const load = vi.fn(async () => ({ success: true, n: 1 }));
    expect(await cache.json('k', ['catalogue'], load)).toBe('{"success":true,"n":1}');
    expect(await cache.json('k', ['catalogue'], load)).toBe('{"success":true,"n":1}');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets concurrent requests for the same key share one load', async () => {
    const cache = new ResponseCache();
    const { load, release } = deferred({ n: 1 });
    const answers = Promise.all([1, 2, 3].map(() => cache.json('k', ['catalogue'], load)));
    release();
    expect(await answers).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('drops the entries of an invalidated tag and keeps the others', async () => {
    const cache = new ResponseCache();
    let version = 1;
    const catalogue = vi.fn(async () => ({ version }));
    const orders = vi.fn(async () => ({ version }));
    await cache.json('products', ['catalogue'], catalogue);
    await cache.json('orders-of:a', ['orders-of:a'], orders);
    version = 2;
    cache.invalidate('catalogue');
    expect(await cache.json('products', ['catalogue'], catalogue)).toBe('{"version":2}');
    expect(await cache.json('orders-of:a', ['orders-of:a'], orders)).toBe('{"version":1}');
  });

  it('never keeps the answer of a load that was running when its data changed', async () => {
    const cache = new ResponseCache();
    const before = deferred({ price: 40 });
    const running = cache.json('product', ['catalogue'], before.load);
    cache.invalidate('catalogue');
    // A request arriving after the write does not join the old load.
    const after = vi.fn(async () => ({ price: 45 }));
    expect(await cache.json('product', ['catalogue'], after)).toBe('{"price":45}');
    before.release();
    expect(await running).toBe('{"price":40}');
    expect(await cache.json('product', ['catalogue'], after)).toBe('{"price":45}');
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('tells the bus about local writes and drops entries when another process writes', async () => {
    const cache = new ResponseCache();
    const published: (readonly CacheTag[])[] = [];
    cache.connectBus({ publish: (tags) => published.push(tags) });
    const load = vi.fn(async () => ({ ok: true }));
    await cache.json('stats', ['orders', 'users'], load);
    cache.invalidate('orders', 'orders-of:a');
    expect(published).toEqual([['orders', 'orders-of:a']]);
    await cache.json('stats', ['orders', 'users'], load);
    cache.receive(['users']);
    expect(published).toHaveLength(1);
    await cache.json('stats', ['orders', 'users'], load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps nothing while disabled and starts empty when enabled again', async () => {
    const cache = new ResponseCache();
    const load = vi.fn(async () => ({ ok: true }));
    await cache.json('k', ['catalogue'], load);
    cache.setEnabled(false);
    await cache.json('k', ['catalogue'], load);
    await cache.json('k', ['catalogue'], load);
    expect(load).toHaveBeenCalledTimes(3);
    cache.setEnabled(true);
    await cache.json('k', ['catalogue'], load);
    await cache.json('k', ['catalogue'], load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('evicts the least recently used bodies beyond its size and never keeps one larger than allowed', async () => {
    const cache = new ResponseCache({ maxChars: 30, maxEntryChars: 20 });
    const body = (text: string) => async () => text;
    await cache.json('a', ['catalogue'], body('aaaaaaaaaa')); // 12 characters with the quotes
    await cache.json('b', ['catalogue'], body('bbbbbbbbbb'));
    await cache.json('a', ['catalogue'], body('changed')); // a hit: 'a' is now the most recent
    await cache.json('c', ['catalogue'], body('cccccccccc')); // 36 > 30: 'b' goes
    expect(cache.size).toBe(2);
    const reloadB = vi.fn(body('b2'));
    expect(await cache.json('b', ['catalogue'], reloadB)).toBe('"b2"');
    expect(reloadB).toHaveBeenCalledTimes(1);
    await cache.json('big', ['catalogue'], body('x'.repeat(25)));
    const reloadBig = vi.fn(body('small'));
    expect(await cache.json('big', ['catalogue'], reloadBig)).toBe('"small"');
  });

  it('does not keep a failed load, so the next request tries again', async () => {
    const cache = new ResponseCache();
    const failing = vi.fn(async () => {
      throw new Error('database down');
    });
    await expect(cache.json('k', ['catalogue'], failing)).rejects.toThrow('database down');
    const working = vi.fn(async () => ({ ok: true }));
    expect(await cache.json('k', ['catalogue'], working)).toBe('{"ok":true}');
  });

  it('with no memory configured, every read goes to its load', async () => {
    const cache = new ResponseCache({ maxChars: 0 });
    const load = vi.fn(async () => ({ ok: true }));
    await cache.json('k', ['catalogue'], load);
    await cache.json('k', ['catalogue'], load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('compresses a stored body once per coding and counts the bytes in its bound', async () => {
    const cache = new ResponseCache({ maxChars: 10_000 });
    const value = { items: Array.from({ length: 100 }, (_, i) => ({ name: `Alphonso mango ${i}` })) };
    const body = await cache.json('k', ['catalogue'], async () => value);
    const first = await cache.encoded(body, 'br');
    expect(await cache.encoded(body, 'br')).toBe(first);
    expect(zlib.brotliDecompressSync(first).toString()).toBe(body);
    const gzip = await cache.encoded(body, 'gzip');
    expect(zlib.gunzipSync(gzip).toString()).toBe(body);
    // A write drops the compressed forms with the body: the next fill compresses again.
    cache.invalidate('catalogue');
    const refilled = await cache.json('k', ['catalogue'], async () => value);
    expect(await cache.encoded(refilled, 'br')).not.toBe(first);
  });

  it('evicts older entries when compressed forms push it over its bound', async () => {
    // Random text: its compressed forms are nearly as large as itself.
    const body = (n: number) => ({ n, text: randomBytes(1500).toString('hex') });
    const cache = new ResponseCache({ maxChars: 6200 });
    const a = await cache.json('a', ['catalogue'], async () => body(1));
    await cache.json('b', ['catalogue'], async () => body(2));
    expect(cache.size).toBe(2);
    await cache.encoded(a, 'gzip');
    await new Promise((resolve) => setImmediate(resolve));
    // a's gzip form pushes the total over the bound; a is the least recently used, so it goes.
    expect(cache.size).toBe(1);
  });

  it('compresses a body it does not hold for that answer only', async () => {
    const cache = new ResponseCache();
    const body = JSON.stringify({ text: 'y'.repeat(2000) });
    const one = await cache.encoded(body, 'gzip');
    expect(await cache.encoded(body, 'gzip')).not.toBe(one);
    expect(cache.size).toBe(0);
  });
});
