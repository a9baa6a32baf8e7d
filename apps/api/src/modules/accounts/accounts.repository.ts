/** Account queries (users and password-reset tokens); no rules here, only SQL. */
import { and, asc, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { passwordResetTokens, users } from '../../db/schema.js';

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
    .select({ ...publicUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUsers(db: Executor): Promise<UserRow[]> {
  return db.select(publicUserColumns).from(users).orderBy(asc(users.createdAt), asc(users.id));
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/** Locks every admin row for the rest of the transaction, so two admins cannot remove each other at once. */
export async function lockAdminIds(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'Admin')).for('update');
  return rows.map((row) => row.id);
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function updateRole(db: Executor, userId: string, role: 'Admin' | 'User'): Promise<UserRow | null> {
  const [row] = await db.update(users).set({ role }).where(eq(users.id, userId)).returning(publicUserColumns);
  return row ?? null;
}

export async function deleteUser(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
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
