/**
 * The products a packer names as substitutes, and the ordered ones they stand in for (for their
 * category), read from the catalogue's table in this module's own repository (like the
 * dashboard's report): unlocked, because the stock participant locks every product a pack moves
 * in id order right after, and a lock taken here first could wait in a circle with a checkout.
 */
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products } from '../../db/schema.js';
import type { CandidateProduct } from './substitutions.rules.js';

export async function findCandidates(tx: Tx, ids: string[]): Promise<CandidateProduct[]> {
  if (!ids.length) return [];
  return tx
    .select({
      id: products.id,
      name: products.name,
      ratePaise: products.ratePaise,
      unit: products.unit,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      categoryId: products.categoryId,
    })
    .from(products)
    .where(inArray(products.id, ids));
}
