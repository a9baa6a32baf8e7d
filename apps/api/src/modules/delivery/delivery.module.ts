/**
 * Delivery (decision 0008): zones by PIN code and their fees, slot templates and bookings; its
 * participant books an order's slot and sets its delivery fee.
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import type { OrderParticipant } from '../orders/orders.lifecycle.js';
import { deliveryCache } from './delivery.cache.js';
import { createDeliveryParticipant } from './delivery.participant.js';
import { deliveryRoutes } from './delivery.routes.js';

export const deliveryModule: ModuleManifest<OrderParticipant> = {
  name: 'delivery',
  // The order seam's types, and the order list of a day (its slots' orders).
  dependsOn: ['orders'],
  tables: ['delivery_zones', 'slot_templates', 'slot_bookings', 'order_delivery', 'closed_dates'],
  cache: deliveryCache,
  participants: ({ now }) => [
    // After stock and its cost: the fee is judged on the lines as the stock let them be.
    { rank: 300, participant: createDeliveryParticipant({ now }) },
  ],
  routes: [
    moduleRoutes(deliveryRoutes, ({ deps, now, services }) => ({
      ...deps,
      now,
      orderViews: services.orderLifecycle.participants,
    })),
  ],
};
