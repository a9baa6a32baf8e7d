/**
 * Complaints are read uncached (a shopper's few, the admin's list), but they change the
 * dashboard's open and overdue counts: every complaint made or answered drops the `complaints`
 * tag (docs/decisions/0016-cache-declarations.md).
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CacheWrite, ModuleCache } from '../../lib/response-cache.js';

/** A complaint made, acknowledged or resolved. */
const changed: CacheWrite = {
  name: 'complaints.changed',
  routes: ['POST /api/user/complaints', 'PUT /api/admin/complaints/:id'],
  tags: () => [CACHE_TAGS.complaints],
};

export const complaintsCache = {
  module: 'complaints',
  reads: {},
  writes: { changed },
} as const satisfies ModuleCache;
