/**
 * Ready-to-send JSON bodies of the hot reads (catalogue pages, a shopper's orders, the dashboard
 * counts), kept in memory so that a page a thousand shoppers open costs one query, not a thousand.
 *
 * Every cached read is declared by its module (`modules/<m>/<m>.cache.ts`, collected in
 * `cache-registry.ts`): its route, key and tags, beside the writes that drop those tags
 * (docs/decisions/0016-cache-declarations.md). Freshness comes from invalidation: the unit of work
 * drops the tags a write touched once its transaction has ended, and tells the other processes
 * inside that transaction (`cache-bus.ts`). A load that was running when its data changed never
 * stores its answer, and while the bus is down nothing is stored at all. A safety lifetime bounds
 * whatever an invalidation could still miss: no entry is served older than `maxAgeMs`.
 *
 * An entry also keeps its brotli and gzip forms once a client has asked for them, so a hot answer
 * is compressed once per fill, not once per request; they count towards the size bound.
 *
 * A read that may lag (`refreshWithinMs`: the dashboard's 30-day figures) keeps a stale entry for
 * that long and refills it behind the answer (docs/decisions/0047-figures-that-may-lag.md), at most
 * once per `refillAfterMs` (decision 0053).
 *
 * Answers a read marks as one-off prone (a search word, a price range: `oneOff`) pass an admission
 * filter and live in a small part of their own (docs/decisions/0039-heavy-answers.md).
 */
import type { FastifyReply } from 'fastify';
import { compress, type Encoding } from './content-encoding.js';

declare const cacheTagBrand: unique symbol;
/**
 * The name of a set of data that cached reads are built from and writes change. Made only by
 * `cacheTag` in `cache-tags.ts`, so every tag is spelled in one place.
 */
export type CacheTag = string & { readonly [cacheTagBrand]: true };

/** A cached read, as its module declares it. */
export interface CachedRead<P = void> {
  /** Unique over the app (`<module>.<read>`); it also prefixes the keys, so two reads never share one. */
  readonly name: string;
  /** The route that serves it, as Fastify names it (`GET /api/product/getSingleProduct/:id`). */
  readonly route: string;
  /** What tells two answers apart (the query, the shopper): its entries are keyed by it. */
  key(params: P): string;
  /** The data the answer is built from: a write touching any of these drops it. */
  tags(params: P): readonly CacheTag[];
  /**
   * For a read whose answer names more of its data than `params` do (the products a listing shows,
   * tagged by its load through `tagAnswer`): tags that cover them all while the answer is not yet
   * read. A write dropping one of these during the load makes the load stale, as `tags` would.
   */
  tagsWhileLoading?(params: P): readonly CacheTag[];
  /**
   * Keeps bodies up to this size although they pass the cache's bound for one entry: one large
   * answer every admin reads (the rate board at 10,000 products is 2 MB) built and compressed once
   * per change rather than per request. Never above the whole cache's bound.
   */
  readonly maxBodyChars?: number;
  /**
   * Whether the answer for `params` is likely asked for once (a new search word per request): it is
   * kept only when asked for again soon after, and then in a small part of the cache of its own, so
   * a flood of such answers never pushes out the answers every visitor shares.
   */
  oneOff?(params: P): boolean;
  /**
   * For a read allowed to lag (a report over a month of orders, which every order changes): a write
   * marks its entry stale instead of dropping it, and a stale entry is still served while its load
   * started at most this long ago, with one refill running behind it. Its answer thus reflects every
   * write that ended more than this long before it is served (decision 0047). A load that a write
   * overtook is kept too, as stale.
   */
  readonly refreshWithinMs?: number;
  /**
   * With `refreshWithinMs`: a stale entry is refilled once its load is this old, not before, so a
   * report that every order changes is read again at most once in this time however often it is
   * looked at. While it is being looked at, the refill runs on a timer ahead of the next look, so
   * no look waits for a load (decision 0053). The lag stays bounded by `refreshWithinMs`.
   */
  readonly refillAfterMs?: number;
}

/** A write that changes cached reads, as its module declares it. */
export interface CacheWrite<P extends unknown[] = []> {
  /** Unique over the app (`<module>.<write>`). */
  readonly name: string;
  /** The routes that make it (for the fresh-reads test, which runs each of them). */
  readonly routes: readonly string[];
  /** The tags it changes: the unit of work drops them here and in the other processes. */
  tags(...params: P): CacheTag[];
}

