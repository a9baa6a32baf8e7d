/**
 * Standing orders, an order participant of their own channel only (decision 0064): it keeps which
 * standing orders each made order holds, for its date, in the order's transaction. The date's
 * delivery is delivery's (its `standing` part); the payment khata's; stock the stock participant's.
 */
import { extensionOf, type NewOrder, type OrderParticipant } from '../orders/orders.lifecycle.js';
import * as repo from './subscriptions.repository.js';

/** The standing orders module's part of a made order's request (`request.extensions.subscriptions`). */
export interface StandingOrderRequest {
  date: string;
  subscriptionIds: string[];
}

const standingOf = (order: NewOrder) => extensionOf<StandingOrderRequest>(order.request, 'subscriptions');

export const subscriptionsParticipant: OrderParticipant = {
  name: 'subscriptions',
  channels: ['subscription'],
  async place() {
    return {
      accept() {
        return undefined;
      },
      async write(tx, accepted) {
        await repo.insertSubscriptionOrders(
          tx,
          accepted.flatMap((order) => {
            const standing = standingOf(order);
            return standing
              ? standing.subscriptionIds.map((subscriptionId) => ({
                  orderId: order.id,
                  subscriptionId,
                  date: standing.date,
                }))
              : [];
          }),
        );
        return [];
      },
    };
  },
};
