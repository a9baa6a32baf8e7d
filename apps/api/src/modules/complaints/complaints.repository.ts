/**
 * Complaint queries. The shopper's name and the order's number are joined from the accounts' and
 * orders' tables (read only, never more than the name and the number), so a list is one query.
 */
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { complaints, orders, users } from '../../db/schema.js';

export type ComplaintStatusValue = (typeof complaints.$inferSelect)['status'];
export type ComplaintReplyEntry = (typeof complaints.$inferSelect)['replies'][number];

export interface ComplaintRow {
  id: string;
  ticketNumber: number;
  userId: string | null;
  orderId: string | null;
  orderNumber: number | null;
  firstName: string | null;
  lastName: string | null;
  subject: string;
  message: string;
  status: ComplaintStatusValue;
  replies: ComplaintReplyEntry[];
  createdAt: Date;
  acknowledgedAt: Date | null;
  resolvedAt: Date | null;
}

const columns = {
  id: complaints.id,
  ticketNumber: complaints.ticketNumber,
  userId: complaints.userId,
  orderId: complaints.orderId,
  orderNumber: orders.orderNumber,
  firstName: users.firstName,
  lastName: users.lastName,
  subject: complaints.subject,
  message: complaints.message,
  status: complaints.status,
  replies: complaints.replies,
  createdAt: complaints.createdAt,
  acknowledgedAt: complaints.acknowledgedAt,
  resolvedAt: complaints.resolvedAt,
};

function selectComplaints(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(columns)
    .from(complaints)
    .leftJoin(users, eq(users.id, complaints.userId))
    .leftJoin(orders, eq(orders.id, complaints.orderId))
    .where(where);
}

/** The order's id when it exists and belongs to `userId`, else null. */
export async function findOwnOrderId(db: Db | Tx, userId: string, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row?.id ?? null;
}

export async function insertComplaint(
  db: Db | Tx,
  values: { userId: string; orderId: string | null; subject: string; message: string; createdAt: Date },
): Promise<string> {
  const [row] = await db.insert(complaints).values(values).returning({ id: complaints.id });
  if (!row) throw new Error('the complaint insert returned nothing');
  return row.id;
}

export async function findComplaint(db: Db | Tx, id: string): Promise<ComplaintRow | null> {
  const [row] = await selectComplaints(db, eq(complaints.id, id));
  return row ?? null;
}

/** A shopper's complaints, newest first. */
export async function findComplaintsOfUser(db: Db, userId: string): Promise<ComplaintRow[]> {
  return selectComplaints(db, eq(complaints.userId, userId)).orderBy(
    desc(complaints.createdAt),
    desc(complaints.ticketNumber),
  );
}

/** The most complaints the admin list returns at once: every unresolved one comes before any resolved. */
export const ADMIN_COMPLAINTS_LIMIT = 500;

/**
 * The admin's list: Open first, then Acknowledged, each oldest first (the nearest deadline first);
 * then the Resolved ones, the most recently resolved first.
 */
export async function findComplaintsForAdmin(db: Db, status?: ComplaintStatusValue): Promise<ComplaintRow[]> {
  return selectComplaints(db, status ? eq(complaints.status, status) : undefined)
    .orderBy(
      sql`case ${complaints.status} when 'Open' then 0 when 'Acknowledged' then 1 else 2 end`,
      sql`case when ${complaints.status} <> 'Resolved' then ${complaints.createdAt} end asc`,
      desc(complaints.resolvedAt),
      asc(complaints.ticketNumber),
    )
    .limit(ADMIN_COMPLAINTS_LIMIT);
}

/**
 * Adds a reply and sets the status, unless the complaint is Resolved by then (null: none such, or
 * closed). One statement, so two admins replying at once both land in order, and nothing moves a
 * Resolved complaint.
 */
export async function addReply(
  db: Db | Tx,
  id: string,
  reply: ComplaintReplyEntry,
  at: Date,
): Promise<{ id: string } | null> {
  const rows = await db
    .update(complaints)
    .set({
      status: reply.status,
      replies: sql`${complaints.replies} || ${JSON.stringify([reply])}::jsonb`,
      acknowledgedAt: sql`coalesce(${complaints.acknowledgedAt}, ${at.toISOString()}::timestamptz)`,
      ...(reply.status === 'Resolved' ? { resolvedAt: at } : {}),
    })
    .where(and(eq(complaints.id, id), ne(complaints.status, 'Resolved')))
    .returning({ id: complaints.id });
  return rows[0] ?? null;
}
