/**
 * The shopper's personal data (decision 0031): the download of everything kept about them, and the
 * account's deletion, which settles and erases the person and keeps the books. It makes the
 * accounts module's eraser (accounts cannot import it). Its account-deleted mail stays here: it
 * answers the shopper's own request, and is no order event's message.
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import type { AccountEraser } from '../accounts/accounts.service.js';
import { personalDataCache } from './personal-data.cache.js';
import { personalDataRoutes } from './personal-data.routes.js';
import { settleAndErase } from './personal-data.service.js';

declare module '../../module-manifest.js' {
  interface ModuleServices {
    /** How an account is erased: settled, then the person erased and the books kept. */
    eraseAccount: AccountEraser;
  }
}

export const personalDataModule: ModuleManifest = {
  name: 'personal-data',
  // Reads through the services of the modules that keep the shopper's data.
  dependsOn: ['accounts', 'orders', 'complaints', 'khata', 'buy-again', 'notifications'],
  tables: [],
  cache: personalDataCache,
  services: () => ({ eraseAccount: settleAndErase }),
  routes: [
    moduleRoutes(personalDataRoutes, ({ deps, now, services }) => ({
      ...deps,
      now,
      orderViews: services.orderLifecycle.participants,
    })),
  ],
};
