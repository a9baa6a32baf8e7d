/**
 * The sessions table (decision 0002): a session made at login, ended at logout or with every other
 * session of a user, and the batched lookup of the requests' users that `registerSessions`
 * (lib/session.ts) is given. The cookie, the request's user and the guards stay in lib/session.ts,
 * which needs no database.
 */
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { hashToken, newToken, SESSION_COOKIE, type SessionReader, type SessionUser } from '../lib/session.js';
import { ok, TurnBatcher } from '../lib/turn-batcher.js';

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

export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Ends every session of a user, except optionally the one making the request. */
export async function endUserSessions(db: Db, userId: string, keepToken?: string): Promise<void> {
  const condition = keepToken
    ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken)))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(condition);
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

/** Made once per database handle by buildApp: its prepared statement belongs to that handle. */
export function createSessionReader(db: Db): SessionReader {
  const query = prepareSessionUsers(db);
  return new TurnBatcher<string, SessionUser | null>(
    async (tokenHashes) => {
      const rows = await query.execute({ tokenHashes: [...new Set(tokenHashes)], now: new Date() });
      const byHash = new Map(rows.map(({ tokenHash, ...user }) => [tokenHash, user]));
      return tokenHashes.map((tokenHash) => ok(byHash.get(tokenHash) ?? null));
    },
    // Each turn's lookups go at once (the pool queues them): none waits for another's query.
    { maxBatch: MAX_LOOKUPS_PER_QUERY, maxRunning: Number.POSITIVE_INFINITY },
  );
}
