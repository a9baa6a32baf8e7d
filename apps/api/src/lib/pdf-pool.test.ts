/**
 * The PDF pool on its own (decision 0038), with a stand-in worker whose jobs say how long they
 * take and whether they fail or kill their worker: limits, the queue's bound, a dead worker's 503
 * and its replacement, kept documents and single renders of identical ones.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error.js';
import { createPdfPool, type DrawnDocumentStore, type PdfPoolOptions, type PdfRenderer } from './pdf-pool.js';

const TEST_WORKER = new URL('../../test/pdf-test-worker.mjs', import.meta.url);
let pool: PdfRenderer | null = null;

const poolDefaults: PdfPoolOptions = {
  workers: 1,
  maxQueued: 4,
  maxPerOwner: 2,
  keepBytes: 1024 * 1024,
  workerUrl: TEST_WORKER,
  renderInline: async () => new Uint8Array(),
};

/** A stand-in for the database's drawn documents, shared by the pools of a test as by processes. */
function sharedStore(): { shared: Map<string, Buffer>; store: DrawnDocumentStore } {
  const shared = new Map<string, Buffer>();
  return {
    shared,
    store: { get: async (key) => shared.get(key) ?? null, put: async (key, pdf) => void shared.set(key, pdf) },
  };
}

function makePool(options: Partial<PdfPoolOptions> = {}): PdfRenderer {
  pool = createPdfPool({ ...poolDefaults, ...options });
  return pool;
}

const job = (data: { waitMs?: number; text?: string; fail?: boolean; die?: boolean }) => ({
  kind: 'bill' as const,
  data,
  language: 'en' as const,
});

