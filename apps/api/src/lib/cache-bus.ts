/**
 * Carries response-cache invalidations between the processes that share one PostgreSQL database
 * (docs/decisions/0016-cache-declarations.md). A write's unit of work runs `statement(tags)` inside
 * its own transaction, so PostgreSQL delivers the notification when that transaction commits and
 * never when it rolls back; every process LISTENs on a connection of its own. While that
 * connection is down the cache keeps nothing (it cannot hear the other processes' writes), and it
 * starts empty once it is back. On the embedded database there is only ever one process, so no bus
 * is needed.
 */
import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { tagsFromWire } from './cache-tags.js';
import type { CacheTag, ResponseCache } from './response-cache.js';

export const CACHE_CHANNEL = 'mandi_cache_invalidation';
const RECONNECT_DELAY_MS = 1_000;

/** Closes a listening connection we no longer want, ignoring whatever it still reports. */
async function dispose(client: pg.Client | null): Promise<void> {
  if (!client) return;
  client.removeAllListeners();
  client.on('error', () => {});
  await client.end().catch(() => {});
}

/** PostgreSQL refuses a notification payload of 8000 bytes or more; tags are ASCII. */
const MAX_PAYLOAD_CHARS = 7_900;

/** `prefix` + comma-separated tags, split into as few payloads as fit. */
export function packTags(tags: readonly string[], prefix: string): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const tag of tags) {
    if (current && prefix.length + current.length + 1 + tag.length > MAX_PAYLOAD_CHARS) {
      payloads.push(prefix + current);
      current = '';
    }
    current = current ? `${current},${tag}` : tag;
  }
  if (current) payloads.push(prefix + current);
  return payloads;
}

/** What the unit of work needs to tell the other processes about a write. */
export interface InvalidationChannel {
  /**
   * One statement (one round trip, however many payloads) that notifies every listening process
   * of `tags`; run inside the write's transaction, it is delivered on commit only.
   */
  statement(tags: readonly CacheTag[]): SQL;
}

export interface PostgresCacheBus extends InvalidationChannel {
  close(): Promise<void>;
}

/** Connects `cache` to the other processes on `databaseUrl`. */
export function startPostgresCacheBus(options: {
  cache: ResponseCache;
  databaseUrl: string;
  log: FastifyBaseLogger;
}): PostgresCacheBus {
  const { cache, databaseUrl, log } = options;
  // Our own notifications come back to us; the sender id lets us skip them (the unit of work has
  // already dropped those tags here).
  const senderId = randomBytes(6).toString('hex');
  let client: pg.Client | null = null;
  let isClosed = false;
  let retryTimer: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (isClosed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, RECONNECT_DELAY_MS);
    retryTimer.unref();
  };

  const lose = (reason: unknown) => {
    if (isClosed) return;
    cache.setEnabled(false);
    void dispose(client);
    client = null;
    log.warn({ err: reason }, 'response cache paused: lost the invalidation channel; reconnecting');
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    // Loaded here: a server on the embedded database never needs the PostgreSQL client.
    const { default: pgClient } = await import('pg');
    const next = new pgClient.Client({ connectionString: databaseUrl, keepAlive: true });
    next.on('error', lose);
    next.on('end', () => lose(new Error('connection ended')));
    next.on('notification', (message) => {
      const [sender, tags] = (message.payload ?? '').split('|');
      if (sender !== senderId && tags) cache.invalidate(tagsFromWire(tags.split(',')));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CACHE_CHANNEL}`);
      if (isClosed) {
        await next.end();
        return;
      }
      client = next;
      cache.setEnabled(true);
    } catch (error) {
      void dispose(next);
      if (!isClosed) lose(error);
    }
  }

  // Nothing is kept until the channel listens.
  cache.setEnabled(false);
  void connect();

  return {
    statement(tags) {
      const notices = packTags(tags, `${senderId}|`).map((payload) => sql`pg_notify(${CACHE_CHANNEL}, ${payload})`);
      return sql`select ${sql.join(notices, sql`, `)}`;
    },
    async close() {
      isClosed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const last = client;
      client = null;
      await dispose(last);
    },
  };
}
