/**
 * The personal data's own queries (decision 0031): the account and its review as the download shows
 * them, and the erasing of a person. Like the dashboard's report it reads and writes the tables of
 * other domains directly, in one place, instead of adding a one-off query to each of their modules.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orderBills, orders, rateLimits, reviews, users } from '../../db/schema.js';

type Executor = Db | Tx;

/** The account as its owner may see it: never the password hash. */
export async function findAccount(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      language: users.language,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The shopper's review of the shop (one at most), as they wrote it. */
export async function findReviewsOfUser(db: Executor, userId: string) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.createdAt));
}

/** What the deletion needs to know about an account before it locks anything. */
export async function findAccountForDeletion(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      email: users.email,
      role: users.role,
      language: users.language,
      passwordHash: users.passwordHash,
      emailConfirmed: sql<boolean>`${users.emailConfirmedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the user's row for the rest of the transaction and reads its role. An order being placed
 * for them holds a key-share lock on it (its foreign key), so the deletion waits for that order
 * and sees it, and an order placed after the deletion fails on the missing user.
 */
export async function lockAccount(tx: Tx, userId: string): Promise<{ role: 'Admin' | 'User' } | null> {
  const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

/** The numbers of the user's orders not yet Delivered or Cancelled, oldest first. */
export async function findOpenOrderNumbers(tx: Executor, userId: string): Promise<number[]> {
  const rows = await tx
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['Processing', 'Shipped'])))
    .orderBy(asc(orders.orderNumber));
  return rows.map((row) => row.orderNumber);
}

/** The name an order shows once its shopper is erased and no bill was issued for it. */
export const ERASED_NAME = { firstName: 'Deleted shopper', lastName: '' } as const;

/** The orders with a bill (billing's `order_bills`): a tax document, kept with its buyer for 72 months. */
export const hasBill = sql`exists (select 1 from ${orderBills} where ${orderBills.orderId} = ${orders.id} and ${orderBills.invoiceNumber} is not null)`;

/**
 * Deletes the user's row: their sessions, saved addresses, review and reset links go with it
 * (foreign key cascade); their orders stay, unlinked (`user_id` set null).
 */
export async function deleteAccount(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

/** Forgets the rate-limit counters keyed by the email (failed logins, reset mails). */
export async function forgetEmailCounters(tx: Tx, email: string): Promise<void> {
  await tx.delete(rateLimits).where(inArray(rateLimits.key, [`login:account:${email}`, `reset:account:${email}`]));
}

/**
 * Counters keyed by the user's id: password checks before a change or a deletion
 * (`…:account:<id>`), and the budgets of coupon checks, complaints and downloads (`…:user:<id>`).
 */
export async function forgetUserCounters(tx: Tx, userId: string): Promise<void> {
  await tx
    .delete(rateLimits)
    .where(sql`${rateLimits.key} like ${`%:account:${userId}`} or ${rateLimits.key} like ${`%:user:${userId}`}`);
}
