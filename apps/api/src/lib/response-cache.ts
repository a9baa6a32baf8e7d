/**
 * Ready-to-send JSON bodies of the hot reads (catalogue pages, a shopper's orders, the dashboard
 * counts), kept in memory so that a page a thousand shoppers open costs one query, not a thousand.
 *
 * Freshness comes from invalidation, not from a timer: every entry carries tags naming the data it
 * was built from, and every write names the tags it changed once it has committed. The entries go at
 * once in this process and, through the bus (PostgreSQL LISTEN/NOTIFY), in every other process on
 * the same database. A load that was running when its data changed never stores its answer, and
 * while the bus is down nothing is stored at all, so a reader never sees data older than a write it
 * could have known about.
 */

export type CacheTag =
  /** Products and categories: names, prices, stock, pictures. */
  | 'catalogue'
  /** Any order: counts and delivered amounts. */
  | 'orders'
  /** The set of users (registrations, deletions). */
  | 'users'
  /** The public review list (reviews added, changed, deleted; authors deleted). */
  | 'reviews'
  /** Delivery zones, slot templates and slot bookings (the PIN code check, the slot listing). */
  | 'delivery'
  /** One shopper's orders. */
  | `orders-of:${string}`;

/** The content type to send a cached body with (Fastify sends a string of this type as it is). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const ordersOf = (userId: string): CacheTag => `orders-of:${userId}`;

interface Entry {
  body: string;
  tags: readonly CacheTag[];
}

interface Load {
  tags: readonly CacheTag[];
  promise: Promise<string>;
  /** Set when one of its tags was invalidated while it ran: its answer is served once, not kept. */
  isStale: boolean;
}

/** Carries invalidations to the other processes on the same database. */
export interface InvalidationBus {
  publish(tags: readonly CacheTag[]): void;
}

export interface ResponseCacheOptions {
  /** Upper bound on the bodies kept, in characters (≈ bytes: the bodies are mostly ASCII). */
  maxChars?: number;
  /** Bodies larger than this are served but never kept. */
  maxEntryChars?: number;
}

export class ResponseCache {
  /** In least-recently-used order: a hit moves its entry to the end. */
  private readonly entries = new Map<string, Entry>();
  /** Which stored keys carry each tag, so a write drops its entries without scanning them all. */
  private readonly keysByTag = new Map<CacheTag, Set<string>>();
  private readonly loads = new Map<string, Load>();
  private readonly maxChars: number;
  private readonly maxEntryChars: number;
  private storedChars = 0;
  private bus: InvalidationBus | null = null;
  /** False while invalidations from other processes could be missed (the bus is reconnecting). */
  private isEnabled = true;
  /** False when configured with no memory: every read goes to the database. */
  private readonly isOn: boolean;

  constructor(options: ResponseCacheOptions = {}) {
    this.maxChars = options.maxChars ?? 24 * 1024 * 1024;
    this.maxEntryChars = Math.min(options.maxEntryChars ?? 1024 * 1024, this.maxChars);
    this.isOn = this.maxChars > 0;
  }

  /** The JSON body for `key`: kept, being loaded by another request, or loaded now by `load`. */
  async json(key: string, tags: readonly CacheTag[], load: () => Promise<unknown>): Promise<string> {
    if (!this.isOn) return JSON.stringify(await load());
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.body;
    }
    const running = this.loads.get(key);
    if (running) return running.promise;

    const run: Load = { tags, isStale: !this.isEnabled, promise: Promise.resolve('') };
    run.promise = (async () => {
      try {
        const body = JSON.stringify(await load());
        if (!run.isStale) this.store(key, { body, tags });
        return body;
      } finally {
        if (this.loads.get(key) === run) this.loads.delete(key);
      }
    })();
    this.loads.set(key, run);
    return run.promise;
  }

  /** Call after the write has committed: drops what it changed here and in the other processes. */
  invalidate(...tags: CacheTag[]): void {
    this.drop(tags);
    this.bus?.publish(tags);
  }

  /** An invalidation that came from another process. */
  receive(tags: readonly CacheTag[]): void {
    this.drop(tags);
  }

  connectBus(bus: InvalidationBus): void {
    this.bus = bus;
  }

  /** While disabled (the bus lost its connection) nothing is kept; re-enabling starts empty. */
  setEnabled(isEnabled: boolean): void {
    this.isEnabled = isEnabled;
    this.clear();
  }

  clear(): void {
    this.entries.clear();
    this.keysByTag.clear();
    this.storedChars = 0;
    for (const run of this.loads.values()) run.isStale = true;
    this.loads.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(tags: readonly CacheTag[]): void {
    for (const tag of tags) {
      for (const key of this.keysByTag.get(tag) ?? []) this.remove(key);
    }
    for (const [key, run] of this.loads) {
      if (!run.tags.some((tag) => tags.includes(tag))) continue;
      // Requests arriving from now on must not join a load that may have read the old data.
      run.isStale = true;
      this.loads.delete(key);
    }
  }

  private store(key: string, entry: Entry): void {
    if (!this.isOn || !this.isEnabled || entry.body.length > this.maxEntryChars) return;
    this.remove(key);
    this.entries.set(key, entry);
    this.storedChars += entry.body.length;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      if (keys) keys.add(key);
      else this.keysByTag.set(tag, new Set([key]));
    }
    for (const oldestKey of this.entries.keys()) {
      if (this.storedChars <= this.maxChars) break;
      this.remove(oldestKey);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.storedChars -= entry.body.length;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}
