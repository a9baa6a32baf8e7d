/**
 * Server-side sessions. The `token` cookie carries a random 256-bit value; the database keeps only
 * its SHA-256, so a leaked table cannot be replayed. The user and role are read by every request
 * that needs them (once per request, on first use), so logout, password changes, role changes and
 * deletions apply at once (on the embedded database, one process, the session is kept in memory
 * and forgotten by those writes: decision 0069); a request that never asks (a cached public read)
 * costs no session query. This file is the request's side (the cookie, the user, the guards) and needs no
 * database; the sessions table and the batched lookup are platform/sessions.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Role, ShopLanguage } from '@mandi/shared';
import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

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

/** Reads the user of a session by its token's hash (platform/sessions.ts makes it). */
export interface SessionReader {
  call(tokenHash: string): Promise<SessionUser | null>;
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
