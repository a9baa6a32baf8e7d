/**
 * The counter (decision 0060): devices with their own bill series and the sales they make, each a
 * delivered, billed, paid order of channel `counter` made through the orders module's placing path;
 * receipts for 58 and 80 mm printers; the snapshot a device keeps to sell offline.
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import type { OrderParticipant } from '../orders/orders.lifecycle.js';
import { counterCache } from './counter.cache.js';
import { counterParticipant } from './counter.participant.js';
import { counterRoutes } from './counter.routes.js';

export const counterModule: ModuleManifest<OrderParticipant> = {
  name: 'counter',
  // Sales are orders (orders), numbered and paid through billing, on a regular's khata (khata),
  // at the rate board's rates (rates); the customer is an account; the catalogue the products.
  dependsOn: ['orders', 'billing', 'khata', 'rates', 'accounts', 'catalog'],
  tables: ['counter_devices', 'counter_sales', 'barcode_rules'],
  cache: counterCache,
  participants: () => [
    // Before billing numbers the bill: a sale sent twice meets its first row and takes no number.
    { rank: 150, participant: counterParticipant },
  ],
  routes: [
    moduleRoutes(counterRoutes, ({ deps, now, services }) => ({
      ...deps,
      now,
      orderLifecycle: services.orderLifecycle,
    })),
  ],
};