/** The cached reads and the writes of one module. */
export interface ModuleCache {
  readonly module: string;
  readonly reads: Readonly<Record<string, CachedRead<never>>>;
  readonly writes: Readonly<Record<string, CacheWrite<never>>>;
}

/** How a load names tags found in its answer (the products a listing shows). */
export type TagAnswer = (tags: readonly CacheTag[]) => void;
const ignoreTags: TagAnswer = () => {};

/** The content type to send a cached body with (Fastify sends a string of this type as it is). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends JSON text the cache finished. Fastify passes a string with a JSON content type straight
 * through (no serializer, no response schema check), so a hot read costs no re-serialization; the
 * route's response schema still documents the shape.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(text);
}

interface Entry {
  body: string;
  tags: readonly CacheTag[];
  /** The read that stored it. */
  read: string;
  /** When its load started (`now()`): its data is at least that old. */
  loadedAt: number;
  /** The body and its compressed forms, in bytes (≈ characters for the body). */
  size: number;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** Whether it was asked for again since it was stored (then it sits in the protected part). */
  isProtected: boolean;
  /** A one-off prone answer: it sits in a one-off part (by its size), never in probation or protected. */
  isOneOff: boolean;
  /** A write changed its data since its load started (only a read with `refreshWithinMs` keeps such an entry). */
  isStale: boolean;
  /** Its read's `refreshWithinMs` and `refillAfterMs`. */
  refreshWithinMs: number | undefined;
  refillAfterMs: number | undefined;
  /** A lagging read's load (the last request's), to refill the entry behind an answer or ahead of the next look. */
  reload?: () => Promise<string>;
  /** When a request was last answered with it (or it was loaded): it is refilled ahead only while looked at. */
  servedAt: number;
  /** The refill ahead waiting for the entry to be `refillAfterMs` old. */
  refillTimer?: ReturnType<typeof setTimeout>;
  /**
   * When a refill of it last started. A write drops a running load from `loads`, so this, not
   * `loads`, keeps the writes during a refill from starting another one each.
   */
  refillStartedAt?: number;
}

/**
 * The share of the bound that entries asked for more than once may take. The rest holds new
 * entries on probation, so a flood of one-off reads (a new search word per request) evicts only
 * other one-off reads, never the hot answers every visitor asks for (a segmented LRU).
 */
const PROTECTED_SHARE = 0.8;
/**
 * The share of the bound one-off prone answers may take. Probation alone does not shield the hot
 * answers: every order's stock move drops the catalogue's entries, and a hot answer refilled after
 * it sits on probation until asked for again, where a burst of searches would evict it.
 */
const ONE_OFF_SHARE = 0.1;
/**
 * One-off prone answers up to this size (suggestions, a short search) share half of that part, the
 * larger ones (a search's page of 200 products, 100 KB) the other half: a few large ones would
 * otherwise push out hundreds of the small ones, each as costly to load again.
 */
const ONE_OFF_SMALL_CHARS = 16 * 1024;

/**
 * The share of the bound kept through a quiet spell (`giveBackWhenQuiet`): 4 MB of the default 24,
 * the most asked-for answers (the home page's, the lists, the pages being visited). After the
 * morning peak a full cache was 25-35 MB of the embedded server's resident memory (decision 0071).
 */
const QUIET_SHARE = 1 / 6;

/**
 * A lagging entry is refilled ahead of the next look (`refillAfterMs`) only while it was answered
 * within this time: an admin watching the dashboard, not a dashboard no one has opened for a while.
 */
const REFILL_AHEAD_WHILE_LOOKED_AT_MS = 5 * 60_000;

/** The keys of a one-off part (least recently used first) and their bytes. */
interface OneOffPart {
  keys: Set<string>;
  bytes: number;
}
/**
 * How many one-off prone keys the admission filter remembers. A key seen once is only remembered;
 * seen again while remembered, its answer is kept. When full the memory starts over (a window), so
 * it stays a few hundred kilobytes however many different words are searched. It is keyed by the
 * question, not the data, so a write does not forget it: a hot search is kept again on its first
 * request after the write.
 */
const ADMISSION_KEYS = 4096;

interface Load {
  tags: readonly CacheTag[];
  promise: Promise<string>;
  /** Set when one of its tags was invalidated while it ran: its answer is served once, not kept. */
  isStale: boolean;
}

