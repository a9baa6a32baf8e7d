/**
 * What deleting one's own account changes in the cached reads (docs/decisions/0016-cache-declarations.md,
 * decision 0031): the set of users, the review list (their review goes), and the orders, whose
 * unbilled ones lose the shopper's name and address. The download is read uncached.
 */
import { CACHE_TAGS, ordersOf } from '../../lib/cache-tags.js';
import type { CacheWrite, ModuleCache } from '../../lib/response-cache.js';

const accountDeleted: CacheWrite<[userId: string]> = {
  name: 'personal-data.accountDeleted',
  routes: ['DELETE /api/user/me'],
  tags: (userId) => [CACHE_TAGS.users, CACHE_TAGS.reviews, CACHE_TAGS.orders, ordersOf(userId)],
};

export const personalDataCache = {
  module: 'personal-data',
  reads: {},
  writes: { accountDeleted },
} as const satisfies ModuleCache;
