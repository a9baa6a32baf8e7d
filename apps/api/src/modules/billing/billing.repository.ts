/**
 * Billing's queries: the counter per series and financial year, an order's bill, payment and
 * refund (`order_bills`, decision 0058), the UPI references taken and the month's bills. No rules
 * here, only SQL.
 */

import type { RefundMethod } from '@mandi/shared';
import { and, asc, eq, getTableColumns, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { invoiceCounters, khataAccounts, orderBills, orders, upiReferences } from '../../db/schema.js';
import {
  findOrderAdjustments,
  findOrderItems,
  insertOrderEvent,
  type OrderAdjustmentRow,
  type OrderItemRow,
  type OrderRow,
} from '../orders/orders.repository.js';

/** An order's bill, payment and refund as billing keeps them (all null before the bill). */
export type BillColumns = Omit<typeof orderBills.$inferSelect, 'orderId'>;

/** An order with its bill: the orders module's row and billing's columns. */
export type BillOrderRow = OrderRow & BillColumns;

const { orderId: _orderId, ...billColumns } = getTableColumns(orderBills);

/** The columns of an order without a bill yet. */
const NO_BILL: BillColumns = {
  invoiceNumber: null,
  invoiceSeries: null,
  invoiceYear: null,
  invoiceSeq: null,
  invoicedAt: null,
  paymentMethod: null,
  paymentReference: null,
  paidPaise: null,
  paidAt: null,
  paymentRecordedBy: null,
  refundMethod: null,
  refundReference: null,
  refundAmountPaise: null,
  refundedAt: null,
  refundedBy: null,
};

/** The bill of each of the orders named, by order id (none before the bill). */
export async function findBills(db: Db | Tx, orderIds: readonly string[]): Promise<Map<string, BillColumns>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select()
    .from(orderBills)
    .where(inArray(orderBills.orderId, [...orderIds]));
  return new Map(rows.map(({ orderId, ...bill }) => [orderId, bill]));
}

/** An order's bill, or the columns of none. */
export async function billOf(db: Db | Tx, orderId: string): Promise<BillColumns> {
  return (await findBills(db, [orderId])).get(orderId) ?? NO_BILL;
}

/**
 * The bill of each of the orders named, with the order's total and time (what an answer's payment
 * falls back on), by order id, in one statement (none before the bill).
 */
export async function findBillParts(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Map<string, BillColumns & { totalPaise: number; createdAt: Date }>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({
      orderId: orderBills.orderId,
      bill: billColumns,
      totalPaise: orders.totalPaise,
      createdAt: orders.createdAt,
    })
    .from(orderBills)
    .innerJoin(orders, eq(orders.id, orderBills.orderId))
    .where(inArray(orderBills.orderId, [...orderIds]));
  return new Map(rows.map(({ orderId, bill, totalPaise, createdAt }) => [orderId, { ...bill, totalPaise, createdAt }]));
}

/** An order with its bill, or null when there is no such order. */
export async function findBillOrder(db: Db | Tx, orderId: string): Promise<BillOrderRow | null> {
  const [row] = await db
    .select({ order: orders, bill: billColumns })
    .from(orders)
    .leftJoin(orderBills, eq(orderBills.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return row ? { ...row.order, ...(row.bill ?? NO_BILL) } : null;
}

/** The order with its bill, its row locked until the transaction ends (as every order moment locks it). */
export async function lockBillOrder(tx: Tx, orderId: string): Promise<BillOrderRow | null> {
  const [locked] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  return locked ? findBillOrder(tx, orderId) : null;
}
export type BillLineRow = OrderItemRow;
export type BillAdjustmentRow = OrderAdjustmentRow;

/**
 * The next number of a series in a financial year, inside the caller's transaction. The upsert
 * takes the counter row's lock until the transaction ends, so a second bill on any process waits
 * for the first to commit (or roll back, which gives its number back): consecutive, no gap, no repeat.
 */
export async function nextInvoiceSeq(tx: Tx, series: string, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, financialYear, lastSeq: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.financialYear],
      set: { lastSeq: sql`${invoiceCounters.lastSeq} + 1` },
    })
    .returning({ lastSeq: invoiceCounters.lastSeq });
  if (!row) throw new Error('invoice counter upsert returned nothing');
  return row.lastSeq;
}