export interface ResponseCacheOptions {
  /** Upper bound on the bodies and their compressed forms kept, in bytes (a body counts its characters: mostly ASCII). */
  maxChars?: number;
  /** Bodies larger than this are served but never kept. */
  maxEntryChars?: number;
  /**
   * No entry is served once its load started longer ago than this: the bound on any invalidation
   * this process could not hear (a listening connection that died silently, a change made behind
   * the app's back). Invalidation, not this, keeps reads fresh. `RESPONSE_CACHE_MAX_AGE_SECONDS`.
   */
  maxAgeMs: number;
  /** The cached reads the app declares (`cache-registry.ts`): any other read is refused, so none escapes the fresh-reads test. */
  declared?: readonly ModuleCache[];
  /** The clock for the lifetime (tests move it). */
  now?: () => number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * The keys of `entries` in least-recently-used order, in two parts: stored once and not asked for
   * since (probation), and asked for again (protected). Eviction takes the oldest on probation first.
   */
  private readonly probation = new Set<string>();
  private readonly protectedKeys = new Set<string>();
  private protectedBytes = 0;
  /** The keys of one-off prone answers kept (least recently used first), and their bytes. */
  private readonly oneOffSmall: OneOffPart = { keys: new Set(), bytes: 0 };
  private readonly oneOffLarge: OneOffPart = { keys: new Set(), bytes: 0 };
  /** One-off prone keys asked for recently, whether kept or not: the admission filter. */
  private readonly seenOneOff = new Set<string>();
  /** Which stored keys carry each tag, so a write drops its entries without scanning them all. */
  private readonly keysByTag = new Map<CacheTag, Set<string>>();
  private readonly loads = new Map<string, Load>();
  /** Refills running behind a stale answer already sent (`refreshWithinMs`). */
  private readonly refills = new Set<Promise<unknown>>();
  /**
   * The last refill asked for: refills run one after another. The dashboard's two month-long reads
   * fall due together (loaded by one look); on the embedded database each is one statement of
   * 90-145 ms, and run together the requests that came during the first waited for both. One at a
   * time, those requests go between them.
   */
  private lastRefill: Promise<unknown> = Promise.resolve();
  /** The keys of those refills, from asked for until done: one refill a key at a time. */
  private readonly refillingKeys = new Set<string>();
  /** The key of each stored body, so the compression hook finds the entry of the body it sends. */
  private readonly keysByBody = new Map<string, string>();
  private readonly maxChars: number;
  private readonly maxEntryChars: number;
  private readonly maxAgeMs: number;
  private readonly declared: ReadonlySet<CachedRead<never>> | null;
  private readonly now: () => number;
  private storedBytes = 0;
  /** False while invalidations from other processes could be missed (the bus is reconnecting). */
  private isEnabled = true;
  /** Waiting for the cache to keep answers again (`whenEnabled`). */
  private enabledWaiters: (() => void)[] = [];
  /** Told of every drop (`onDrop`). */
  private readonly dropListeners: ((dropped: ReadonlySet<CacheTag> | 'everything') => void)[] = [];
  /** False when configured with no memory: every read goes to the database. */
  private readonly isOn: boolean;

  constructor(options: ResponseCacheOptions) {
    this.maxChars = options.maxChars ?? 24 * 1024 * 1024;
    this.maxEntryChars = Math.min(options.maxEntryChars ?? 1024 * 1024, this.maxChars);
    this.maxAgeMs = options.maxAgeMs;
    this.declared = options.declared
      ? new Set(options.declared.flatMap((module) => Object.values(module.reads)))
      : null;
    this.now = options.now ?? Date.now;
    this.isOn = this.maxChars > 0;
  }

  /**
   * The JSON body of `read` for `params`: kept, being loaded by another request, or loaded now by
   * `load`, which may name more tags of its answer with `tagAnswer` (see `tagsWhileLoading`).
   */
  json<P>(read: CachedRead<P>, params: P, load: (tagAnswer: TagAnswer) => Promise<unknown>): Promise<string> {
    return this.text(read, params, async (tagAnswer) => JSON.stringify(await load(tagAnswer)));
  }

