/**
 * The khata's queries (decision 0034): its two tables, and what it reads of users and orders (the
 * shopper's name and language, the mobile of the latest order, the khata orders not yet billed).
 * Every balance change goes through `appendEntry`, on an account row locked by the caller.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { khataAccounts, khataEntries, khataOrders, orderBills, orders, users } from '../../db/schema.js';

type Runner = Db | Tx;

export type KhataAccountRow = typeof khataAccounts.$inferSelect;
export type KhataEntryRow = typeof khataEntries.$inferSelect;

/** An account with what its answer shows of the shopper. */
export interface AccountWithShopper extends KhataAccountRow {
  email: string | null;
  language: 'en' | 'hi';
  firstName: string | null;
  lastName: string | null;
}

const accountWithShopper = {
  id: khataAccounts.id,
  userId: khataAccounts.userId,
  customerName: khataAccounts.customerName,
  mobile: khataAccounts.mobile,
  creditLimitPaise: khataAccounts.creditLimitPaise,
  balancePaise: khataAccounts.balancePaise,
  openedAt: khataAccounts.openedAt,
  openedBy: khataAccounts.openedBy,
  email: users.email,
  language: sql<'en' | 'hi'>`coalesce(${users.language}, 'en')`,
  firstName: users.firstName,
  lastName: users.lastName,
};

