/**
 * The delivery run and its cash (decision 0033): the run sheet of a date and slot, and the end of
 * day's cash close. A report over the orders' slot and payment columns, read in its own repository.
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { deliveryRunCache } from './delivery-run.cache.js';
import { deliveryRunRoutes } from './delivery-run.routes.js';

export const deliveryRunModule: ModuleManifest = {
  name: 'delivery-run',
  dependsOn: [],
  tables: ['cash_closes'],
  cache: deliveryRunCache,
  routes: [moduleRoutes(deliveryRunRoutes, ({ deps, now }) => ({ ...deps, now }))],
};
