import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { CACHE_TAGS, ordersOf, stockOf } from './cache-tags.js';
import { type CachedRead, type CacheTag, type ModuleCache, ResponseCache } from './response-cache.js';

/** Longer than any test runs: no entry ages out unless a test moves the clock. */
const HOUR = 3_600_000;

const { catalogue, orders, users } = CACHE_TAGS;
/** A read with no parameters, keyed by its name, built from `tags`. */
const read = (name: string, ...tags: CacheTag[]): CachedRead => ({
  name,
  route: `GET /test/${name}`,
  key: () => '',
  tags: () => tags,
});
const k = read('k', catalogue);
/** Catalogue reads told apart by their key. */
const inCatalogue: CachedRead<string> = { name: 'c', route: 'GET /test/c', key: (key) => key, tags: () => [catalogue] };

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
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    const load = vi.fn(async () => ({ success: true, n: 1 }));
    expect(await cache.json(k, undefined, load)).toBe('{"success":true,"n":1}');
    expect(await cache.json(k, undefined, load)).toBe('{"success":true,"n":1}');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets concurrent requests for the same key share one load', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    const { load, release } = deferred({ n: 1 });
    const answers = Promise.all([1, 2, 3].map(() => cache.json(k, undefined, load)));
    release();
    expect(await answers).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('drops the entries of an invalidated tag and keeps the others', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    let version = 1;
    const products = vi.fn(async () => ({ version }));
    const mine = vi.fn(async () => ({ version }));
    const myOrders = read('mine', ordersOf('a'));
    await cache.json(inCatalogue, 'products', products);
    await cache.json(myOrders, undefined, mine);
    version = 2;
    cache.invalidate([catalogue]);
    expect(await cache.json(inCatalogue, 'products', products)).toBe('{"version":2}');
    expect(await cache.json(myOrders, undefined, mine)).toBe('{"version":1}');
  });

  it('never keeps the answer of a load that was running when its data changed', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    const before = deferred({ price: 40 });
    const running = cache.json(inCatalogue, 'product', before.load);
    cache.invalidate([catalogue]);
    // A request arriving after the write does not join the old load.
    const after = vi.fn(async () => ({ price: 45 }));
    expect(await cache.json(inCatalogue, 'product', after)).toBe('{"price":45}');
    before.release();
    expect(await running).toBe('{"price":40}');
    expect(await cache.json(inCatalogue, 'product', after)).toBe('{"price":45}');
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('keeps a listing through stock moves of products it does not show, and drops it for one it shows', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    const listing: CachedRead<string> = {
      name: 'listing',
      route: 'GET /test/listing',
      key: (page) => page,
      tags: () => [catalogue],
      tagsWhileLoading: () => [CACHE_TAGS.stock],
    };
    let version = 1;
    const pageOf = (ids: string[]) =>
      vi.fn(async (tagAnswer: (tags: readonly CacheTag[]) => void) => {
        tagAnswer(ids.map(stockOf));
        return { ids, version };
      });
    const first = pageOf(['a', 'b']);
    const second = pageOf(['c']);
    await cache.json(listing, '1', first);
    await cache.json(listing, '2', second);
    version = 2;
    // An order of c: page 1 stays, page 2 is read again.
    cache.invalidate([CACHE_TAGS.stock, stockOf('c')]);
    expect(await cache.json(listing, '1', first)).toBe('{"ids":["a","b"],"version":1}');
    expect(await cache.json(listing, '2', second)).toBe('{"ids":["c"],"version":2}');
    // The catalogue's own writes still drop every page.
    version = 3;
    cache.invalidate([catalogue]);
    expect(await cache.json(listing, '1', first)).toBe('{"ids":["a","b"],"version":3}');
  });

  it('never keeps a listing whose load was running when any stock moved (its products are not known yet)', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    const listing: CachedRead = { ...read('listing', catalogue), tagsWhileLoading: () => [CACHE_TAGS.stock] };
    let version = 1;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = vi.fn(async (tagAnswer: (tags: readonly CacheTag[]) => void) => {
      const seen = version;
      await gate;
      tagAnswer([stockOf('a')]);
      return { version: seen };
    });
    const answer = cache.json(listing, undefined, load);
    version = 2;
    cache.invalidate([CACHE_TAGS.stock, stockOf('a')]);
    release();
    expect(await answer).toBe('{"version":1}');
    // Served once, not kept: the next request reads again.
    expect(await cache.json(listing, undefined, load)).toBe('{"version":2}');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops a read built from several tags when any one of them changes', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    const stats = read('stats', orders, users);
    const load = vi.fn(async () => ({ ok: true }));
    await cache.json(stats, undefined, load);
    await cache.json(stats, undefined, load);
    expect(load).toHaveBeenCalledTimes(1);
    cache.invalidate([ordersOf('a')]);
    await cache.json(stats, undefined, load);
    expect(load).toHaveBeenCalledTimes(1);
    cache.invalidate([users]);
    await cache.json(stats, undefined, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keys each read apart: two reads with the same key never share an answer', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    const one = read('one', catalogue);
    const two = read('two', catalogue);
    expect(await cache.json(one, undefined, async () => 1)).toBe('1');
    expect(await cache.json(two, undefined, async () => 2)).toBe('2');
    expect(cache.storedReads()).toEqual(new Set(['one', 'two']));
  });

  it('serves no entry older than its lifetime, counted from when its load started', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxAgeMs: 60_000, now: () => now });
    const slow = deferred({ version: 1 });
    const first = cache.json(k, undefined, slow.load);
    now = 10_000;
    slow.release();
    await first;
    const load = vi.fn(async () => ({ version: 2 }));
    now = 59_999;
    expect(await cache.json(k, undefined, load)).toBe('{"version":1}');
    // Sixty seconds after the first load started, though it was stored only fifty seconds ago.
    now = 60_000;
    expect(await cache.json(k, undefined, load)).toBe('{"version":2}');
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.json(k, undefined, load)).toBe('{"version":2}');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refuses a read the app has not declared', async () => {
    const declared: ModuleCache = { module: 'test', reads: { k }, writes: {} };
    const cache = new ResponseCache({ maxAgeMs: HOUR, declared: [declared] });
    expect(await cache.json(k, undefined, async () => 1)).toBe('1');
    await expect(cache.json(read('undeclared', catalogue), undefined, async () => 1)).rejects.toThrow(
      'the cached read undeclared is not in the cache registry',
    );
  });

  it('keeps nothing while disabled and starts empty when enabled again', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    const load = vi.fn(async () => ({ ok: true }));
    await cache.json(k, undefined, load);
    cache.setEnabled(false);
    await cache.json(k, undefined, load);
    await cache.json(k, undefined, load);
    expect(load).toHaveBeenCalledTimes(3);
    cache.setEnabled(true);
    await cache.json(k, undefined, load);
    await cache.json(k, undefined, load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('says when it keeps answers again, so a read ahead is not thrown away', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    await expect(cache.whenEnabled()).resolves.toBeUndefined();
    cache.setEnabled(false);
    let isEnabled = false;
    const waiting = cache.whenEnabled().then(() => {
      isEnabled = true;
    });
    cache.setEnabled(false);
    await Promise.resolve();
    expect(isEnabled).toBe(false);
    cache.setEnabled(true);
    await waiting;
    expect(isEnabled).toBe(true);
  });

  it('evicts the least recently used bodies beyond its size and never keeps one larger than allowed', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR, maxChars: 30, maxEntryChars: 20 });
    const body = (text: string) => async () => text;
    await cache.json(inCatalogue, 'a', body('aaaaaaaaaa')); // 12 characters with the quotes
    await cache.json(inCatalogue, 'b', body('bbbbbbbbbb'));
    await cache.json(inCatalogue, 'a', body('changed')); // a hit: 'a' is now the most recent
    await cache.json(inCatalogue, 'c', body('cccccccccc')); // 36 > 30: 'b' goes
    expect(cache.size).toBe(2);
    const reloadB = vi.fn(body('b2'));
    expect(await cache.json(inCatalogue, 'b', reloadB)).toBe('"b2"');
    expect(reloadB).toHaveBeenCalledTimes(1);
    await cache.json(inCatalogue, 'big', body('x'.repeat(25)));
    const reloadBig = vi.fn(body('small'));
    expect(await cache.json(inCatalogue, 'big', reloadBig)).toBe('"small"');
  });

  it('does not keep a failed load, so the next request tries again', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    const failing = vi.fn(async () => {
      throw new Error('database down');
    });
    await expect(cache.json(k, undefined, failing)).rejects.toThrow('database down');
    const working = vi.fn(async () => ({ ok: true }));
    expect(await cache.json(k, undefined, working)).toBe('{"ok":true}');
  });

  it('with no memory configured, every read goes to its load', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR, maxChars: 0 });
    const load = vi.fn(async () => ({ ok: true }));
    await cache.json(k, undefined, load);
    await cache.json(k, undefined, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('compresses a stored body once per coding and counts the bytes in its bound', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR, maxChars: 10_000 });
    const value = { items: Array.from({ length: 100 }, (_, i) => ({ name: `Alphonso mango ${i}` })) };
    const body = await cache.json(k, undefined, async () => value);
    const first = await cache.encoded(body, 'br');
    expect(await cache.encoded(body, 'br')).toBe(first);
    expect(zlib.brotliDecompressSync(first).toString()).toBe(body);
    const gzip = await cache.encoded(body, 'gzip');
    expect(zlib.gunzipSync(gzip).toString()).toBe(body);
    // A write drops the compressed forms with the body: the next fill compresses again.
    cache.invalidate([catalogue]);
    const refilled = await cache.json(k, undefined, async () => value);
    expect(await cache.encoded(refilled, 'br')).not.toBe(first);
  });

  it('keeps an answer asked for again while a flood of one-off reads passes through', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR, maxChars: 100 });
    const body = (text: string) => async () => text;
    await cache.json(inCatalogue, 'hot', body('h'.repeat(18))); // 20 characters with the quotes
    await cache.json(inCatalogue, 'hot', body('never')); // asked for again: protected
    // New search words, each asked for once: five times the whole bound.
    for (let i = 0; i < 50; i += 1) await cache.json(inCatalogue, `once-${i}`, body('o'.repeat(8)));
    const reloadHot = vi.fn(body('reloaded'));
    expect(await cache.json(inCatalogue, 'hot', reloadHot)).toBe(`"${'h'.repeat(18)}"`);
    expect(reloadHot).not.toHaveBeenCalled();
    // The one-off reads evicted each other: only the most recent of them are still kept.
    const reloadFirst = vi.fn(body('again'));
    await cache.json(inCatalogue, 'once-0', reloadFirst);
    expect(reloadFirst).toHaveBeenCalledTimes(1);
  });

  it('keeps a hot answer refilled after a write while a flood of one-off searches passes through', async () => {
    // Searches: a new word per request, one-off prone (decision 0039).
    const search: CachedRead<string> = {
      name: 's',
      route: 'GET /test/s',
      key: (word) => word,
      tags: () => [catalogue],
      oneOff: () => true,
    };
    const cache = new ResponseCache({ maxAgeMs: HOUR, maxChars: 1000 });
    const body = (text: string) => async () => text;
    for (let i = 0; i < 10; i += 1) await cache.json(inCatalogue, 'hot', body('h'.repeat(98)));
    for (let i = 0; i < 10; i += 1) await cache.json(search, 'milk', body('m'.repeat(28)));
    // Every order's stock move drops the catalogue: the hot answers are refilled once each, then
    // a thousand one-off searches (fifteen times the bound) arrive before they are asked for again.
    cache.invalidate([catalogue]);
    await cache.json(inCatalogue, 'hot', body('h'.repeat(98)));
    await cache.json(search, 'milk', body('m'.repeat(28)));
    for (let i = 0; i < 1000; i += 1) await cache.json(search, `word-${i}`, body('o'.repeat(13)));
    const [hot, milk] = [vi.fn(body('reloaded')), vi.fn(body('reloaded'))];
    expect(await cache.json(inCatalogue, 'hot', hot)).toBe(`"${'h'.repeat(98)}"`);
    expect(await cache.json(search, 'milk', milk)).toBe(`"${'m'.repeat(28)}"`);
    expect([hot.mock.calls.length, milk.mock.calls.length]).toEqual([0, 0]);
  });

  it('keeps a one-off prone answer only when asked for again, and within its share of the bound', async () => {
    const search: CachedRead<string> = {
      name: 's',
      route: 'GET /test/s',
      key: (word) => word,
      tags: () => [catalogue],
      oneOff: (word) => word !== 'shared',
    };
    const cache = new ResponseCache({ maxAgeMs: HOUR, maxChars: 1000 });
    const load = vi.fn(async () => 'x'.repeat(38));
    await cache.json(search, 'aloo', load);
    expect(cache.size).toBe(0);
    await cache.json(search, 'aloo', load);
    await cache.json(search, 'aloo', load);
    expect([cache.size, load.mock.calls.length]).toEqual([1, 2]);
    // A read may say which of its answers are one-off prone: this one is kept at once.
    await cache.json(search, 'shared', load);
    expect(cache.size).toBe(2);
    // Searches asked for twice take at most a tenth of the bound, small answers half of it (50
    // here: one answer of 40).
    for (const word of ['a', 'b', 'c', 'd']) for (const _ of [1, 2]) await cache.json(search, word, load);
    expect(cache.size).toBe(2);
  });

  it('keeps small one-off answers (suggestions) apart from large ones (a search page)', async () => {
    const oneOff: CachedRead<string> = {
      name: 'o',
      route: 'GET /test/o',
      key: (word) => word,
      tags: () => [catalogue],
      oneOff: () => true,
    };
    // A tenth of 1 MB: 50 KB for small answers, 50 KB for large ones.
    const cache = new ResponseCache({ maxAgeMs: HOUR, maxChars: 1024 * 1024 });
    const twice = async (word: string, body: string) => {
      for (const _ of [1, 2]) await cache.json(oneOff, word, async () => body);
    };
    for (let i = 0; i < 40; i++) await twice(`suggest-${i}`, 's'.repeat(500));
    // Ten pages of 30 KB: only one fits its half, and none pushes a suggestion out.
    for (let i = 0; i < 10; i++) await twice(`search-${i}`, 'p'.repeat(30_000));
    const load = vi.fn(async () => 'again');
    for (let i = 0; i < 40; i++) await cache.json(oneOff, `suggest-${i}`, load);
    expect(load).not.toHaveBeenCalled();
    expect(cache.size).toBe(41);
  });

  it('gives a protected answer back to probation when the protected part outgrows its share', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR, maxChars: 100 });
    const body = (text: string) => async () => text;
    // Answers of 30 characters, each asked for twice: the protected part holds at most 80.
    for (const key of ['a', 'b', 'c']) {
      await cache.json(inCatalogue, key, body(key.repeat(28)));
      await cache.json(inCatalogue, key, body('never'));
    }
    // 'c' made the protected part 90: its oldest, 'a', went back on probation. A new answer
    // (120 > 100) then evicts 'a', the oldest on probation, and keeps the protected 'b' and 'c'.
    await cache.json(inCatalogue, 'd', body('d'.repeat(28)));
    const reload = (key: string) => vi.fn(body(`${key} again`));
    const [a, b, c] = [reload('a'), reload('b'), reload('c')];
    await cache.json(inCatalogue, 'b', b);
    await cache.json(inCatalogue, 'c', c);
    await cache.json(inCatalogue, 'a', a);
    expect([a.mock.calls.length, b.mock.calls.length, c.mock.calls.length]).toEqual([1, 0, 0]);
  });

  it('keeps a sixth of its bound when the server falls quiet: the most recently asked-for answers', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR, maxChars: 120 });
    const body = (text: string) => async () => text;
    for (const key of ['a', 'b', 'c', 'd']) await cache.json(inCatalogue, key, body(key.repeat(10))); // 12 characters each
    await cache.json(inCatalogue, 'b', body('never')); // asked for again: protected
    await cache.json(inCatalogue, 'c', body('never')); // protected, and the most recent
    cache.giveBackWhenQuiet(); // 20 characters kept at most: 'a' and 'd' go first, then 'b'
    expect(cache.size).toBe(1);
    const loadsAgain: number[] = [];
    for (const key of ['a', 'b', 'c', 'd']) {
      const load = vi.fn(body(`${key} again`));
      await cache.json(inCatalogue, key, load);
      loadsAgain.push(load.mock.calls.length);
    }
    expect(loadsAgain).toEqual([1, 1, 0, 1]);
  });

  it('evicts older entries when compressed forms push it over its bound', async () => {
    // Random text: its compressed forms are nearly as large as itself.
    const body = (n: number) => ({ n, text: randomBytes(1500).toString('hex') });
    const cache = new ResponseCache({ maxAgeMs: HOUR, maxChars: 6200 });
    const a = await cache.json(inCatalogue, 'a', async () => body(1));
    await cache.json(inCatalogue, 'b', async () => body(2));
    expect(cache.size).toBe(2);
    await cache.encoded(a, 'gzip');
    await new Promise((resolve) => setImmediate(resolve));
    // a's gzip form pushes the total over the bound; a is the least recently used, so it goes.
    expect(cache.size).toBe(1);
  });

  it('compresses a body it does not hold for that answer only', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    const body = JSON.stringify({ text: 'y'.repeat(2000) });
    const one = await cache.encoded(body, 'gzip');
    expect(await cache.encoded(body, 'gzip')).not.toBe(one);
    expect(cache.size).toBe(0);
  });
});

