/**
 * Notifications' queries (decision 0045): the shopper's settings, the facts an order or khata
 * message says (read here across the orders, users and khata tables, like the dashboard's report,
 * without importing those modules), and the outbox of WhatsApp messages. The dispatcher claims due
 * rows with `FOR UPDATE SKIP LOCKED` and a lease, so two processes never send one row at once.
 */
import type { ShopLanguage } from '@mandi/shared';
import type { NotificationStatus, NotificationTemplate } from '@mandi/shared/schemas';
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsFromDriver } from '../../db/insert-many.js';
import { khataAccounts, notificationMessages, notificationSettings, orders, users } from '../../db/schema.js';

export type MessageRow = typeof notificationMessages.$inferSelect;
export type SettingsRow = { email: boolean; whatsapp: boolean; whatsappNumber: string | null };

export const DEFAULT_SETTINGS: SettingsRow & { whatsappVerified: boolean } = {
  email: true,
  whatsapp: false,
  whatsappNumber: null,
  whatsappVerified: false,
};

export async function findSettings(db: Db, userId: string): Promise<SettingsRow & { whatsappVerified: boolean }> {
  const [row] = await db
    .select({
      email: notificationSettings.email,
      whatsapp: notificationSettings.whatsapp,
      whatsappNumber: notificationSettings.whatsappNumber,
      whatsappVerified: sql<boolean>`${notificationSettings.whatsappVerifiedAt} is not null`,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ? { ...row, whatsappVerified: Boolean(row.whatsappVerified) } : DEFAULT_SETTINGS;
}

/**
 * One statement: the row is written whole, so two saves at once leave one of them, never a mix.
 * The number's proof is kept only while the number stays the same (decision 0055).
 */
export async function saveSettings(db: Db, userId: string, settings: SettingsRow): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: {
        ...settings,
        whatsappVerifiedAt: sql`case when ${notificationSettings.whatsappNumber} is not distinct from excluded.whatsapp_number then ${notificationSettings.whatsappVerifiedAt} end`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * A message came to the shop's WhatsApp from `from` (`91XXXXXXXXXX`): every shopper who gave that
 * number has now proved it (decision 0055). The number of settings proved.
 */
export async function proveNumber(db: Db, from: string, at: Date): Promise<number> {
  const match = /^91([6-9]\d{9})$/.exec(from);
  if (!match) return 0;
  const rows = await db
    .update(notificationSettings)
    .set({ whatsappVerifiedAt: at })
    .where(
      and(eq(notificationSettings.whatsappNumber, match[1] as string), isNull(notificationSettings.whatsappVerifiedAt)),
    )
    .returning({ userId: notificationSettings.userId });
  return rows.length;
}

/** Of these orders, the ones whose shopper turned mail off or never confirmed their address (decision 0055). */
export async function ordersWithMailOff(db: Db, orderIds: readonly string[]): Promise<Set<string>> {
  if (!orderIds.length) return new Set();
  const rows = await db
    .select({ orderId: orders.id })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, orders.userId))
    .where(
      and(inArray(orders.id, [...orderIds]), or(isNull(users.emailConfirmedAt), eq(notificationSettings.email, false))),
    );
  return new Set(rows.map((row) => row.orderId));
}

/** Whether the user confirmed their email address (decision 0055): order mails wait for it. */
export async function isEmailConfirmed(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ confirmed: sql<boolean>`${users.emailConfirmedAt} is not null` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.confirmed ?? false;
}

/** What an order message needs: the order now, its shopper's name, language and WhatsApp choice. */
export async function orderFacts(db: Db, orderIds: readonly string[]) {
  if (!orderIds.length) return new Map<string, OrderFactsRow>();
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      channel: orders.channel,
      status: orders.status,
      customerFirstName: orders.customerFirstName,
      firstName: users.firstName,
      language: users.language,
      totalPaise: orders.totalPaise,
      estimatedTotalPaise: orders.estimatedTotalPaise,
      packedAt: orders.packedAt,
      mobileNumber: orders.mobileNumber,
      whatsapp: notificationSettings.whatsapp,
      whatsappNumber: notificationSettings.whatsappNumber,
      whatsappVerifiedAt: notificationSettings.whatsappVerifiedAt,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, orders.userId))
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row]));
}
export type OrderFactsRow = {
  orderId: string;
  orderNumber: number;
  userId: string | null;
  channel: string;
  status: string;
  customerFirstName: string;
  firstName: string | null;
  language: 'en' | 'hi' | null;
  totalPaise: number;
  estimatedTotalPaise: number;
  packedAt: Date | null;
  mobileNumber: string;
  whatsapp: boolean | null;
  whatsappNumber: string | null;
  whatsappVerifiedAt: Date | null;
};