  /**
   * A finished text body of `read` (a page the server writes per address, see web-app.ts), kept
   * and dropped exactly like a JSON body; `encoded` keeps its compressed forms with it.
   */
  async text<P>(read: CachedRead<P>, params: P, load: (tagAnswer: TagAnswer) => Promise<string>): Promise<string> {
    if (this.declared && !this.declared.has(read as CachedRead<never>)) {
      throw new Error(`the cached read ${read.name} is not in the cache registry (cache-registry.ts)`);
    }
    if (!this.isOn) return load(ignoreTags);
    const key = `${read.name}|${read.key(params)}`;
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.loadedAt : 0;
    if (entry && age < this.maxAgeMs && !entry.isStale) {
      this.touch(key, entry);
      if (entry.refreshWithinMs !== undefined) this.lookedAt(entry, () => this.load(read, params, key, load));
      return entry.body;
    }
    if (entry?.isStale && age <= (entry.refreshWithinMs ?? 0) && age < this.maxAgeMs) {
      // Within the read's lag: this answer now, a fresher one for a later request.
      this.touch(key, entry);
      this.lookedAt(entry, () => this.load(read, params, key, load));
      this.refillBehind(key, entry);
      return entry.body;
    }
    if (entry) this.remove(key);
    const running = this.loads.get(key);
    if (running) return running.promise;

    const isOneOff = read.oneOff?.(params) ?? false;
    if (isOneOff && !this.admits(key)) return load(ignoreTags);
    return this.load(read, params, key, load);
  }

  /** A lagging entry answered a request: it is looked at, and this request's load refills it. */
  private lookedAt(entry: Entry, reload: () => Promise<string>): void {
    entry.servedAt = this.now();
    entry.reload = reload;
  }

  /** When a stale lagging entry may be refilled: `refillAfterMs` after its load or its last refill began. */
  private refillDueAt(entry: Entry): number {
    return Math.max(entry.loadedAt, entry.refillStartedAt ?? Number.NEGATIVE_INFINITY) + (entry.refillAfterMs ?? 0);
  }

  /**
   * Starts refilling a stale lagging entry once the refill before it is done, unless a load or a
   * refill of its key is running or asked for, or it is not due.
   */
  private refillBehind(key: string, entry: Entry): void {
    if (!entry.reload || this.loads.has(key) || this.refillingKeys.has(key) || this.now() < this.refillDueAt(entry)) {
      return;
    }
    entry.refillStartedAt = this.now();
    const { reload } = entry;
    const refill = this.lastRefill.then(() => reload()).catch(() => {});
    this.lastRefill = refill;
    this.refills.add(refill);
    this.refillingKeys.add(key);
    void refill.finally(() => {
      this.refills.delete(refill);
      this.refillingKeys.delete(key);
    });
  }

  /**
   * A lagging entry just went stale: while it is looked at, refill it as soon as it is
   * `refillAfterMs` old, so the next look finds fresh figures without waiting for them.
   */
  private refillAhead(key: string, entry: Entry): void {
    if (entry.refillAfterMs === undefined || entry.refillTimer || !entry.reload) return;
    const now = this.now();
    if (now - entry.servedAt > REFILL_AHEAD_WHILE_LOOKED_AT_MS) return;
    entry.refillTimer = setTimeout(
      () => {
        entry.refillTimer = undefined;
        if (this.entries.get(key) !== entry || !entry.isStale) return;
        if (this.now() < this.refillDueAt(entry)) this.refillAhead(key, entry);
        else this.refillBehind(key, entry);
      },
      Math.max(0, this.refillDueAt(entry) - now),
    );
    // A timer must not keep a finished process (or test) alive.
    entry.refillTimer.unref?.();
  }

  /** Waits for the refills running behind stale answers (tests). */
  async refilled(): Promise<void> {
    while (this.refills.size > 0) await Promise.all(this.refills);
  }

  /** Loads `key`'s answer, kept unless a write overtook it (then only a read that may lag keeps it, as stale). */
  private load<P>(
    read: CachedRead<P>,
    params: P,
    key: string,
    load: (tagAnswer: TagAnswer) => Promise<string>,
  ): Promise<string> {
    const isOneOff = read.oneOff?.(params) ?? false;
    const declaredTags = read.tags(params);
    const run: Load = {
      tags: [...declaredTags, ...(read.tagsWhileLoading?.(params) ?? [])],
      isStale: !this.isEnabled,
      promise: Promise.resolve(''),
    };
    const loadedAt = this.now();
    const reload = read.refreshWithinMs === undefined ? undefined : () => this.load(read, params, key, load);
    run.promise = (async () => {
      try {
        const answerTags: CacheTag[] = [];
        const body = await load((tags) => {
          answerTags.push(...tags);
        });
        // A refill that a later one overtook must not put its older answer back.
        const isOverTaken = (this.entries.get(key)?.loadedAt ?? Number.NEGATIVE_INFINITY) > loadedAt;
        const isKept = (!run.isStale || read.refreshWithinMs !== undefined) && !isOverTaken;
        if (isKept && body.length <= Math.min(read.maxBodyChars ?? this.maxEntryChars, this.maxChars)) {
          const entry: Entry = {
            body,
            tags: answerTags.length ? [...new Set([...declaredTags, ...answerTags])] : declaredTags,
            read: read.name,
            loadedAt,
            size: body.length,
            encoded: {},
            isProtected: false,
            isOneOff,
            isStale: run.isStale,
            refreshWithinMs: read.refreshWithinMs,
            refillAfterMs: read.refillAfterMs,
            reload,
            // Looked at as its predecessor was (a refill), or now (the request that waited for it).
            servedAt: this.entries.get(key)?.servedAt ?? loadedAt,
          };
          this.store(key, entry);
          if (entry.isStale && this.entries.get(key) === entry) this.refillAhead(key, entry);
        }
        return body;
      } finally {
        if (this.loads.get(key) === run) this.loads.delete(key);
      }
    })();
    this.loads.set(key, run);
    return run.promise;
  }