describe('a read that may lag (refreshWithinMs)', () => {
  const trend: CachedRead = { ...read('trend', orders), refreshWithinMs: 60_000 };
  /** Answers 1, 2, 3 ... one per load. */
  function counter() {
    let n = 0;
    return vi.fn(async () => ({ n: ++n }));
  }

  it('serves its stale answer after a write while one refill runs behind it, then the refilled one', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxAgeMs: HOUR, now: () => now });
    const load = counter();
    expect(await cache.json(trend, undefined, load)).toBe('{"n":1}');
    cache.invalidate([orders]);
    now = 10_000;
    // Two requests at once: both the stale answer, one refill.
    expect(await Promise.all([cache.json(trend, undefined, load), cache.json(trend, undefined, load)])).toEqual([
      '{"n":1}',
      '{"n":1}',
    ]);
    await cache.refilled();
    expect(load).toHaveBeenCalledTimes(2);
    expect(await cache.json(trend, undefined, load)).toBe('{"n":2}');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never serves an answer whose load started longer ago than the lag once a write changed it', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxAgeMs: HOUR, now: () => now });
    const load = counter();
    await cache.json(trend, undefined, load);
    now = 30_000;
    // Unchanged data is served however old (up to the cache's lifetime).
    expect(await cache.json(trend, undefined, load)).toBe('{"n":1}');
    cache.invalidate([orders]);
    now = 60_001;
    expect(await cache.json(trend, undefined, load)).toBe('{"n":2}');
  });

  it('keeps a load that a write overtook, as stale, and never puts an older refill over a newer one', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxAgeMs: HOUR, now: () => now });
    const slow = deferred({ n: 'slow' });
    const first = cache.json(trend, undefined, slow.load);
    cache.invalidate([orders]);
    slow.release();
    expect(await first).toBe('{"n":"slow"}');
    // Kept although overtaken: served (within the lag) and refilled behind.
    const refill = deferred({ n: 'newer' });
    now = 1_000;
    expect(await cache.json(trend, undefined, refill.load)).toBe('{"n":"slow"}');
    refill.release();
    await cache.refilled();
    expect(await cache.json(trend, undefined, refill.load)).toBe('{"n":"newer"}');
  });

  it('refills a stale answer at most once per refillAfterMs, within the same bound on the lag', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxAgeMs: HOUR, now: () => now });
    const report: CachedRead = { ...trend, name: 'report', refillAfterMs: 30_000 };
    const load = counter();
    await cache.json(report, undefined, load);
    cache.invalidate([orders]);
    // Looked at again and again while young: the stale answer, no refill.
    for (now = 1_000; now < 30_000; now += 7_000) expect(await cache.json(report, undefined, load)).toBe('{"n":1}');
    await cache.refilled();
    expect(load).toHaveBeenCalledTimes(1);
    // The first look once its load is 30 s old refills it behind the answer.
    now = 30_000;
    expect(await cache.json(report, undefined, load)).toBe('{"n":1}');
    await cache.refilled();
    expect(load).toHaveBeenCalledTimes(2);
    expect(await cache.json(report, undefined, load)).toBe('{"n":2}');
    // Never looked at in its refill window, it is never served past the lag: the look waits for a load.
    cache.invalidate([orders]);
    now = 30_000 + 60_001;
    expect(await cache.json(report, undefined, load)).toBe('{"n":3}');
  });

  it('refills a stale answer ahead of the next look while it is looked at, and not once nobody has for 5 minutes', async () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const cache = new ResponseCache({ maxAgeMs: HOUR, now: () => now });
      const report: CachedRead = { ...trend, name: 'report', refillAfterMs: 30_000 };
      const load = counter();
      await cache.json(report, undefined, load);
      now = 10_000;
      cache.invalidate([orders]);
      cache.invalidate([orders]);
      // Due when its load is 30 s old, once however many writes came.
      now = 29_000;
      await vi.advanceTimersByTimeAsync(19_000);
      expect(load).toHaveBeenCalledTimes(1);
      now = 30_000;
      await vi.advanceTimersByTimeAsync(1_000);
      await cache.refilled();
      expect(load).toHaveBeenCalledTimes(2);
      // The look finds the figures as of 30 s without waiting for a load.
      now = 75_000;
      expect(await cache.json(report, undefined, load)).toBe('{"n":2}');
      expect(load).toHaveBeenCalledTimes(2);
      // Nobody looked for 5 minutes: a write leaves it stale for the next look to deal with.
      now = 75_000 + 5 * 60_000 + 1;
      cache.invalidate([orders]);
      await vi.runAllTimersAsync();
      expect(load).toHaveBeenCalledTimes(2);
      expect(await cache.json(report, undefined, load)).toBe('{"n":3}');
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts no second refill for the writes that come while one runs', async () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const cache = new ResponseCache({ maxAgeMs: HOUR, now: () => now });
      const report: CachedRead = { ...trend, name: 'report', refillAfterMs: 30_000 };
      const slow = deferred({ n: 'refilled' });
      await cache.json(report, undefined, async () => ({ n: 1 }));
      // Looked at with the slow load, then a write: its refill is due at 30 s.
      now = 1_000;
      await cache.json(report, undefined, slow.load);
      cache.invalidate([orders]);
      now = 30_000;
      await vi.advanceTimersByTimeAsync(29_000);
      expect(slow.load).toHaveBeenCalledTimes(1);
      // Orders keep coming while it runs: each marks the entry stale, none starts another refill.
      for (let write = 0; write < 5; write++) {
        now += 100;
        cache.invalidate([orders]);
        await vi.advanceTimersByTimeAsync(100);
      }
      expect(slow.load).toHaveBeenCalledTimes(1);
      slow.release();
      await cache.refilled();
      expect(await cache.json(report, undefined, slow.load)).toBe('{"n":"refilled"}');
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs the refills of two reads that fall due together one after the other', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxAgeMs: HOUR, now: () => now });
    const month: CachedRead = { ...trend, name: 'month', refillAfterMs: 30_000 };
    const top: CachedRead = { ...trend, name: 'top', refillAfterMs: 30_000 };
    await cache.json(month, undefined, async () => ({ n: 1 }));
    await cache.json(top, undefined, async () => ({ n: 1 }));
    cache.invalidate([orders]);
    now = 30_000;
    const monthRefill = deferred({ n: 'month' });
    const topRefill = deferred({ n: 'top' });
    // One look at each: both stale answers at once, both refills due.
    expect(await cache.json(month, undefined, monthRefill.load)).toBe('{"n":1}');
    expect(await cache.json(top, undefined, topRefill.load)).toBe('{"n":1}');
    await new Promise((resolve) => setImmediate(resolve));
    // The second waits for the first, so requests that come during the first go between them.
    expect(monthRefill.load).toHaveBeenCalledTimes(1);
    expect(topRefill.load).toHaveBeenCalledTimes(0);
    monthRefill.release();
    topRefill.release();
    await cache.refilled();
    expect(topRefill.load).toHaveBeenCalledTimes(1);
    expect(await cache.json(month, undefined, monthRefill.load)).toBe('{"n":"month"}');
    expect(await cache.json(top, undefined, topRefill.load)).toBe('{"n":"top"}');
  });

  it('drops other reads of the same tag as before', async () => {
    const cache = new ResponseCache({ maxAgeMs: HOUR });
    const exact = read('exact', orders);
    await cache.json(exact, undefined, async () => ({ n: 1 }));
    await cache.json(trend, undefined, async () => ({ n: 1 }));
    cache.invalidate([orders]);
    expect(cache.storedReads()).toEqual(new Set(['trend']));
  });
});
