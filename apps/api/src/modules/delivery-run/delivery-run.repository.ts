/**
 * The delivery run's queries (decision 0033). A report across domains like the dashboard: it reads
 * the orders' slot, address and payment columns (orders, delivery and billing fill them) and owns
 * one table, `cash_closes`. No rules here, only SQL.
 */
import { and, asc, between, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  cashCloses,
  counterDevices,
  counterSales,
  khataEntries,
  khataOrders,
  orderBills,
  orderDelivery,
  orders,
} from '../../db/schema.js';

type Runner = Db | Tx;

export type CashCloseRow = typeof cashCloses.$inferSelect;

/** The columns of an order the run sheet shows. */
export async function runOrders(db: Runner, date: string, templateId: string | null) {
  return (
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        firstName: orders.customerFirstName,
        lastName: orders.customerLastName,
        address: orders.address,
        city: orders.city,
        pinCode: orders.pinCode,
        mobile: orders.mobileNumber,
        status: orders.status,
        totalPaise: orders.totalPaise,
        packedAt: orders.packedAt,
        invoiceNumber: orderBills.invoiceNumber,
        paymentMethod: orderBills.paymentMethod,
        // The checkout's choice, kept by khata (decision 0058): a row there is an order on the khata.
        paymentTerms: sql<'COD' | 'Khata'>`case when ${khataOrders.orderId} is null then 'COD' else 'Khata' end`,
        templateId: orderDelivery.slotTemplateId,
        slotDate: orders.deliveryDate,
        startMinute: orderDelivery.slotStartMinute,
        endMinute: orderDelivery.slotEndMinute,
      })
      .from(orders)
      // The run reads what delivery, billing and khata keep of its orders (their tables; it writes none).
      .leftJoin(orderDelivery, eq(orderDelivery.orderId, orders.id))
      .leftJoin(orderBills, eq(orderBills.orderId, orders.id))
      .leftJoin(khataOrders, eq(khataOrders.orderId, orders.id))
      .where(
        and(
          eq(orders.deliveryDate, date),
          inArray(orders.status, ['Processing', 'Shipped']),
          templateId ? eq(orderDelivery.slotTemplateId, templateId) : undefined,
        ),
      )
      // The route of the run: by slot start, then PIN code, then address; the number breaks ties.
      .orderBy(
        asc(orderDelivery.slotStartMinute),
        asc(orderDelivery.slotEndMinute),
        asc(orders.pinCode),
        asc(orders.address),
        asc(orders.orderNumber),
      )
  );
}
export type RunOrderRow = Awaited<ReturnType<typeof runOrders>>[number];

/**
 * The Cash payments recorded in [from, to): each order's payment, taken once (billing records one
 * payment per order; cancelled orders count too: their cash was taken), and the Cash payments
 * made on khatas (decision 0034; a payment entry's amount is negative, a credit).
 */
export async function cashPaymentsPaise(db: Runner, from: Date, to: Date): Promise<number> {
  const [orderCash, khataCash] = await Promise.all([
    db
      // What the payment took (decision 0055), not the bill's total of the moment.
      .select({
        total: sql<string | number | null>`coalesce(sum(coalesce(${orderBills.paidPaise}, ${orders.totalPaise})), 0)`,
      })
      .from(orderBills)
      .innerJoin(orders, eq(orders.id, orderBills.orderId))
      .where(
        and(
          eq(orderBills.paymentMethod, 'Cash'),
          gte(orderBills.paidAt, from),
          lt(orderBills.paidAt, to),
          // A counter sale's cash is its Cash tender's (counterCashByDevice), whatever else paid it.
          ne(orders.channel, 'counter'),
        ),
      ),
    db
      .select({ total: sql<string | number | null>`coalesce(-sum(${khataEntries.amountPaise}), 0)` })
      .from(khataEntries)
      .where(
        and(
          // Cash paid in on khatas, less cash paid out of the drawer for advances (decision 0055).
          inArray(khataEntries.kind, ['payment', 'payout']),
          eq(khataEntries.method, 'Cash'),
          gte(khataEntries.createdAt, from),
          lt(khataEntries.createdAt, to),
        ),
      ),
  ]);
  return Number(orderCash[0]?.total ?? 0) + Number(khataCash[0]?.total ?? 0);
}

/**
 * The cash each counter device took in [from, to): its sales' Cash tenders (a sale taken back
 * counts too: its cash was taken), less the cash its sales' refunds paid out in that time. Every
 * device, none left out for a quiet day.
 */
export async function counterCashByDevice(db: Runner, from: Date, to: Date) {
  const result = await db.execute(sql`
    select d.id as "deviceId", d.name, d.series_number as "seriesNumber",
      coalesce((
        select sum((t->>'amountPaise')::bigint)
        from ${counterSales} s cross join lateral jsonb_array_elements(s.tenders) t
        where s.device_id = d.id and t->>'method' = 'Cash'
          and s.sold_at >= ${from.toISOString()}::timestamptz and s.sold_at < ${to.toISOString()}::timestamptz
      ), 0) - coalesce((
        select sum(b.refund_amount_paise)
        from ${counterSales} s join ${orderBills} b on b.order_id = s.order_id
        where s.device_id = d.id and b.refund_method = 'Cash'
          and b.refunded_at >= ${from.toISOString()}::timestamptz and b.refunded_at < ${to.toISOString()}::timestamptz
      ), 0) as "cashPaise"
    from ${counterDevices} d
    order by d.series_number`);
  const rows = (
    result as unknown as {
      rows: { deviceId: string; name: string; seriesNumber: number; cashPaise: string | number }[];
    }
  ).rows;
  return rows.map((row) => ({ ...row, seriesNumber: Number(row.seriesNumber), cashPaise: Number(row.cashPaise) }));
}

export async function insertClose(tx: Tx, values: typeof cashCloses.$inferInsert): Promise<CashCloseRow> {
  const [row] = await tx.insert(cashCloses).values(values).returning();
  if (!row) throw new Error('cash close insert returned nothing');
  return row;
}

/** Every close of the dates from..to, newest date first, the latest close of a date first. */
export async function listCloses(db: Runner, from: string, to: string): Promise<CashCloseRow[]> {
  return db
    .select()
    .from(cashCloses)
    .where(between(cashCloses.date, from, to))
    .orderBy(desc(cashCloses.date), desc(cashCloses.closedAt), desc(cashCloses.id));
}