/** The error a render was refused with, or null if it rendered. */
async function refusal(promise: Promise<unknown>): Promise<AppError | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('the PDF pool', () => {
  it('stops a worker that has had nothing to draw for the idle time, and starts one again for the next job', async () => {
    // Only the pool's timers are the test's: the worker's answers still come as they come.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const p = makePool({ workers: 2, idleStopMs: 60_000 });
      const pdfs = await Promise.all([
        p.render(job({ text: 'a', waitMs: 20 }), { owner: 'u1', keep: false }),
        p.render(job({ text: 'b', waitMs: 20 }), { owner: 'u2', keep: false }),
      ]);
      expect(pdfs.map(String)).toEqual(['a:en', 'b:en']);
      expect(p.stats().workers).toBe(2);
      vi.advanceTimersByTime(59_999);
      expect(p.stats().workers).toBe(2);
      vi.advanceTimersByTime(1);
      expect(p.stats()).toMatchObject({ workers: 0, crashes: 0 });
      expect(String(await p.render(job({ text: 'c' }), { owner: 'u1', keep: false }))).toBe('c:en');
      expect(p.stats()).toMatchObject({ workers: 1, crashes: 0, renders: 3 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops the workers with nothing to draw when asked (the server fell quiet), not one that is drawing', async () => {
    const p = makePool({ workers: 2 });
    await Promise.all([
      p.render(job({ text: 'a', waitMs: 20 }), { owner: 'u1', keep: false }),
      p.render(job({ text: 'b', waitMs: 20 }), { owner: 'u2', keep: false }),
    ]);
    expect(p.stats().workers).toBe(2);
    const drawing = p.render(job({ text: 'slow', waitMs: 200 }), { owner: 'u1', keep: false });
    p.retireIdle();
    expect(p.stats()).toMatchObject({ workers: 1, crashes: 0 });
    expect(String(await drawing)).toBe('slow:en');
    p.retireIdle();
    expect(p.stats()).toMatchObject({ workers: 0, crashes: 0 });
    expect(String(await p.render(job({ text: 'c' }), { owner: 'u1', keep: false }))).toBe('c:en');
    expect(p.stats()).toMatchObject({ workers: 1, crashes: 0, renders: 4 });
  });

  it('renders in a worker started on first use and keeps a document asked to be kept', async () => {
    const p = makePool();
    expect(p.stats().workers).toBe(0);
    const first = await p.render(job({ text: 'bill-1' }), { owner: 'u1', keep: true });
    expect(first.toString()).toBe('bill-1:en');
    expect(p.stats()).toMatchObject({ renders: 1, keptHits: 0, workers: 1 });
    const again = await p.render(job({ text: 'bill-1' }), { owner: 'u1', keep: true });
    expect(again.toString()).toBe('bill-1:en');
    expect(p.stats()).toMatchObject({ renders: 1, keptHits: 1 });
    // Another language or other data is another document.
    await p.render({ ...job({ text: 'bill-1' }), language: 'hi' }, { owner: 'u1', keep: true });
    await p.render(job({ text: 'bill-2' }), { owner: 'u1', keep: true });
    // Not kept when not asked (a khata statement prints the moment it was made).
    await p.render(job({ text: 'statement' }), { owner: 'u1', keep: false });
    await p.render(job({ text: 'statement' }), { owner: 'u1', keep: false });
    expect(p.stats()).toMatchObject({ renders: 5, keptHits: 1 });
  });

  it('renders identical documents asked at once only once', async () => {
    const p = makePool();
    const pdfs = await Promise.all(
      ['u1', 'u2', 'u3'].map((owner) => p.render(job({ text: 'same', waitMs: 50 }), { owner, keep: true })),
    );
    expect(pdfs.map(String)).toEqual(['same:en', 'same:en', 'same:en']);
    expect(p.stats().renders).toBe(1);
  });

  it('serves what another process drew from the shared store, and keeps only documents asked to be kept there', async () => {
    const { shared, store } = sharedStore();
    const drawing = makePool({ store });
    const other = createPdfPool({ ...poolDefaults, store });
    try {
      await drawing.render(job({ text: 'bill-9' }), { owner: null, keep: true });
      await drawing.render(job({ text: 'statement' }), { owner: 'u1', keep: false });
      await vi.waitFor(() => expect(shared.size).toBe(1));
      const served = await other.render(job({ text: 'bill-9' }), { owner: 'u1', keep: true });
      expect(served.toString()).toBe('bill-9:en');
      expect(other.stats()).toMatchObject({ renders: 0, storedHits: 1 });
      // Then kept by this process too: no second trip to the store.
      await other.render(job({ text: 'bill-9' }), { owner: 'u1', keep: true });
      expect(other.stats()).toMatchObject({ renders: 0, storedHits: 1, keptHits: 1 });
    } finally {
      await other.close();
    }
  });

  it('serves a stored document to a shopper at their limit, and draws identical asks once while the store has nothing', async () => {
    const { shared, store } = sharedStore();
    const drawing = makePool({ store });
    const other = createPdfPool({ ...poolDefaults, store });
    try {
      const [first, second] = await Promise.all([
        drawing.render(job({ text: 'bill-11', waitMs: 50 }), { owner: 'u1', keep: true }),
        drawing.render(job({ text: 'bill-11', waitMs: 50 }), { owner: 'u2', keep: true }),
      ]);
      expect([String(first), String(second)]).toEqual(['bill-11:en', 'bill-11:en']);
      expect(drawing.stats().renders).toBe(1);
      await vi.waitFor(() => expect(shared.size).toBe(1));
      // u1 has two renders in flight in the other process: a third is refused, the stored bill is not.
      const busy = [1, 2].map((n) =>
        other.render(job({ text: `slow-${n}`, waitMs: 300 }), { owner: 'u1', keep: false }),
      );
      const third = await refusal(other.render(job({ text: 'slow-3' }), { owner: 'u1', keep: false }));
      expect(third?.status).toBe(429);
      const stored = await other.render(job({ text: 'bill-11', waitMs: 50 }), { owner: 'u1', keep: true });
      expect(String(stored)).toBe('bill-11:en');
      await Promise.all(busy);
      expect(other.stats()).toMatchObject({ renders: 2, storedHits: 1 });
    } finally {
      await other.close();
    }
  });

  it('draws the document when the shared store fails, and answers before the store has it', async () => {
    let puts = 0;
    const store: DrawnDocumentStore = {
      get: async () => {
        throw new Error('database away');
      },
      put: async () => {
        puts += 1;
        throw new Error('database away');
      },
    };
    const p = makePool({ store });
    const pdf = await p.render(job({ text: 'bill-10' }), { owner: 'u1', keep: true });
    expect(pdf.toString()).toBe('bill-10:en');
    expect(p.stats()).toMatchObject({ renders: 1, storedHits: 0 });
    await vi.waitFor(() => expect(puts).toBe(1));
  });

  it('drops the least recently used documents beyond its bytes', async () => {
    // A quarter of the budget at most per document: 40 bytes each here.
    const p = makePool({ keepBytes: 160 });
    const text = (n: number) => `${n}`.padStart(30, 'x');
    for (const n of [1, 2, 3, 4, 5]) await p.render(job({ text: text(n) }), { owner: null, keep: true });
    expect(p.stats().keptBytes).toBeLessThanOrEqual(160);
    await p.render(job({ text: text(5) }), { owner: null, keep: true });
    expect(p.stats().keptHits).toBe(1);
    await p.render(job({ text: text(1) }), { owner: null, keep: true });
    expect(p.stats()).toMatchObject({ keptHits: 1, renders: 6 });
  });

  it('refuses a shopper a third render in flight with a 429 and Retry-After; others go on', async () => {
    const p = makePool({ workers: 2 });
    const slow = [1, 2].map((n) => p.render(job({ text: `a${n}`, waitMs: 300 }), { owner: 'u1', keep: false }));
    const third = await refusal(p.render(job({ text: 'a3' }), { owner: 'u1', keep: false }));
    expect(third?.status).toBe(429);
    expect(third?.extra.retryAfterSeconds).toBe(1);
    expect(third?.message).toBe('You are already downloading 2 documents: wait for them to finish, then try again');
    expect((await p.render(job({ text: 'b' }), { owner: 'u2', keep: false })).toString()).toBe('b:en');
    await Promise.all(slow);
    // Once they are done, the shopper may again.
    expect((await p.render(job({ text: 'a4' }), { owner: 'u1', keep: false })).toString()).toBe('a4:en');
  });

  it('answers 503 with Retry-After when its queue is full, and serves the queue in order', async () => {
    const p = makePool({ maxQueued: 2 });
    const accepted = ['u1', 'u2', 'u3'].map((owner) =>
      p.render(job({ text: owner, waitMs: 100 }), { owner, keep: false }),
    );
    expect(p.stats()).toMatchObject({ workers: 1, queued: 2 });
    const full = await refusal(p.render(job({ text: 'u4' }), { owner: 'u4', keep: false }));
    expect(full?.status).toBe(503);
    expect(full?.extra.retryAfterSeconds).toBe(2);
    expect(full?.message).toBe('The shop is making many documents right now: please try again in a few seconds');
    // The shop's own render (the bill's mail) waits its turn instead of being refused.
    const mail = p.render(job({ text: 'mail' }), { owner: null, keep: false });
    expect((await Promise.all([...accepted, mail])).map(String)).toEqual(['u1:en', 'u2:en', 'u3:en', 'mail:en']);
  });

  it('fails the job of a worker that dies with a 503, then starts another worker for the next', async () => {
    const p = makePool();
    await p.render(job({ text: 'warm' }), { owner: 'u1', keep: false });
    const queuedBehind = p.render(job({ text: 'next', waitMs: 10 }), { owner: 'u2', keep: true });
    const died = await refusal(p.render(job({ die: true, waitMs: 20 }), { owner: 'u1', keep: false }));
    // The queued one was first; the dead worker's job is the one that fails.
    expect((await queuedBehind).toString()).toBe('next:en');
    expect(died?.status).toBe(503);
    expect(died?.message).toBe('The document could not be made this time: please try again');
    expect(p.stats().crashes).toBe(1);
    expect((await p.render(job({ text: 'after' }), { owner: 'u1', keep: false })).toString()).toBe('after:en');
    expect(p.stats()).toMatchObject({ workers: 1, crashes: 1 });
  });

  it('stops a worker whose job runs too long: that job fails with a 503, the next renders', async () => {
    // The timeout counts from the job's dispatch, a new worker's start included (over a second on a
    // loaded machine from the sources): long enough that the replacement's start never meets it.
    const p = makePool({ jobTimeoutMs: 5_000 });
    const stuck = await refusal(p.render(job({ text: 'stuck', waitMs: 60_000 }), { owner: 'u1', keep: false }));
    expect(stuck?.status).toBe(503);
    expect((await p.render(job({ text: 'ok' }), { owner: 'u1', keep: false })).toString()).toBe('ok:en');
  });

  it('passes a drawing error on as an error (a 500), and the worker goes on', async () => {
    const p = makePool();
    await expect(p.render(job({ fail: true }), { owner: 'u1', keep: true })).rejects.toThrow('drawing failed');
    expect((await p.render(job({ text: 'ok' }), { owner: 'u1', keep: true })).toString()).toBe('ok:en');
    expect(p.stats()).toMatchObject({ crashes: 0, workers: 1 });
  });

  it('fails what is still queued when it closes, and renders nothing after', async () => {
    const p = makePool();
    const running = refusal(p.render(job({ text: 'r', waitMs: 200 }), { owner: 'u1', keep: false }));
    const queued = refusal(p.render(job({ text: 'q' }), { owner: 'u2', keep: false }));
    await p.close();
    expect((await running)?.status).toBe(503);
    expect((await queued)?.status).toBe(503);
    expect((await refusal(p.render(job({ text: 'late' }), { owner: 'u3', keep: false })))?.status).toBe(503);
    expect(p.stats().workers).toBe(0);
  });
});
