/**
 * The accounts' cached read (the admin's user list) and the writes that drop it
 * (docs/decisions/0016-cache-declarations.md). The dashboard counts users too (orders.cache.ts).
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, CacheWrite, ModuleCache } from '../../lib/response-cache.js';

const users = () => [CACHE_TAGS.users];

/** Every page, search and sort of the admin's user list. */
const adminUsers: CachedRead<object> = {
  name: 'accounts.adminUsers',
  route: 'GET /api/user/admin/user',
  key: (query) => JSON.stringify(query),
  tags: users,
};

const registered: CacheWrite = { name: 'accounts.registered', routes: ['POST /api/user/register'], tags: users };
const roleChanged: CacheWrite = { name: 'accounts.roleChanged', routes: ['PUT /api/user/admin/user/:id'], tags: users };
/** A user deleted: their reviews go with them (foreign key cascade), their orders stay, unlinked. */
const deleted: CacheWrite = {
  name: 'accounts.deleted',
  routes: ['DELETE /api/user/admin/user/:id'],
  tags: () => [CACHE_TAGS.users, CACHE_TAGS.reviews],
};

export const accountsCache = {
  module: 'accounts',
  reads: { adminUsers },
  writes: { registered, roleChanged, deleted },
} as const satisfies ModuleCache;