  /**
   * `body` compressed with `encoding`: kept with its entry when `body` is a stored answer
   * (compressed on the first request that wants that coding), compressed for this answer otherwise.
   * `isStrong: false` keeps the quick setting for a kept body too (content-encoding.ts).
   */
  encoded(body: string, encoding: Encoding, isStrong = true): Promise<Buffer> {
    const key = this.keysByBody.get(body);
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (key === undefined || !entry) return compress(body, encoding);
    const known = entry.encoded[encoding];
    if (known) return known;
    const promise = compress(body, encoding, isStrong);
    entry.encoded[encoding] = promise;
    promise.then(
      (bytes) => {
        if (this.entries.get(key) !== entry) return;
        entry.size += bytes.length;
        this.storedBytes += bytes.length;
        if (entry.isProtected) this.protectedBytes += bytes.length;
        if (entry.isOneOff) this.oneOffPartOf(entry).bytes += bytes.length;
        this.evict();
      },
      () => {
        if (entry.encoded[encoding] === promise) delete entry.encoded[encoding];
      },
    );
    return promise;
  }

  /**
   * Drops the entries of `tags` in this process (a write of ours has ended, or another process
   * told us of one), and keeps no load that was running meanwhile.
   */
  invalidate(tags: Iterable<CacheTag>): void {
    const dropped = new Set(tags);
    for (const listener of this.dropListeners) listener(dropped);
    for (const tag of dropped) {
      for (const key of this.keysByTag.get(tag) ?? []) {
        const entry = this.entries.get(key);
        if (entry?.refreshWithinMs !== undefined) {
          entry.isStale = true;
          this.refillAhead(key, entry);
        } else this.remove(key);
      }
    }
    for (const [key, run] of this.loads) {
      if (!run.tags.some((tag) => dropped.has(tag))) continue;
      // Requests arriving from now on must not join a load that may have read the old data.
      run.isStale = true;
      this.loads.delete(key);
    }
  }

