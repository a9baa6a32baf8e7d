/**
 * Billing (decisions 0010, 0032, 0055): bill numbers and tax bills, the UPI link, payments and
 * refunds, the bills register. Its participant numbers a bill at packing and gives a khata order's
 * refund back through the khata's port (`khataRefund`, made by the khata module, which depends on
 * billing).
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import type { OrderParticipant } from '../orders/orders.lifecycle.js';
import { billingCache } from './billing.cache.js';
import { createBillingParticipant } from './billing.participant.js';
import { billingRoutes } from './billing.routes.js';

export const billingModule: ModuleManifest<OrderParticipant> = {
  name: 'billing',
  dependsOn: ['orders', 'order-events', 'accounts'],
  tables: ['invoice_counters', 'upi_references', 'order_bills'],
  cache: billingCache,
  participants: ({ deps, now, services }) => [
    // After coupons (the discount is on the bill) and before khata: a pack refused by stock never
    // takes a number (nor would it keep one), and the khata debits a numbered bill's final total.
    {
      rank: 500,
      participant: createBillingParticipant({
        invoicePrefix: deps.config.shop.invoicePrefix,
        now,
        khataRefund: services.khataRefund,
      }),
    },
  ],
  routes: [
    moduleRoutes(billingRoutes, ({ deps, now, services }) => ({
      ...deps,
      now,
      orderEvents: services.orderEvents,
      orderViews: services.orderLifecycle.participants,
    })),
  ],
};
