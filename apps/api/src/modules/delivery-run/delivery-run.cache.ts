/**
 * The run sheet, the delivery run's one cached read (docs/decisions/0016-cache-declarations.md).
 * It lists a date's Processing and Shipped orders with what to collect at each, and the Cash taken
 * that date on bills and khatas: every order moment and every payment drops it (they name `orders`,
 * orders.cache.ts and billing.cache.ts), and so does a khata's own payment (`khata`). A delivery
 * person opens it again at every stop; at 400 orders it is 150 KB to build and compress.
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, ModuleCache } from '../../lib/response-cache.js';

const runSheet: CachedRead<{ date: string; slotId: string | undefined }> = {
  name: 'deliveryRun.sheet',
  route: 'GET /api/admin/delivery/run',
  key: ({ date, slotId }) => `${date}|${slotId ?? ''}`,
  tags: () => [CACHE_TAGS.orders, CACHE_TAGS.khata],
};

/** A cash close writes only its own table, which the run sheet does not show. */
export const deliveryRunCache = {
  module: 'delivery-run',
  reads: { runSheet },
  writes: {},
} as const satisfies ModuleCache;
