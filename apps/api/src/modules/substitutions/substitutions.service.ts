/**
 * Substitutions at packing (decision 0043): the products the packer sent in place of ordered ones,
 * checked by the rules against each line. The orders module moves the stock of both products and
 * bills the substitute; this module only says what may be sent.
 */
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../lib/validation.js';
import type { LineToWeigh, SubstituteSent } from '../orders/orders.service.js';
import { findCandidates } from './substitutions.repository.js';
import { checkSubstitute } from './substitutions.rules.js';

/**
 * The substitute of each line that names one (`wanted`: product id by line id), with `grams` the
 * packed amounts by line id; throws the first line's refusal, in the order's line order.
 */
export async function chooseSubstitutes(
  tx: Tx,
  lines: readonly LineToWeigh[],
  wanted: ReadonlyMap<string, string>,
  grams: ReadonlyMap<string, number>,
): Promise<Map<string, SubstituteSent>> {
  const chosen = new Map<string, SubstituteSent>();
  if (!wanted.size) return chosen;
  // The substitutes named and the products they stand in for (a similar item is of their category), in one read.
  const ordered = lines.flatMap((line) => (wanted.has(line.id) && line.productId ? [line.productId] : []));
  const ids = [...new Set([...[...wanted.values()].map((id) => id.toLowerCase()).filter(isUuid), ...ordered])];
  const products = new Map((await findCandidates(tx, ids)).map((product) => [product.id, product]));
  for (const line of lines) {
    const productId = wanted.get(line.id);
    if (productId === undefined) continue;
    const product = isUuid(productId) ? products.get(productId.toLowerCase()) : undefined;
    const categoryId = line.productId ? (products.get(line.productId)?.categoryId ?? null) : null;
    chosen.set(line.id, checkSubstitute({ ...line, categoryId }, productId, product, grams.get(line.id) ?? 0));
  }
  return chosen;
}
