/**
 * The admin's dashboard (decisions 0026, 0047, 0053, 0066): today's slots and bills, the top
 * products, and the seller figures (counts, billed per day). A report across the other modules'
 * tables, read in its own repository, except the seller figures, which its order participant keeps
 * in its own tables as the orders change (decision 0066).
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import type { OrderParticipant } from '../orders/orders.lifecycle.js';
import { dashboardCache } from './dashboard.cache.js';
import { dashboardParticipant } from './dashboard.participant.js';
import { dashboardRoutes } from './dashboard.routes.js';

export const dashboardModule: ModuleManifest<OrderParticipant> = {
  name: 'dashboard',
  // The order seam's types for its participant; the rest it reads in SQL (a report).
  dependsOn: ['orders'],
  tables: ['dashboard_order_figures', 'dashboard_product_figures', 'dashboard_product_month', 'dashboard_month_window'],
  cache: dashboardCache,
  participants: () => [
    // Late, after every module that may refuse or change the order (and the participants a test
    // supplies), before the round-off, which only adjusts: its rows are locked for the shortest time.
    { rank: 950, participant: dashboardParticipant },
  ],
  routes: [moduleRoutes(dashboardRoutes, ({ deps, now, warmUp }) => ({ ...deps, now, warmUp }))],
};
