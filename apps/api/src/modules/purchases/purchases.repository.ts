/**
 * The queries of buying at the mandi (decision 0035): suppliers and their payments, purchases with
 * their lines and charges, and the stock and cost columns of products they move (locked in id
 * order, as the orders' stock participant locks them), and the wastage entries. No rules here,
 * only SQL.
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  products,
  purchaseCharges,
  purchaseLines,
  purchases,
  supplierPayments,
  suppliers,
  wastageEntries,
} from '../../db/schema.js';

type Runner = Db | Tx;

export type PurchaseRow = typeof purchases.$inferSelect;
export type PurchaseLineRow = typeof purchaseLines.$inferSelect;
export type PurchaseChargeRow = typeof purchaseCharges.$inferSelect;
export type WastageRow = typeof wastageEntries.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;

export interface StockedProduct {
  id: string;
  name: string;
  unit: string;
  stockGrams: number;
  costRatePaise: number | null;
}

/** Locks the products' rows in id order (a pack, a checkout and a purchase never wait in a circle). */
export async function lockProducts(tx: Tx, ids: readonly string[]): Promise<StockedProduct[]> {
  if (!ids.length) return [];
  return tx
    .select({
      id: products.id,
      name: products.name,
      unit: products.unit,
      stockGrams: products.stockGrams,
      costRatePaise: products.costRatePaise,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]))
    .orderBy(asc(products.id))
    .for('update');
}

/** Sets a locked product's stock and cost. */
export async function setStockAndCost(tx: Tx, id: string, stockGrams: number, costRatePaise: number | null) {
  await tx.update(products).set({ stockGrams, costRatePaise }).where(eq(products.id, id));
}

/** The supplier of this name (whatever its case), created when new; safe when two purchases name it at once. */
export async function supplierNamed(tx: Tx, name: string): Promise<SupplierRow> {
  await tx.insert(suppliers).values({ name }).onConflictDoNothing();
  const [row] = await tx.select().from(suppliers).where(sql`lower(${suppliers.name}) = lower(${name})`).limit(1);
  if (!row) throw new Error('supplier insert returned nothing');
  return row;
}

export async function insertPurchase(
  tx: Tx,
  purchase: typeof purchases.$inferInsert,
  lines: Omit<typeof purchaseLines.$inferInsert, 'purchaseId'>[],
  charges: Omit<typeof purchaseCharges.$inferInsert, 'purchaseId'>[],
): Promise<PurchaseRow> {
  const [row] = await tx.insert(purchases).values(purchase).returning();
  if (!row) throw new Error('purchase insert returned nothing');
  await tx.insert(purchaseLines).values(lines.map((line) => ({ ...line, purchaseId: row.id })));
  if (charges.length)
    await tx.insert(purchaseCharges).values(charges.map((charge) => ({ ...charge, purchaseId: row.id })));
  return row;
}

export interface PurchaseWithParts {
  purchase: PurchaseRow;
  supplierName: string;
  lines: PurchaseLineRow[];
  charges: PurchaseChargeRow[];
}

/** The purchases bought on the dates from..to (or these ids), newest date first, with their lines and charges. */
export async function findPurchases(
  db: Runner,
  where: { from: string; to: string } | { ids: string[] },
): Promise<PurchaseWithParts[]> {
  const rows = await db
    .select({ purchase: purchases, supplierName: suppliers.name })
    .from(purchases)
    .innerJoin(suppliers, eq(suppliers.id, purchases.supplierId))
    .where(
      'ids' in where
        ? inArray(purchases.id, where.ids)
        : and(gte(purchases.date, where.from), lte(purchases.date, where.to)),
    )
    .orderBy(desc(purchases.date), desc(purchases.createdAt), desc(purchases.id));
  if (!rows.length) return [];
  const ids = rows.map((row) => row.purchase.id);
  const [lines, charges] = await Promise.all([
    db.select().from(purchaseLines).where(inArray(purchaseLines.purchaseId, ids)).orderBy(asc(purchaseLines.position)),
    db
      .select()
      .from(purchaseCharges)
      .where(inArray(purchaseCharges.purchaseId, ids))
      .orderBy(asc(purchaseCharges.position)),
  ]);
  return rows.map((row) => ({
    ...row,
    lines: lines.filter((line) => line.purchaseId === row.purchase.id),
    charges: charges.filter((charge) => charge.purchaseId === row.purchase.id),
  }));
}

