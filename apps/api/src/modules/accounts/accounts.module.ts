/**
 * Accounts (decision 0002): users, login and sessions, password resets, email confirmation, the
 * admin's user management, and the shopper's saved addresses. How an account is erased is
 * personal data's rule, handed in as a service (personal-data depends on accounts, not the reverse).
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { accountsCache } from './accounts.cache.js';
import { accountsRoutes } from './accounts.routes.js';
import { addressesRoutes } from './addresses.routes.js';

export const accountsModule: ModuleManifest = {
  name: 'accounts',
  dependsOn: [],
  tables: ['users', 'saved_addresses', 'password_reset_tokens', 'email_confirmation_tokens'],
  cache: accountsCache,
  routes: [
    moduleRoutes(accountsRoutes, ({ deps, services }) => ({ ...deps, eraseAccount: services.eraseAccount })),
    moduleRoutes(addressesRoutes, ({ deps }) => deps),
  ],
};
