/** The GST return (decision 0037): a month's GSTR-1 from the bills as billing computes them. */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { gstReturnCache } from './gst-return.cache.js';
import { gstReturnRoutes } from './gst-return.routes.js';

export const gstReturnModule: ModuleManifest = {
  name: 'gst-return',
  // Every bill's figures come from billing's own maths, so the return agrees with the register.
  dependsOn: ['billing'],
  tables: [],
  cache: gstReturnCache,
  routes: [moduleRoutes(gstReturnRoutes, ({ deps, now }) => ({ ...deps, now }))],
};
