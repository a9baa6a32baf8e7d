/**
 * The order participant of stock cost (decision 0035): when an order is packed, each of its lines
 * keeps its product's cost rate at that moment (`order_items.cost_rate_paise`), for the margin
 * report. Registered after stock, so a pack refused for stock writes nothing; it changes no read
 * that is cached (the cost is never shown to shoppers).
 */
import type { OrderParticipant } from '../orders/orders.lifecycle.js';
import { copyCostRatesToOrder } from './purchases.repository.js';

export const costParticipant: OrderParticipant = {
  name: 'stock-cost',
  async pack(tx, packing) {
    await copyCostRatesToOrder(tx, packing.order.id);
    return [];
  },
};
