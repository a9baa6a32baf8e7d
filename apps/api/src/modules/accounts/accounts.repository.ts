/** Account queries (users and password-reset tokens); no rules here, only SQL. */
import type { AdminUserSort, SortOrder } from '@mandi/shared';
import { type AnyColumn, and, asc, count, desc, eq, gt, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { emailConfirmationTokens, passwordResetTokens, sessions, users } from '../../db/schema.js';
import { containsPattern } from '../../lib/search-pattern.js';

export const publicUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
};

export type UserRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'Admin' | 'User';
};

type Executor = Db | Tx;

export async function insertUser(
  db: Executor,
  values: { firstName: string; lastName: string; email: string; passwordHash: string },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'User' })
    .returning(publicUserColumns);
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ ...publicUserColumns, passwordHash: users.passwordHash, language: users.language })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findPasswordHash(db: Executor, id: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1);
  return row?.passwordHash ?? null;
}

/** When the session with this token hash began (its login), or null when there is none. */
export async function findSessionStart(db: Executor, tokenHash: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Where and how to write to a user: their address, first name and interface language. */
export async function findContactById(db: Executor, id: string) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      emailConfirmed: sql<boolean>`${users.emailConfirmedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export async function updateLanguage(db: Executor, id: string, language: 'en' | 'hi'): Promise<boolean> {
  const rows = await db.update(users).set({ language }).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export interface UserListing {
  /** Plain text matched anywhere in "first last" or in the email, any case. */
  search?: string;
  sort?: AdminUserSort;
  order: SortOrder;
  /** One page; without it every matching user. */
  paging?: { limit: number; offset: number };
}

const userSortColumns: Record<AdminUserSort, SQL | AnyColumn> = {
  firstName: sql`lower(${users.firstName})`,
  lastName: sql`lower(${users.lastName})`,
  email: sql`lower(${users.email})`,
  role: users.role,
  createdAt: users.createdAt,
};

/**
 * The admin users table: users matching the search, sorted by a column with ties broken by id (so
 * pages never overlap or skip), oldest first without a sort; `total` counts every match.
 */
export async function findUserList(db: Executor, listing: UserListing): Promise<{ rows: UserRow[]; total: number }> {
  let where: SQL | undefined;
  if (listing.search) {
    const pattern = containsPattern(listing.search);
    // The same expressions as the trigram indexes users_name_trgm_idx and users_email_trgm_idx.
    where = or(
      sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
      sql`lower(${users.email}) like ${pattern}`,
    );
  }
  const direction = listing.order === 'desc' ? desc : asc;
  const orderBy = listing.sort
    ? [direction(userSortColumns[listing.sort]), direction(users.id)]
    : [asc(users.createdAt), asc(users.id)];
  const query = db
    .select(publicUserColumns)
    .from(users)
    .where(where)
    .orderBy(...orderBy);
  if (!listing.paging) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const [rows, totals] = await Promise.all([
    query.limit(listing.paging.limit).offset(listing.paging.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

/** Locks every admin row for the rest of the transaction, so two admins cannot remove each other at once. */
export async function lockAdminIds(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'Admin')).for('update');
  return rows.map((row) => row.id);
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Stores a new confirmation link (hashed); the user's expired ones go as it is made. */
export async function insertConfirmationToken(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .delete(emailConfirmationTokens)
    .where(and(eq(emailConfirmationTokens.userId, values.userId), lt(emailConfirmationTokens.expiresAt, new Date())));
  await db.insert(emailConfirmationTokens).values(values);
}

/**
 * Confirms the user's address with an unexpired link of theirs; every link of theirs is spent with
 * it. False when the link is not theirs, spent or expired.
 */
export async function consumeConfirmationToken(db: Executor, userId: string, tokenHash: string): Promise<boolean> {
  const spent = await db
    .delete(emailConfirmationTokens)
    .where(
      and(
        eq(emailConfirmationTokens.userId, userId),
        eq(emailConfirmationTokens.tokenHash, tokenHash),
        gt(emailConfirmationTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: emailConfirmationTokens.id });
  if (!spent.length) return false;
  await markEmailConfirmed(db, userId);
  return true;
}

/** The address reached its owner (a confirmation or a reset link was followed): once, the first time kept. */
export async function markEmailConfirmed(db: Executor, userId: string): Promise<void> {
  await db.delete(emailConfirmationTokens).where(eq(emailConfirmationTokens.userId, userId));
  await db
    .update(users)
    .set({ emailConfirmedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
}

export async function updateRole(db: Executor, userId: string, role: 'Admin' | 'User'): Promise<UserRow | null> {
  const [row] = await db.update(users).set({ role }).where(eq(users.id, userId)).returning(publicUserColumns);
  return row ?? null;
}

export async function insertResetToken(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  // Spent and expired links of this user are worthless; drop them as a new one is made.
  await db
    .delete(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, values.userId),
        or(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, new Date())),
      ),
    );
  await db.insert(passwordResetTokens).values(values);
}

/**
 * Marks a matching, unused, unexpired token as used and says whether one was found. One UPDATE,
 * so two requests racing with the same token cannot both win.
 */
export async function consumeResetToken(db: Executor, userId: string, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
}

/** Voids every outstanding reset link of a user (after any password change). */
export async function voidResetTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
