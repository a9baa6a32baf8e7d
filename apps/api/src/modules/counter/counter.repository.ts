/** The counter's queries: devices, the sales they made, and the catalogue a device keeps. No rules here, only SQL. */

import type { BarcodeRule } from '@mandi/shared/kernel';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { barcodeRules, categories, counterDevices, counterSales, products } from '../../db/schema.js';

type Runner = Db | Tx;
export type DeviceRow = typeof counterDevices.$inferSelect;
export type SaleRow = typeof counterSales.$inferSelect;

export async function insertDevice(db: Runner, name: string): Promise<DeviceRow> {
  const [row] = await db.insert(counterDevices).values({ name }).returning();
  if (!row) throw new Error('device insert returned nothing');
  return row;
}

export async function listDevices(db: Runner): Promise<DeviceRow[]> {
  return db.select().from(counterDevices).orderBy(asc(counterDevices.seriesNumber));
}

export async function findDevice(db: Runner, id: string): Promise<DeviceRow | null> {
  const [row] = await db.select().from(counterDevices).where(eq(counterDevices.id, id));
  return row ?? null;
}

export async function updateDevice(
  db: Runner,
  id: string,
  values: Pick<DeviceRow, 'name' | 'scale' | 'printer'>,
): Promise<DeviceRow | null> {
  const [row] = await db.update(counterDevices).set(values).where(eq(counterDevices.id, id)).returning();
  return row ?? null;
}

/** The order a device's sale made, when it was made already. */
export async function findSaleByClientId(db: Runner, deviceId: string, clientSaleId: string): Promise<string | null> {
  const [row] = await db
    .select({ orderId: counterSales.orderId })
    .from(counterSales)
    .where(and(eq(counterSales.deviceId, deviceId), eq(counterSales.clientSaleId, clientSaleId)));
  return row?.orderId ?? null;
}

/**
 * Writes the sales of a placing batch; a sale its device sent before is left out (its row is
 * there, or another process is writing it: this statement then waits for that one's commit), so
 * fewer ids come back.
 */
export async function insertSales(tx: Tx, rows: readonly (typeof counterSales.$inferInsert)[]): Promise<string[]> {
  if (!rows.length) return [];
  const written = await tx
    .insert(counterSales)
    .values([...rows])
    .onConflictDoNothing({ target: [counterSales.deviceId, counterSales.clientSaleId] })
    .returning({ orderId: counterSales.orderId });
  return written.map((row) => row.orderId);
}

export async function findSales(db: Runner, orderIds: readonly string[]): Promise<Map<string, SaleRow>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select()
    .from(counterSales)
    .where(inArray(counterSales.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row]));
}

/** The sales made in [from, to), of one device or of all, in the order they were made. */
export async function findSaleIdsMade(db: Runner, from: Date, to: Date, deviceId?: string): Promise<string[]> {
  const rows = await db
    .select({ orderId: counterSales.orderId })
    .from(counterSales)
    .where(
      and(
        gte(counterSales.soldAt, from),
        lt(counterSales.soldAt, to),
        deviceId ? eq(counterSales.deviceId, deviceId) : undefined,
      ),
    )
    .orderBy(asc(counterSales.soldAt), asc(counterSales.createdAt));
  return rows.map((row) => row.orderId);
}

/** The products a sale names: their name and unit (rates come from the rate board's history). */
export async function findProducts(db: Runner, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: products.id, name: products.name, unit: products.unit })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** The other names of the products named (the Hindi name is the first in Devanagari), by id. */
export async function findAliases(db: Runner, ids: readonly string[]): Promise<Map<string, string[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: products.id, aliases: products.aliases })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.aliases]));
}

/** Every product, in rate-board order (category, then name): what a counter keeps to sell offline. */
export async function catalogueRows(db: Runner) {
  return db
    .select({
      id: products.id,
      name: products.name,
      aliases: products.aliases,
      unit: products.unit,
      ratePaise: products.ratePaise,
      imageId: products.imageId,
      category: categories.name,
      plu: products.plu,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(
      sql`lower(${categories.name})`,
      asc(categories.name),
      sql`lower(${products.name})`,
      asc(products.name),
      asc(products.id),
    );
}

export async function listBarcodeRules(db: Runner): Promise<BarcodeRule[]> {
  return db
    .select({ prefix: barcodeRules.prefix, valueKind: barcodeRules.valueKind })
    .from(barcodeRules)
    .orderBy(asc(barcodeRules.prefix));
}

/** The shop's rules, all replaced at once. */
export async function replaceBarcodeRules(tx: Tx, rules: readonly BarcodeRule[]): Promise<void> {
  await tx.delete(barcodeRules);
  if (rules.length) await tx.insert(barcodeRules).values([...rules]);
}

/** The product a scale label's PLU names, or null. */
export async function findProductByPlu(db: Runner, plu: number) {
  const [row] = await db
    .select({ id: products.id, name: products.name, unit: products.unit, ratePaise: products.ratePaise })
    .from(products)
    .where(eq(products.plu, plu));
  return row ?? null;
}

/** What a label names of each product: its PLU and other names (the Hindi one among them), by id. */
export async function findLabelProducts(db: Runner, ids: readonly string[]) {
  if (!ids.length)
    return new Map<string, { name: string; unit: string; ratePaise: number; plu: number | null; aliases: string[] }>();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      unit: products.unit,
      ratePaise: products.ratePaise,
      plu: products.plu,
      aliases: products.aliases,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map(({ id, ...product }) => [id, product]));
}
