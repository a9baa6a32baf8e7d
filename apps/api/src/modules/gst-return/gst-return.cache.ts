/**
 * GSTR-1 of a month, a cached read (docs/decisions/0016-cache-declarations.md, 0039): a month of
 * bills summed twice (the return and the register beside it), built once per change. Bills,
 * cancellations and refunds are order writes (the orders tag); the shop's GSTIN and state make the
 * return's header and its places of supply.
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, ModuleCache } from '../../lib/response-cache.js';

/** Keyed by the period as resolved (MMYYYY; the default is last month). */
const gstr1: CachedRead<string> = {
  name: 'gst-return.gstr1',
  route: 'GET /api/admin/gst/gstr1',
  key: (period) => period,
  tags: () => [CACHE_TAGS.orders, CACHE_TAGS.shop],
};

/** The return writes nothing: its data changes through orders and the shop's profile. */
export const gstReturnCache = {
  module: 'gst-return',
  reads: { gstr1 },
  writes: {},
} as const satisfies ModuleCache;
