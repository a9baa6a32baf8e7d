/**
 * Buying at the mandi (decision 0035): suppliers, purchases and their payments, wastage, and the
 * cost a packed line keeps (its participant).
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import type { OrderParticipant } from '../orders/orders.lifecycle.js';
import { costParticipant } from './cost.participant.js';
import { purchasesCache } from './purchases.cache.js';
import { purchasesRoutes } from './purchases.routes.js';

export const purchasesModule: ModuleManifest<OrderParticipant> = {
  name: 'purchases',
  // Its own tables and the products' stock and cost columns in its own repository; orders only for
  // the order seam's types.
  dependsOn: ['orders'],
  tables: ['wastage_entries', 'suppliers', 'purchases', 'purchase_lines', 'purchase_charges', 'supplier_payments'],
  cache: purchasesCache,
  participants: () => [
    // Right after stock: a packed line keeps its product's cost rate (decision 0035).
    { rank: 200, participant: costParticipant },
  ],
  routes: [moduleRoutes(purchasesRoutes, ({ deps, now }) => ({ ...deps, now }))],
};
