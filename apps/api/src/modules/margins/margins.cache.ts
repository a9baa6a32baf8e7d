/**
 * The margin report, a cached read (docs/decisions/0016-cache-declarations.md, 0039): it sums a
 * range's bills (up to a year of them), so it is built once per change, not per visit of the
 * Reports screen. Bills, their packed lines, cost rates and refunds are order writes (the orders
 * tag); write-offs and deleting a product (its lines are then grouped by name) drop the catalogue;
 * the shop's state and GSTIN decide each line's taxable value.
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, ModuleCache } from '../../lib/response-cache.js';

/** Keyed by the range as resolved (the default week depends on today). */
const report: CachedRead<{ from: string; to: string }> = {
  name: 'margins.report',
  route: 'GET /api/admin/reports/margin',
  key: ({ from, to }) => `${from}|${to}`,
  tags: () => [CACHE_TAGS.orders, CACHE_TAGS.catalogue, CACHE_TAGS.shop],
};

/** The report writes nothing: its data changes through orders, purchases, the catalogue and the shop. */
export const marginsCache = {
  module: 'margins',
  reads: { report },
  writes: {},
} as const satisfies ModuleCache;