export async function findUser(db: Runner, userId: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function findAccountByUser(db: Runner, userId: string): Promise<AccountWithShopper | null> {
  const [row] = await db
    .select(accountWithShopper)
    .from(khataAccounts)
    .leftJoin(users, eq(users.id, khataAccounts.userId))
    .where(eq(khataAccounts.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Every account, largest balance first (then name), with its shopper. */
export async function listAccounts(db: Runner): Promise<AccountWithShopper[]> {
  return db
    .select(accountWithShopper)
    .from(khataAccounts)
    .leftJoin(users, eq(users.id, khataAccounts.userId))
    .orderBy(desc(khataAccounts.balancePaise), asc(khataAccounts.customerName), asc(khataAccounts.id));
}

/** Locks the accounts of these shoppers, in user id order (every writer takes them in that order). */
export async function lockAccountsByUsers(tx: Tx, userIds: readonly string[]): Promise<KhataAccountRow[]> {
  if (!userIds.length) return [];
  return tx
    .select()
    .from(khataAccounts)
    .where(inArray(khataAccounts.userId, [...userIds]))
    .orderBy(asc(khataAccounts.userId))
    .for('update');
}

export async function lockAccount(tx: Tx, id: string): Promise<KhataAccountRow | null> {
  const [row] = await tx.select().from(khataAccounts).where(eq(khataAccounts.id, id)).limit(1).for('update');
  return row ?? null;
}

/** Opens a khata; null when the shopper already has one (another request opened it first). */
export async function insertAccount(
  tx: Tx,
  values: { userId: string; customerName: string; mobile: string | null; creditLimitPaise: number; openedBy: string },
): Promise<KhataAccountRow | null> {
  const [row] = await tx.insert(khataAccounts).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateAccount(
  tx: Tx,
  id: string,
  values: Partial<Pick<KhataAccountRow, 'creditLimitPaise' | 'mobile' | 'customerName'>>,
): Promise<void> {
  await tx.update(khataAccounts).set(values).where(eq(khataAccounts.id, id));
}

/**
 * Writes one entry on a locked account and moves its balance by the entry's amount, in the same
 * transaction: the balance is always the sum of the entries, and `balance_after` the running sum.
 */
export async function appendEntry(
  tx: Tx,
  account: KhataAccountRow,
  entry: Omit<typeof khataEntries.$inferInsert, 'id' | 'seq' | 'accountId' | 'balanceAfterPaise' | 'createdAt'> & {
    createdAt?: Date;
  },
): Promise<KhataEntryRow> {
  const balanceAfterPaise = account.balancePaise + entry.amountPaise;
  const [row] = await tx
    .insert(khataEntries)
    .values({ ...entry, accountId: account.id, balanceAfterPaise })
    .returning();
  if (!row) throw new Error('khata entry insert returned nothing');
  await tx.update(khataAccounts).set({ balancePaise: balanceAfterPaise }).where(eq(khataAccounts.id, account.id));
  account.balancePaise = balanceAfterPaise;
  return row;
}

/** An account's entries, oldest first, with the order's number and bill number. */
export async function listEntries(db: Runner, accountId: string, range?: { from: Date; to: Date }) {
  return db
    .select({
      entry: khataEntries,
      orderNumber: orders.orderNumber,
      invoiceNumber: orderBills.invoiceNumber,
    })
    .from(khataEntries)
    .leftJoin(orders, eq(orders.id, khataEntries.orderId))
    .leftJoin(orderBills, eq(orderBills.orderId, khataEntries.orderId))
    .where(
      and(
        eq(khataEntries.accountId, accountId),
        range ? gte(khataEntries.createdAt, range.from) : undefined,
        range ? lt(khataEntries.createdAt, range.to) : undefined,
      ),
    )
    .orderBy(asc(khataEntries.seq));
}
export type ListedEntry = Awaited<ReturnType<typeof listEntries>>[number];

/** The running balance just before `at`: the last earlier entry's, or 0. */
export async function balanceBefore(db: Runner, accountId: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ balance: khataEntries.balanceAfterPaise })
    .from(khataEntries)
    .where(and(eq(khataEntries.accountId, accountId), lt(khataEntries.createdAt, at)))
    .orderBy(desc(khataEntries.seq))
    .limit(1);
  return row?.balance ?? 0;
}

/** What aging needs of the entries of the given accounts (or of every account), oldest first per account. */
export async function agingEntries(db: Runner, accountIds: readonly string[] | 'all') {
  if (accountIds !== 'all' && !accountIds.length) return [];
  return db
    .select({
      accountId: khataEntries.accountId,
      kind: khataEntries.kind,
      orderId: khataEntries.orderId,
      amountPaise: khataEntries.amountPaise,
      createdAt: khataEntries.createdAt,
    })
    .from(khataEntries)
    .where(accountIds === 'all' ? undefined : inArray(khataEntries.accountId, [...accountIds]))
    .orderBy(asc(khataEntries.accountId), asc(khataEntries.seq));
}

/** The entries of one order (its bill, adjustments, reversal), oldest first. */
export async function orderEntries(db: Runner, orderId: string): Promise<KhataEntryRow[]> {
  return db.select().from(khataEntries).where(eq(khataEntries.orderId, orderId)).orderBy(asc(khataEntries.seq));
}

/**
 * The khata orders not yet billed (not cancelled, no bill entry yet) count against the credit
 * available. A khata order's payment is set to 'Khata' in the transaction that writes its bill
 * (decision 0034), so "no payment yet" is "no bill yet" (a pack to ₹0 writes neither, and adds 0).
 */
const unbilledKhataOrder = () => and(ne(orders.status, 'Cancelled'), isNull(orderBills.paymentMethod));

/** The estimates of the shoppers' khata orders not yet billed (of every shopper with `all`), by user id. */
export async function pendingByUser(db: Runner, userIds: readonly string[] | 'all'): Promise<Map<string, number>> {
  if (userIds !== 'all' && !userIds.length) return new Map();
  const rows = await db
    .select({ userId: khataOrders.userId, pending: sql<string | number>`coalesce(sum(${orders.totalPaise}), 0)` })
    .from(khataOrders)
    .innerJoin(orders, eq(orders.id, khataOrders.orderId))
    .leftJoin(orderBills, eq(orderBills.orderId, khataOrders.orderId))
    .where(
      and(
        userIds === 'all' ? isNotNull(khataOrders.userId) : inArray(khataOrders.userId, [...userIds]),
        unbilledKhataOrder(),
      ),
    )
    .groupBy(khataOrders.userId);
  return new Map(rows.flatMap((row) => (row.userId ? [[row.userId, Number(row.pending)]] : [])));
}

/**
 * The order numbers of a shopper's khata orders not yet delivered or cancelled: billed or not,
 * each can still write on the khata (a repack, a cancel), so a khata with one cannot be closed.
 */
export async function openOrderNumbers(db: Runner, userId: string): Promise<number[]> {
  const rows = await db
    .select({ orderNumber: orders.orderNumber })
    .from(khataOrders)
    .innerJoin(orders, eq(orders.id, khataOrders.orderId))
    .where(and(eq(khataOrders.userId, userId), inArray(orders.status, ['Processing', 'Shipped'])))
    .orderBy(asc(orders.orderNumber));
  return rows.map((row) => row.orderNumber);
}

/**
 * The mobile number of each shopper's latest order (of every shopper with a khata with `all`), for
 * the reminder when the khata has none of its own.
 */
export async function latestMobiles(db: Runner, userIds: readonly string[] | 'all'): Promise<Map<string, string>> {
  if (userIds !== 'all' && !userIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([orders.userId], { userId: orders.userId, mobile: orders.mobileNumber })
    .from(orders)
    .where(
      userIds === 'all'
        ? inArray(
            orders.userId,
            db
              .select({ userId: khataAccounts.userId })
              .from(khataAccounts)
              .where(and(isNotNull(khataAccounts.userId), isNull(khataAccounts.mobile))),
          )
        : inArray(orders.userId, [...userIds]),
    )
    .orderBy(orders.userId, desc(orders.createdAt));
  return new Map(rows.flatMap((row) => (row.userId && row.mobile ? [[row.userId, row.mobile]] : [])));
}

/** Erases the holder of a user's khata: name and mobile gone, the khata closed (no limit). */
export async function eraseHolder(tx: Tx, userId: string, erasedName: string): Promise<void> {
  await tx
    .update(khataAccounts)
    .set({ customerName: erasedName, mobile: null, creditLimitPaise: null })
    .where(eq(khataAccounts.userId, userId));
}

/** What an order placed on a khata keeps of it: the part on the khata (null: all) and its limit terms. */
export interface KhataOrderPart {
  amountPaise: number | null;
  passesLimit: boolean;
  overLimit: boolean;
}

/** The khata part of a request as it is written. */
export const khataOrderPart = (khata: { amountPaise?: number; passesLimit?: boolean }): KhataOrderPart => ({
  amountPaise: khata.amountPaise ?? null,
  passesLimit: khata.passesLimit ?? false,
  overLimit: false,
});

/** The orders placed on a khata (the shopper chose Khata at checkout, a Khata tender), one statement for a batch. */
export async function insertKhataOrders(
  tx: Tx,
  rows: readonly ({ orderId: string; userId: string } & KhataOrderPart)[],
): Promise<void> {
  if (!rows.length) return;
  await tx.insert(khataOrders).values([...rows]);
}

/** A sale made offline took its khata past the limit: flagged for the owner (decision 0060). */
export async function markKhataOrderOverLimit(tx: Tx, orderId: string): Promise<void> {
  await tx.update(khataOrders).set({ overLimit: true }).where(eq(khataOrders.orderId, orderId));
}

/** Which of the orders named were placed on a khata, with what each keeps of it. */
export async function khataOrdersAmong(db: Runner, orderIds: readonly string[]): Promise<Map<string, KhataOrderPart>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({
      orderId: khataOrders.orderId,
      amountPaise: khataOrders.amountPaise,
      passesLimit: khataOrders.passesLimit,
      overLimit: khataOrders.overLimit,
    })
    .from(khataOrders)
    .where(inArray(khataOrders.orderId, [...orderIds]));
  return new Map(rows.map(({ orderId, ...part }) => [orderId, part]));
}
