/**
 * Server-side sessions. The `token` cookie carries a random 256-bit value; the database keeps only
 * its SHA-256, so a leaked table cannot be replayed. The user and role are read fresh on every
 * request, so logout, password changes, role changes and deletions apply at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@mandi/shared';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { AppError } from './app-error.js';

export const SESSION_COOKIE = 'token';

export interface SessionUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
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
 * The per-request lookup runs as a named prepared statement: built once per database handle and
 * parsed once per connection. It still reads the user on every request.
 */
function prepareSessionUser(db: Db) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user');
}

const sessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>();

async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = prepareSessionUser(db);
    sessionUserQueries.set(db, query);
  }
  const rows = await query.execute({ tokenHash: hashToken(token), now: new Date() });
  return rows[0] ?? null;
}

export function registerSessions(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    // Tokens we issue are 43 base64url characters; anything else cannot be a session.
    if (token && /^[A-Za-z0-9_-]{43}$/.test(token)) {
      request.user = await findSessionUser(db, token);
    }
  });
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** preHandler: the caller must be logged in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('unauthenticated', 'Please log in to continue');
}

/** preHandler: the caller must be logged in as an Admin. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('unauthenticated', 'Please log in to continue');
  if (request.user.role !== 'Admin') throw new AppError('forbidden', 'Only an admin can do this');
}

/** The logged-in user of a request guarded by requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthenticated', 'Please log in to continue');
  return request.user;
}
