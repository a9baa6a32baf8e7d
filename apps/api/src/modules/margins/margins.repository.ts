/**
 * The margin report's own read (decision 0037): the write-offs entered in a range, from the
 * wastage table (written by the stock module), read only. The bills come through billing.
 */
import { and, asc, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { wastageEntries } from '../../db/schema.js';

export async function findWastage(db: Db, from: Date, to: Date) {
  return db
    .select({
      productId: wastageEntries.productId,
      name: wastageEntries.productName,
      unit: wastageEntries.unit,
      grams: wastageEntries.quantityGrams,
      costPaise: wastageEntries.costPaise,
      createdAt: wastageEntries.createdAt,
    })
    .from(wastageEntries)
    .where(and(gte(wastageEntries.createdAt, from), lt(wastageEntries.createdAt, to)))
    .orderBy(asc(wastageEntries.createdAt));
}
