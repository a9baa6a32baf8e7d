/**
 * The admin's dashboard (decisions 0026, 0047, 0053): today's slots and bills, the top products,
 * and the seller figures (counts, billed per day). A report across the other modules' tables, read
 * in its own repository: it writes nothing and owns no table.
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { dashboardCache } from './dashboard.cache.js';
import { dashboardRoutes } from './dashboard.routes.js';

export const dashboardModule: ModuleManifest = {
  name: 'dashboard',
  // It reads the orders' and the catalogue's tables in SQL for its figures and imports no module.
  dependsOn: [],
  tables: [],
  cache: dashboardCache,
  routes: [moduleRoutes(dashboardRoutes, ({ deps, now, warmUp }) => ({ ...deps, now, warmUp }))],
};
