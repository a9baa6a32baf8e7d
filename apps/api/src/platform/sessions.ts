/**
 * The sessions table (decision 0002): a session made at login, ended at logout or with every other
 * session of a user, and the batched lookup of the requests' users that `registerSessions`
 * (lib/session.ts) is given. The cookie, the request's user and the guards stay in lib/session.ts,
 * which needs no database. On the embedded database the lookup's answers are kept in memory, and
 * every write that ends a session or changes what it answers names the user's `sessionsOf` tag, so
 * they are forgotten when it ends (decision 0069).
 */
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { isSessionsTag, sessionsOf } from '../lib/cache-tags.js';
import type { ResponseCache } from '../lib/response-cache.js';
import { hashToken, newToken, SESSION_COOKIE, type SessionReader, type SessionUser } from '../lib/session.js';
import { ok, TurnBatcher } from '../lib/turn-batcher.js';
import type { Touch, UnitOfWork } from './unit-of-work.js';

export async function createSession(db: Db, config: Config, reply: FastifyReply, userId: string): Promise<void> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + config.sessionDays * 86_400_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  // Housekeeping on the user's own rows (indexed), so expired sessions never pile up.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.isSecureCookie,
    expires: expiresAt,
  });
}

/** Logs the request's session out: its row goes, and a copy kept in memory is forgotten with it. */
export async function endSession(work: UnitOfWork, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) {
    await work.transaction(async (tx, touch) => {
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
        .returning({ userId: sessions.userId });
      for (const { userId } of ended) sessionsChanged(touch, userId);
    });
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Ends every session of a user, except optionally the one making the request. */
export async function endUserSessions(tx: Tx, touch: Touch, userId: string, keepToken?: string): Promise<void> {
  const condition = keepToken
    ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken)))
    : eq(sessions.userId, userId);
  sessionsChanged(touch, userId);
  await tx.delete(sessions).where(condition);
}

/**
 * Names a write that ends a user's sessions or changes what a session answers of them (their role,
 * language, or the user gone): sessions kept in memory are forgotten when its transaction ends.
 */
export function sessionsChanged(touch: Touch, userId: string): void {
  touch(sessionsOf(userId));
}

/**
 * The session lookups of the requests that arrive in one turn of the event loop share one named
 * prepared statement (`token_hash = any($1)`, parsed once per connection). The query is sent after
 * each of those requests arrived, so every request still reads its user fresh: a logout, role
 * change or deletion that committed before a request came in applies to it.
 */
function prepareSessionUsers(db: Db) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      expiresAt: sessions.expiresAt,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')})`,
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_users');
}

/** Lookups per turn, at most: a login cookie is one of these per request. */
const MAX_LOOKUPS_PER_QUERY = 500;
/** Sessions kept in memory, at most: a shop's signed-in shoppers, staff and counters, many times over. */
const MAX_KEPT_SESSIONS = 20_000;

interface FoundSession {
  user: SessionUser;
  expiresAt: number;
}

interface KeptSession extends FoundSession {
  keptAt: number;
}

export interface SessionKeeping {
  /** Tells the reader of every write's tags as they are dropped (the unit of work drops them). */
  cache: ResponseCache;
  /** No session is answered from memory once kept longer than this (the cache's safety lifetime). */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * Made once per database handle by buildApp: its prepared statement belongs to that handle. With
 * `keeping` (the embedded database: one process, so every write that changes a session runs here),
 * a session found is kept in memory until its user's `sessionsOf` tag is dropped, the cache is
 * cleared, it expires, or `maxAgeMs` passes.
 */
export function createSessionReader(db: Db, keeping?: SessionKeeping): SessionReader {
  const query = prepareSessionUsers(db);
  const lookup = new TurnBatcher<string, FoundSession | null>(
    async (tokenHashes) => {
      const rows = await query.execute({ tokenHashes: [...new Set(tokenHashes)], now: new Date() });
      const byHash = new Map(
        rows.map(({ tokenHash, expiresAt, ...user }) => [
          tokenHash,
          { user: Object.freeze(user), expiresAt: expiresAt.getTime() },
        ]),
      );
      return tokenHashes.map((tokenHash) => ok(byHash.get(tokenHash) ?? null));
    },
    // Each turn's lookups go at once (the pool queues them): none waits for another's query.
    { maxBatch: MAX_LOOKUPS_PER_QUERY, maxRunning: Number.POSITIVE_INFINITY },
  );
  if (!keeping) return { call: async (tokenHash) => (await lookup.call(tokenHash))?.user ?? null };
  return keptSessions(lookup, keeping);
}

/**
 * The lookup's answers kept by token hash. A lookup that was running when some session changed
 * keeps nothing (it may have read the row before the change), as a cached read's load does; an
 * unknown token is never kept, so guessed tokens cannot fill the memory.
 */
function keptSessions(lookup: TurnBatcher<string, FoundSession | null>, keeping: SessionKeeping): SessionReader {
  const { cache, maxAgeMs } = keeping;
  const now = keeping.now ?? Date.now;
  const kept = new Map<string, KeptSession>();
  const tokensByTag = new Map<string, Set<string>>();
  /** Counts the forgettings, so a lookup that overlapped one keeps nothing. */
  let forgotten = 0;

  const forget = (tokenHash: string) => {
    const session = kept.get(tokenHash);
    if (!session) return;
    kept.delete(tokenHash);
    const tag = sessionsOf(session.user.id);
    const tokens = tokensByTag.get(tag);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) tokensByTag.delete(tag);
  };
  cache.onDrop((dropped) => {
    if (dropped === 'everything') {
      forgotten += 1;
      kept.clear();
      tokensByTag.clear();
      return;
    }
    for (const tag of dropped) {
      if (!isSessionsTag(tag)) continue;
      forgotten += 1;
      for (const tokenHash of [...(tokensByTag.get(tag) ?? [])]) forget(tokenHash);
    }
  });

  return {
    async call(tokenHash) {
      const at = now();
      const session = kept.get(tokenHash);
      if (session && session.expiresAt > at && at - session.keptAt < maxAgeMs && cache.isKeeping) {
        return session.user;
      }
      forget(tokenHash);
      const round = forgotten;
      const found = await lookup.call(tokenHash);
      if (found && round === forgotten && cache.isKeeping) {
        // The oldest kept goes first when full (a Map iterates in insertion order).
        if (kept.size >= MAX_KEPT_SESSIONS) forget(kept.keys().next().value as string);
        kept.set(tokenHash, { ...found, keptAt: at });
        const tag = sessionsOf(found.user.id);
        tokensByTag.set(tag, (tokensByTag.get(tag) ?? new Set()).add(tokenHash));
      }
      return found?.user ?? null;
    },
  };
}
