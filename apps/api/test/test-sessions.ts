/**
 * Test helper for the orders and reviews suites: a logged-in cookie made straight in the sessions
 * table. It skips POST /api/user/login on purpose: the concurrency tests log in dozens of users,
 * which would spend the login rate limit and ~10 ms of argon2 each, and say nothing about orders.
 */
import type { Db } from '../src/db/client.js';
import { sessions } from '../src/db/schema.js';
import { hashToken, newToken } from '../src/lib/session.js';

export async function sessionCookie(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return `token=${token}`;
}
