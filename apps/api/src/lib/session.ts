/**
 * Server-side sessions. The `token` cookie carries a random 256-bit value; the database keeps only
 * its SHA-256, so a leaked table cannot be replayed. The user and role are read fresh by every
 * request that needs them (once per request, on first use), so logout, password changes, role
 * changes and deletions apply at once; a request that never asks (a cached public read) costs no
 * session query.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Role, ShopLanguage } from '@mandi/shared';
import { serverMessage } from '@mandi/shared/server-messages';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { AppError } from './app-error.js';
import { ok, TurnBatcher } from './turn-batcher.js';

export const SESSION_COOKIE = 'token';

export interface SessionUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  /** The interface language, for the mails sent to this user (decision 0011). */
  language: ShopLanguage;
}

/** The logged-in user as GET /api/user/getloggeduser answers it (and as a page carries it, see web-app.ts). */
export function sessionUserView({ id, firstName, lastName, email, role }: SessionUser) {
  return { _id: id, firstName, lastName, email, role };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, read once on first use (the session lookup is shared by the requests of a turn). */
    loadUser(): Promise<SessionUser | null>;
    /** The caller, once requireUser/requireAdmin (or loadUser) has read it. */
    user: SessionUser | null;
    /** loadUser's pending or settled lookup. */
    userLookup: Promise<SessionUser | null> | null;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

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

export type SessionReader = TurnBatcher<string, SessionUser | null>;

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

export function registerSessions(app: FastifyInstance, reader: SessionReader): void {
  app.decorateRequest('user', null);
  app.decorateRequest('userLookup', null);
  app.decorateRequest('loadUser', function (this: FastifyRequest) {
    if (!this.userLookup) {
      const token = this.cookies[SESSION_COOKIE];
      // Tokens we issue are 43 base64url characters; anything else cannot be a session.
      const lookup = token && /^[A-Za-z0-9_-]{43}$/.test(token) ? reader.call(hashToken(token)) : Promise.resolve(null);
      this.userLookup = lookup.then((user) => {
        this.user = user;
        return user;
      });
    }
    return this.userLookup;
  });
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** preHandler: the caller must be logged in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!(await request.loadUser())) throw new AppError('unauthenticated', serverMessage('loginToContinue'));
}

/** preHandler: the caller must be logged in as an Admin. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const user = await request.loadUser();
  if (!user) throw new AppError('unauthenticated', serverMessage('loginToContinue'));
  if (user.role !== 'Admin') throw new AppError('forbidden', serverMessage('adminOnly'));
}

/** The logged-in user of a request guarded by requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthenticated', serverMessage('loginToContinue'));
  return request.user;
}
