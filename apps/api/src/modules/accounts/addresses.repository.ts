/** Saved-address queries (the accounts module's `saved_addresses` table); no rules here, only SQL. */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { savedAddresses, users } from '../../db/schema.js';

type Executor = Db | Tx;

export type SavedAddressRow = typeof savedAddresses.$inferSelect;

export interface AddressFields {
  label: string;
  address: string;
  city: string;
  mobileNumber: string;
  pinCode: string;
}

/** A shopper's addresses: the last used first, then those never used, newest first. */
export function findAddresses(db: Executor, userId: string): Promise<SavedAddressRow[]> {
  return db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(sql`${savedAddresses.lastUsedAt} desc nulls last`, desc(savedAddresses.createdAt), asc(savedAddresses.id));
}

/** The addresses of several shoppers at once (the placed orders of one outbox claim). */
export function findAddressesOfUsers(db: Executor, userIds: string[]): Promise<SavedAddressRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.select().from(savedAddresses).where(inArray(savedAddresses.userId, userIds));
}

/**
 * Locks the shopper's user row for the rest of the transaction, so two saves at once count the
 * addresses one after the other. False when the user is gone.
 */
export async function lockUser(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

export async function countAddresses(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedAddresses).where(eq(savedAddresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertAddress(db: Executor, userId: string, fields: AddressFields): Promise<SavedAddressRow> {
  const [row] = await db
    .insert(savedAddresses)
    .values({ userId, ...fields })
    .returning();
  if (!row) throw new Error('address insert returned nothing');
  return row;
}

/** Changes one of the shopper's addresses; null when it is not theirs (or not there). */
export async function updateAddress(
  db: Executor,
  userId: string,
  id: string,
  fields: AddressFields,
): Promise<SavedAddressRow | null> {
  const [row] = await db
    .update(savedAddresses)
    .set(fields)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteAddress(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
    .returning({ id: savedAddresses.id });
  return rows.length > 0;
}

/** Moves `last_used_at` forward to `at` (never back: a late repeat of an older order keeps the newer time). */
export async function markUsed(db: Executor, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  const stamp = sql`${at.toISOString()}::timestamptz`;
  await db
    .update(savedAddresses)
    .set({ lastUsedAt: sql`greatest(coalesce(${savedAddresses.lastUsedAt}, ${stamp}), ${stamp})` })
    .where(inArray(savedAddresses.id, ids));
}
