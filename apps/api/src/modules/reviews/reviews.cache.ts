/**
 * The public review list, cached per page, and the writes that drop it
 * (docs/decisions/0016-cache-declarations.md). Deleting a user deletes their reviews too (accounts.cache.ts).
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, CacheWrite, ModuleCache } from '../../lib/response-cache.js';

const reviews = () => [CACHE_TAGS.reviews];

const list: CachedRead<{ page: number; limit: number }> = {
  name: 'reviews.list',
  route: 'GET /api/user/get/reviews',
  key: ({ page, limit }) => `${page}:${limit}`,
  tags: reviews,
};

/** A review added, replaced by its author, or deleted by an admin. */
const changed: CacheWrite = {
  name: 'reviews.changed',
  routes: ['POST /api/user/add/review', 'DELETE /api/user/admin/review/:id'],
  tags: reviews,
};

export const reviewsCache = {
  module: 'reviews',
  reads: { list },
  writes: { changed },
} as const satisfies ModuleCache;