export interface SupplierTotals {
  id: string;
  name: string;
  purchasedPaise: number;
  paidPaise: number;
  lastPurchaseDate: string | null;
}

/** Every supplier (or one) with what was bought from it and paid to it, by name. */
export async function supplierTotals(db: Runner, id?: string): Promise<SupplierTotals[]> {
  const bought = db
    .select({
      supplierId: purchases.supplierId,
      total: sql<string>`sum(${purchases.totalPaise})`.as('total'),
      last: sql<string | null>`max(${purchases.date})`.as('last'),
    })
    .from(purchases)
    .groupBy(purchases.supplierId)
    .as('bought');
  const paid = db
    .select({
      supplierId: supplierPayments.supplierId,
      total: sql<string>`sum(${supplierPayments.amountPaise})`.as('paid_total'),
    })
    .from(supplierPayments)
    .groupBy(supplierPayments.supplierId)
    .as('paid');
  const rows = await db
    .select({
      id: suppliers.id,
      name: suppliers.name,
      purchased: sql<string | number>`coalesce(${bought.total}, 0)`,
      paid: sql<string | number>`coalesce(${paid.total}, 0)`,
      last: bought.last,
    })
    .from(suppliers)
    .leftJoin(bought, eq(bought.supplierId, suppliers.id))
    .leftJoin(paid, eq(paid.supplierId, suppliers.id))
    .where(id ? eq(suppliers.id, id) : undefined)
    .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    purchasedPaise: Number(row.purchased),
    paidPaise: Number(row.paid),
    lastPurchaseDate: row.last ? String(row.last).slice(0, 10) : null,
  }));
}

export async function insertSupplierPayment(tx: Tx, values: typeof supplierPayments.$inferInsert): Promise<void> {
  await tx.insert(supplierPayments).values(values);
}

/** Locks a supplier's row (payments to one supplier are written one at a time); null when there is none. */
export async function lockSupplier(tx: Tx, id: string): Promise<SupplierRow | null> {
  const [row] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).for('update');
  return row ?? null;
}

export async function insertWastage(tx: Tx, values: typeof wastageEntries.$inferInsert): Promise<WastageRow> {
  const [row] = await tx.insert(wastageEntries).values(values).returning();
  if (!row) throw new Error('wastage insert returned nothing');
  return row;
}

/** The write-offs in [from, to), newest first. */
export async function findWastage(db: Runner, from: Date, to: Date): Promise<WastageRow[]> {
  return db
    .select()
    .from(wastageEntries)
    .where(and(gte(wastageEntries.createdAt, from), lt(wastageEntries.createdAt, to)))
    .orderBy(desc(wastageEntries.createdAt), desc(wastageEntries.id));
}

/** Net quantities bought per product on the dates from..to (thousandths of the unit). */
export async function boughtByProduct(
  db: Runner,
  from: string,
  to: string,
  productIds: string[],
): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ productId: purchaseLines.productId, grams: sql<string | number>`sum(${purchaseLines.netGrams})` })
    .from(purchaseLines)
    .innerJoin(purchases, eq(purchases.id, purchaseLines.purchaseId))
    .where(and(gte(purchases.date, from), lte(purchases.date, to), inArray(purchaseLines.productId, productIds)))
    .groupBy(purchaseLines.productId);
  return new Map(rows.flatMap((row) => (row.productId ? [[row.productId, Number(row.grams)] as const] : [])));
}

/**
 * Copies each product's cost rate onto the order's lines of it (the pack step): the substitute's
 * for a line packed with one (decision 0043), since that is the stock that left.
 */
export async function copyCostRatesToOrder(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    update order_items set cost_rate_paise = p.cost_rate_paise
    from order_items held join products p
      on p.id = case when held.substitute_name is null then held.product_id else held.substitute_product_id end
    where order_items.order_id = ${orderId} and held.id = order_items.id`);
}
