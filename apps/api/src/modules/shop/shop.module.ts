/**
 * The shop's profile (decision 0028): name, licences, contact and policies. Every module reads it
 * through AppDeps (`shop`, made by buildApp before any module, since the mailer signs with it),
 * and every page carries it.
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { shopCache } from './shop.cache.js';
import { shopRoutes } from './shop.routes.js';

export const shopModule: ModuleManifest = {
  name: 'shop',
  dependsOn: [],
  tables: ['shop_profile'],
  cache: shopCache,
  routes: [moduleRoutes(shopRoutes, ({ deps }) => deps)],
};
