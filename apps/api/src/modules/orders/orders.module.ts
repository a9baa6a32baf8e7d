/**
 * Orders (decisions 0003, 0006, 0017): placing (priced by the server, in group-committed batches),
 * reading, moving an order a step, the shopper's own cancel; every moment runs the order
 * participants of every module through the lifecycle seam. Its own participants are the stock
 * (first) and the round-off (last).
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { markAddressesUsed } from '../accounts/addresses.service.js';
import type { OrderEventSubscriber } from '../order-events/order-events.js';
import { ordersCache } from './orders.cache.js';
import type { OrderParticipant } from './orders.lifecycle.js';
import { ordersRoutes } from './orders.routes.js';
import { getClaimedOrders, type OrderLifecycle } from './orders.service.js';
import { roundOffParticipant } from './participants/round-off.participant.js';
import { stockParticipant } from './participants/stock.participant.js';

declare module '../../module-manifest.js' {
  interface ModuleServices {
    /** The orders module's writers (made by buildApp with every module's participants). */
    orderLifecycle: OrderLifecycle;
  }
}

export const ordersModule: ModuleManifest<OrderParticipant, OrderEventSubscriber> = {
  name: 'orders',
  // The outbox its moments write to; the shopper's saved addresses, which an order's address updates.
  dependsOn: ['order-events', 'accounts'],
  tables: ['orders', 'order_adjustments', 'order_items', 'order_events'],
  cache: ordersCache,
  participants: () => [
    // First: an order the stock refuses is refused before anything else is reserved for it.
    { rank: 100, participant: stockParticipant },
    // Truly last, after the participants buildApp is given too: it rounds the lines and every
    // adjustment the participants before it set.
    { rank: 1000, participant: roundOffParticipant },
  ],
  subscribers: ({ deps, services }) => [
    // The address an order went to becomes the shopper's "last used" saved address (decision 0025):
    // once per claim for all its orders; repeats change nothing, as times only move forward.
    {
      name: 'saved-address-used',
      types: ['placed'],
      handler: async (_event, run) => {
        await run.once('addresses-used', async () => {
          const orders = await getClaimedOrders(deps.db, services.orderLifecycle.participants, run);
          const uses = run.events.flatMap(({ orderId }) => {
            const order = orders.get(orderId);
            return order?.userId
              ? [{ userId: order.userId, shippingInfo: order.shippingInfo, at: new Date(order.orderDate) }]
              : [];
          });
          await markAddressesUsed(deps.db, uses);
        });
      },
    },
  ],
  routes: [moduleRoutes(ordersRoutes, ({ deps, services }) => ({ ...deps, orderLifecycle: services.orderLifecycle }))],
};
