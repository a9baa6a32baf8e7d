/**
 * Weighing (decision 0007): packing an order at the weighed weights, through the orders module's
 * lifecycle, and the pick list of a shop date.
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { weighingCache } from './weighing.cache.js';
import { weighingRoutes } from './weighing.routes.js';

export const weighingModule: ModuleManifest = {
  name: 'weighing',
  // Packing is an order moment; the substitutes sent are the substitutions module's rule.
  dependsOn: ['orders', 'substitutions'],
  tables: [],
  cache: weighingCache,
  routes: [
    moduleRoutes(weighingRoutes, ({ deps, now, services }) => ({
      ...deps,
      now,
      orderLifecycle: services.orderLifecycle,
    })),
  ],
};