  /** While disabled (the bus lost its connection) nothing is kept; re-enabling starts empty. */
  setEnabled(isEnabled: boolean): void {
    this.isEnabled = isEnabled;
    this.clear();
    if (!isEnabled) return;
    const waiters = this.enabledWaiters;
    this.enabledWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /**
   * Resolves once the cache keeps answers (at once unless the bus is still connecting or lost):
   * a read ahead made before that would be thrown away.
   */
  whenEnabled(): Promise<void> {
    if (this.isEnabled) return Promise.resolve();
    return new Promise((resolve) => this.enabledWaiters.push(resolve));
  }

  /**
   * Calls `listener` whenever this process drops entries: by tags (a write here or on another
   * process), or everything (cleared, paused or resumed). A fact a module keeps in memory beside
   * the cache, changed by the same writes, is forgotten with them.
   */
  onDrop(listener: (dropped: ReadonlySet<CacheTag> | 'everything') => void): void {
    this.dropListeners.push(listener);
  }

  /**
   * Whether answers are kept now: the cache is on and not paused while its bus reconnects. Only
   * then does a drop reach this process for every write, so only then may a fact be kept beside it.
   */
  get isKeeping(): boolean {
    return this.isOn && this.isEnabled;
  }

  /**
   * Keeps `QUIET_SHARE` of the bound when the server has fallen quiet (lib/quiet-trim.ts): the
   * entries go in the order they would be evicted (one-off answers, then those asked for once,
   * then the least recently used of the rest). Nothing kept is stale; a dropped answer is loaded
   * again on its next request.
   */
  giveBackWhenQuiet(): void {
    this.evictDownTo(this.maxChars * QUIET_SHARE);
  }

  /** Drops everything, and keeps no load that was running. */
  clear(): void {
    for (const listener of this.dropListeners) listener('everything');
    this.entries.clear();
    this.probation.clear();
    this.protectedKeys.clear();
    for (const part of [this.oneOffSmall, this.oneOffLarge]) {
      part.keys.clear();
      part.bytes = 0;
    }
    this.keysByTag.clear();
    this.keysByBody.clear();
    this.storedBytes = 0;
    this.protectedBytes = 0;
    for (const run of this.loads.values()) run.isStale = true;
    this.loads.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The names of the reads that have an answer kept (the fresh-reads test checks its reads were warm). */
  storedReads(): Set<string> {
    return new Set([...this.entries.values()].map((entry) => entry.read));
  }

  private store(key: string, entry: Entry): void {
    // The entry's size was checked against its read's bound by the caller.
    if (!this.isOn || !this.isEnabled) return;
    this.remove(key);
    this.entries.set(key, entry);
    if (entry.isOneOff) {
      const part = this.oneOffPartOf(entry);
      part.keys.add(key);
      part.bytes += entry.size;
    } else {
      this.probation.add(key);
    }
    this.storedBytes += entry.size;
    // Two keys with the same body share nothing: the first one keeps the compressed forms.
    if (!this.keysByBody.has(entry.body)) this.keysByBody.set(entry.body, key);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      if (keys) keys.add(key);
      else this.keysByTag.set(tag, new Set([key]));
    }
    this.evict();
  }

  /** A hit: an entry on probation becomes protected; a protected one becomes the most recent. */
  private touch(key: string, entry: Entry): void {
    if (entry.isOneOff) {
      const { keys } = this.oneOffPartOf(entry);
      keys.delete(key);
      keys.add(key);
      return;
    }
    if (entry.isProtected) {
      this.protectedKeys.delete(key);
      this.protectedKeys.add(key);
      return;
    }
    this.probation.delete(key);
    this.protectedKeys.add(key);
    entry.isProtected = true;
    this.protectedBytes += entry.size;
    // The protected part keeps its share: its least recent entries go back on probation (as the
    // most recent there), where they are evicted only after the older one-off entries.
    for (const oldestKey of this.protectedKeys) {
      if (this.protectedBytes <= this.maxChars * PROTECTED_SHARE || oldestKey === key) break;
      const oldest = this.entries.get(oldestKey) as Entry;
      this.protectedKeys.delete(oldestKey);
      oldest.isProtected = false;
      this.protectedBytes -= oldest.size;
      this.probation.add(oldestKey);
    }
  }

  /** A one-off prone key is admitted on its second request while the filter remembers the first. */
  private admits(key: string): boolean {
    if (this.seenOneOff.has(key)) return true;
    if (this.seenOneOff.size >= ADMISSION_KEYS) this.seenOneOff.clear();
    this.seenOneOff.add(key);
    return false;
  }

  /** The one-off part of an entry, by the size of its body (which its compressed forms do not change). */
  private oneOffPartOf(entry: Entry): OneOffPart {
    return entry.body.length <= ONE_OFF_SMALL_CHARS ? this.oneOffSmall : this.oneOffLarge;
  }

  /** One-off prone answers go first: beyond their share, and then before any shared answer. */
  private evict(): void {
    for (const part of [this.oneOffSmall, this.oneOffLarge]) {
      for (const oldestKey of part.keys) {
        if (part.bytes <= (this.maxChars * ONE_OFF_SHARE) / 2) break;
        this.remove(oldestKey);
      }
    }
    this.evictDownTo(this.maxChars);
  }

  /** Evicts until at most `limit` bytes are kept: one-off answers, then probation, then protected, least recent first. */
  private evictDownTo(limit: number): void {
    for (const part of [this.oneOffSmall.keys, this.oneOffLarge.keys, this.probation, this.protectedKeys]) {
      for (const oldestKey of part) {
        if (this.storedBytes <= limit) return;
        this.remove(oldestKey);
      }
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.storedBytes -= entry.size;
    if (entry.isOneOff) {
      const part = this.oneOffPartOf(entry);
      part.keys.delete(key);
      part.bytes -= entry.size;
    } else if (entry.isProtected) {
      this.protectedKeys.delete(key);
      this.protectedBytes -= entry.size;
    } else {
      this.probation.delete(key);
    }
    if (this.keysByBody.get(entry.body) === key) this.keysByBody.delete(entry.body);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}
