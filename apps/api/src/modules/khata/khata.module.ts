/**
 * Khata, credit for regular customers (decision 0034): accounts, their entries and payments, the
 * statement PDF. Its participant debits a khata order's packed bill; it gives billing the port
 * that pays a khata order's refund back into the account (`khataRefund`).
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import type { KhataRefund } from '../billing/billing.participant.js';
import type { OrderParticipant } from '../orders/orders.lifecycle.js';
import { khataCache } from './khata.cache.js';
import { createKhataParticipant, createKhataRefund } from './khata.participant.js';
import { khataRoutes } from './khata.routes.js';

declare module '../../module-manifest.js' {
  interface ModuleServices {
    /** How billing refunds a cancelled khata order: a credit entry on the shopper's khata. */
    khataRefund: KhataRefund;
  }
}

export const khataModule: ModuleManifest<OrderParticipant> = {
  name: 'khata',
  // The order seam's types and the adjustments' total; a khata bill's payment is marked through billing.
  dependsOn: ['orders', 'billing'],
  tables: ['khata_accounts', 'khata_entries', 'khata_orders'],
  cache: khataCache,
  services: ({ now }) => ({ khataRefund: createKhataRefund({ now }) }),
  participants: ({ now }) => [
    // After billing: the bill is numbered and the total final when the khata debits it (decision 0034).
    { rank: 600, participant: createKhataParticipant({ now }) },
  ],
  routes: [moduleRoutes(khataRoutes, ({ deps, now }) => ({ ...deps, now }))],
};