/** A shopper's khata balance, name, language and WhatsApp choice, or null without a khata. */
export async function khataFacts(db: Db, userId: string) {
  const [row] = await db
    .select({
      balancePaise: khataAccounts.balancePaise,
      customerName: khataAccounts.customerName,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      whatsapp: notificationSettings.whatsapp,
      whatsappNumber: notificationSettings.whatsappNumber,
      whatsappVerifiedAt: notificationSettings.whatsappVerifiedAt,
    })
    .from(khataAccounts)
    .innerJoin(users, eq(users.id, khataAccounts.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, khataAccounts.userId))
    .where(eq(khataAccounts.userId, userId));
  return row ?? null;
}

/** A shopper's name, language and WhatsApp choice, or null once the account is gone. */
export async function shopperFacts(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      language: users.language,
      whatsapp: notificationSettings.whatsapp,
      whatsappNumber: notificationSettings.whatsappNumber,
      whatsappVerifiedAt: notificationSettings.whatsappVerifiedAt,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

export interface NewMessage {
  userId: string;
  orderId: string | null;
  template: NotificationTemplate;
  language: ShopLanguage;
  recipient: string;
  parameters: string[];
  body: string;
  /** The same key twice writes one message (a repeated order event). */
  dedupeKey: string | null;
  /** Not sent before (an order's "placed" waits a few minutes: decision 0055); default now. */
  nextAttemptAt?: Date;
}

/** Queues a message; null when its dedupe key is already there. */
/**
 * How many messages were queued since `since` for this shopper, and for this number (whoever asked):
 * the daily caps are judged on both (decision 0055).
 */
export async function countRecentMessages(
  db: Db,
  { userId, recipient, since }: { userId: string; recipient: string; since: Date },
): Promise<{ byUser: number; byRecipient: number }> {
  const [byUser, byRecipient] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(notificationMessages)
      .where(and(eq(notificationMessages.userId, userId), gte(notificationMessages.createdAt, since))),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(notificationMessages)
      .where(and(eq(notificationMessages.recipient, recipient), gte(notificationMessages.createdAt, since))),
  ]);
  return { byUser: Number(byUser[0]?.count ?? 0), byRecipient: Number(byRecipient[0]?.count ?? 0) };
}

