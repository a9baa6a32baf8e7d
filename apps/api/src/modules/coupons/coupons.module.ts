/** Coupons (decision 0044): the admin's coupons and their uses, a code's check, the discount on an order. */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import type { OrderParticipant } from '../orders/orders.lifecycle.js';
import { createCouponsParticipant } from './coupons.participant.js';
import { couponsRoutes } from './coupons.routes.js';

export const couponsModule: ModuleManifest<OrderParticipant> = {
  name: 'coupons',
  // The order seam's types and the adjustment's shape; the shopper's earlier orders are read in its
  // own repository.
  dependsOn: ['orders'],
  tables: ['coupons', 'coupon_uses'],
  participants: ({ now }) => [
    // After delivery (the zone's minimum and free-above are judged before the discount) and before
    // khata (whose credit check sees the discounted estimate): decision 0044.
    { rank: 400, participant: createCouponsParticipant({ now }) },
  ],
  routes: [moduleRoutes(couponsRoutes, ({ deps, now }) => ({ ...deps, now }))],
};