/** The last number given per series in a financial year (none before the first). */
export async function lastSequences(
  db: Db,
  series: readonly string[],
  financialYear: string,
): Promise<Map<string, number>> {
  if (!series.length) return new Map();
  const rows = await db
    .select({ series: invoiceCounters.series, lastSeq: invoiceCounters.lastSeq })
    .from(invoiceCounters)
    .where(and(inArray(invoiceCounters.series, [...series]), eq(invoiceCounters.financialYear, financialYear)));
  return new Map(rows.map((row) => [row.series, row.lastSeq]));
}

/** Gives the order its bill number, only if it has none (the order row is already locked by the moment). */
export async function setInvoiceNumber(
  tx: Tx,
  orderId: string,
  values: { invoiceNumber: string; invoiceSeries: string; invoiceYear: string; invoiceSeq: number; invoicedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(orderBills)
    .values({ orderId, ...values })
    .onConflictDoUpdate({ target: orderBills.orderId, set: values, where: isNull(orderBills.invoiceNumber) })
    .returning({ id: orderBills.orderId });
  return rows.length === 1;
}

/**
 * A khata order's bill went on the khata when packed (decision 0034): its payment is 'Khata', with
 * no reference, dated at the packing; written once (a repack finds it set).
 */
export async function markBilledToKhata(tx: Tx, orderId: string, at: Date): Promise<void> {
  const rows = await tx
    .update(orderBills)
    .set({ paymentMethod: 'Khata', paymentReference: null, paidAt: at })
    .where(and(eq(orderBills.orderId, orderId), isNull(orderBills.paymentMethod)))
    .returning({ id: orderBills.orderId });
  if (!rows.length) return;
  await insertOrderEvent(tx, {
    orderId,
    actorUserId: null,
    kind: 'payment',
    changes: { payment: { from: null, to: { method: 'Khata', reference: null } } },
  });
}

export async function recordPayment(
  tx: Tx,
  orderId: string,
  payment: { method: 'Cash' | 'UPI'; reference: string; amountPaise: number; paidAt: Date; recordedBy: string },
): Promise<void> {
  // The bill is final (numbered) before a payment is recorded: its row is there.
  await tx
    .update(orderBills)
    .set({
      paymentMethod: payment.method,
      paymentReference: payment.reference,
      paidPaise: payment.amountPaise,
      paidAt: payment.paidAt,
      paymentRecordedBy: payment.recordedBy,
    })
    .where(eq(orderBills.orderId, orderId));
  await insertOrderEvent(tx, {
    orderId,
    actorUserId: payment.recordedBy,
    kind: 'payment',
    changes: { payment: { from: null, to: { method: payment.method, reference: payment.reference } } },
  });
}

/**
 * A counter sale's payment, recorded as it is handed over (decision 0060): whatever khata's pack
 * wrote first ('Khata' for the part on the khata) gives way to the sale's tenders.
 */
export async function recordSalePayment(
  tx: Tx,
  orderId: string,
  payment: {
    method: 'Cash' | 'UPI' | 'Khata' | 'Split';
    reference: string | null;
    paidPaise: number | null;
    paidAt: Date;
    recordedBy: string | null;
  },
): Promise<void> {
  await tx
    .update(orderBills)
    .set({
      paymentMethod: payment.method,
      paymentReference: payment.reference,
      paidPaise: payment.paidPaise,
      paidAt: payment.paidAt,
      paymentRecordedBy: payment.recordedBy,
    })
    .where(eq(orderBills.orderId, orderId));
}

/**
 * Writes the refund of a cancelled order, only if it has none (the cancel holds the order's lock;
 * the guard makes a second refund impossible even so), with a `refund` event in its history.
 */
export async function recordRefund(
  tx: Tx,
  orderId: string,
  refund: { method: RefundMethod; reference: string; amountPaise: number; refundedAt: Date; refundedBy: string },
): Promise<boolean> {
  // Only a paid order is refunded: its row is there.
  const rows = await tx
    .update(orderBills)
    .set({
      refundMethod: refund.method,
      refundReference: refund.reference,
      refundAmountPaise: refund.amountPaise,
      refundedAt: refund.refundedAt,
      refundedBy: refund.refundedBy,
    })
    .where(and(eq(orderBills.orderId, orderId), isNull(orderBills.refundedAt)))
    .returning({ id: orderBills.orderId });
  if (rows.length !== 1) return false;
  await insertOrderEvent(tx, {
    orderId,
    actorUserId: refund.refundedBy,
    kind: 'refund',
    changes: {
      refund: {
        from: null,
        to: { method: refund.method, reference: refund.reference, amount: refund.amountPaise / 100 },
      },
    },
  });
  return true;
}

/** Where a page of bills ends: the next page starts after this number (keyset, in number order). */
export interface BillCursor {
  invoiceSeries: string;
  invoiceYear: string;
  invoiceSeq: number;
}

/**
 * Up to `limit` bills dated [from, to) after `after`, in number order, with their lines and
 * adjustments: one page of a long report (a month of a busy shop is 30,000 bills), read on the
 * bill number's index so each page costs the same however far in. `withCancelled: false` leaves
 * cancelled bills out.
 */
export async function findBillsPage(
  db: Db,
  from: Date,
  to: Date,
  { withCancelled, after, limit }: { withCancelled: boolean; after: BillCursor | null; limit: number },
): Promise<{ orders: BillOrderRow[]; lines: BillLineRow[]; adjustments: BillAdjustmentRow[] }> {
  const rows = await db
    .select({ order: orders, bill: billColumns })
    .from(orderBills)
    .innerJoin(orders, eq(orders.id, orderBills.orderId))
    .where(
      and(
        gte(orderBills.invoicedAt, from),
        lt(orderBills.invoicedAt, to),
        withCancelled ? undefined : ne(orders.status, 'Cancelled'),
        after
          ? sql`(${orderBills.invoiceSeries}, ${orderBills.invoiceYear}, ${orderBills.invoiceSeq}) > (${after.invoiceSeries}, ${after.invoiceYear}, ${after.invoiceSeq})`
          : undefined,
      ),
    )
    .orderBy(asc(orderBills.invoiceSeries), asc(orderBills.invoiceYear), asc(orderBills.invoiceSeq))
    .limit(limit);
  const bills: BillOrderRow[] = rows.map(({ order, bill }) => ({ ...order, ...bill }));
  const ids = bills.map((bill) => bill.id);
  if (!ids.length) return { orders: [], lines: [], adjustments: [] };
  const [lines, adjustments] = await Promise.all([findOrderItems(db, ids), findOrderAdjustments(db, ids)]);
  return { orders: bills, lines, adjustments };
}

/**
 * The highest number of a series in a financial year below `seq` (0 when none): what comes before
 * a month's first bill.
 */
export async function lastSeqBefore(db: Db, series: string, invoiceYear: string, seq: number): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number | null>`max(${orderBills.invoiceSeq})` })
    .from(orderBills)
    .where(
      and(
        eq(orderBills.invoiceSeries, series),
        eq(orderBills.invoiceYear, invoiceYear),
        lt(orderBills.invoiceSeq, seq),
      ),
    );
  return Number(row?.seq ?? 0);
}