export async function insertMessage(db: Db, message: NewMessage): Promise<MessageRow | null> {
  const [row] = await db
    .insert(notificationMessages)
    .values({ ...message, channel: 'whatsapp' })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * An order was cancelled: its messages still waiting (the "placed" one, in its first minutes) are
 * not sent, marked failed with the reason (decision 0055). The templates withdrawn.
 */
export async function withdrawQueued(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .update(notificationMessages)
    .set({ status: 'failed', error: 'The order was cancelled before this message was sent', updatedAt: sql`now()` })
    .where(
      and(
        eq(notificationMessages.orderId, orderId),
        eq(notificationMessages.status, 'queued'),
        // A row a dispatcher holds right now has had an attempt counted; it is left to finish.
        eq(notificationMessages.attempts, 0),
      ),
    )
    .returning({ template: notificationMessages.template });
  return rows.map((row) => row.template);
}

/**
 * Takes up to `limit` due queued rows for this process: each gets its attempt counted and its next
 * attempt moved `leaseSeconds` ahead, so no other process takes it meanwhile (and if this process
 * dies, the row is due again when the lease ends). Rows being claimed elsewhere are skipped.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<MessageRow[]> {
  const result = await db.execute(sql`
    update ${notificationMessages}
    set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    where id in (
      select id from ${notificationMessages}
      where status = 'queued' and next_attempt_at <= now()
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked)
    returning *`);
  return rowsFromDriver(notificationMessages, result).sort((a, b) => a.id - b.id);
}

/** Still this process's claim: queued, with the attempt count the claim returned. */
const heldBy = (row: { id: number; attempts: number }) =>
  and(
    eq(notificationMessages.id, row.id),
    eq(notificationMessages.attempts, row.attempts),
    eq(notificationMessages.status, 'queued'),
  );

export async function markSent(db: Db, row: MessageRow, providerMessageId: string): Promise<void> {
  await db
    .update(notificationMessages)
    .set({ status: 'sent', providerMessageId, error: null, updatedAt: sql`now()` })
    .where(heldBy(row));
}

export async function markFailed(db: Db, row: MessageRow, error: string): Promise<void> {
  await db
    .update(notificationMessages)
    .set({ status: 'failed', error: error.slice(0, 2000), updatedAt: sql`now()` })
    .where(heldBy(row));
}

/**
 * Due again after `delaySeconds`, with what went wrong. `uncount`: the attempt is given back (a
 * rate limit is the Cloud API's pace, not a failure of the message).
 */
export async function postpone(
  db: Db,
  row: MessageRow,
  delaySeconds: number,
  error: string,
  uncount = false,
): Promise<void> {
  await db
    .update(notificationMessages)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      error: error.slice(0, 2000),
      updatedAt: sql`now()`,
      ...(uncount ? { attempts: sql`${notificationMessages.attempts} - 1` } : {}),
    })
    .where(heldBy(row));
}

/** Claimed rows this process will not send (it is closing): due again now, for another process. */
export async function release(db: Db, rows: readonly MessageRow[]): Promise<void> {
  for (const row of rows) {
    await db
      .update(notificationMessages)
      .set({ nextAttemptAt: sql`now()`, attempts: sql`${notificationMessages.attempts} - 1` })
      .where(heldBy(row));
  }
}

/** Seconds until the next queued row is due (0 if one is due now), or null when none is queued. */
export async function secondsToNextDue(db: Db): Promise<number | null> {
  const result = await db.execute(
    sql`select extract(epoch from (min(next_attempt_at) - now()))::float8 as wait from ${notificationMessages} where status = 'queued'`,
  );
  const wait = (result as unknown as { rows: { wait: number | string | null }[] }).rows[0]?.wait;
  return wait === null || wait === undefined ? null : Math.max(0, Number(wait));
}

export async function findByProviderId(db: Db, providerMessageIds: readonly string[]): Promise<MessageRow[]> {
  if (!providerMessageIds.length) return [];
  return db
    .select()
    .from(notificationMessages)
    .where(inArray(notificationMessages.providerMessageId, [...providerMessageIds]));
}

/** Moves a message's status if it is still `from` (a webhook racing another sees the newer one). */
export async function moveStatus(
  db: Db,
  id: number,
  from: NotificationStatus,
  to: NotificationStatus,
  error: string | null,
): Promise<boolean> {
  const moved = await db
    .update(notificationMessages)
    .set({ status: to, updatedAt: sql`now()`, ...(error ? { error: error.slice(0, 2000) } : {}) })
    .where(and(eq(notificationMessages.id, id), eq(notificationMessages.status, from)))
    .returning({ id: notificationMessages.id });
  return moved.length === 1;
}

export async function messagesOfOrder(db: Db, orderId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(notificationMessages)
    .where(eq(notificationMessages.orderId, orderId))
    .orderBy(asc(notificationMessages.id));
}

export async function messagesOfUser(db: Db, userId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(notificationMessages)
    .where(eq(notificationMessages.userId, userId))
    .orderBy(asc(notificationMessages.id));
}