/** What a UTR already paid: an order (its number) or a khata (its holder's name). */
export type UpiReferenceUse = { orderNumber: number } | { khataName: string } | { unknown: true };

/**
 * Claims `utr` for an order's payment or a khata payment, inside the caller's transaction: true
 * when it was free. The primary key decides; a claim racing another waits for that transaction to
 * end, so two processes never both get true.
 */
export async function claimUpiReference(
  tx: Tx,
  utr: string,
  paid: { orderId: string } | { khataAccountId: string },
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(upiReferences)
    .values({ utr, usedAt: at, ...paid })
    .onConflictDoNothing({ target: upiReferences.utr })
    .returning({ utr: upiReferences.utr });
  return rows.length === 1;
}

/** What `utr` paid, for the refusal of a second use. */
export async function findUpiReferenceUse(db: Db, utr: string): Promise<UpiReferenceUse> {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber, khataName: khataAccounts.customerName })
    .from(upiReferences)
    .leftJoin(orders, eq(orders.id, upiReferences.orderId))
    .leftJoin(khataAccounts, eq(khataAccounts.id, upiReferences.khataAccountId))
    .where(eq(upiReferences.utr, utr));
  if (row?.orderNumber != null) return { orderNumber: row.orderNumber };
  if (row?.khataName) return { khataName: row.khataName };
  return { unknown: true };
}
