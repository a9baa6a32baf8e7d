/**
 * The dashboard's order participant (decision 0066): it keeps the seller figures as the orders
 * change, in the transaction of every moment, so they never drift from the orders and no read
 * counts every order again. Every channel (online, counter, standing orders):
 * - placed: the batch's orders to their shop date and status (Processing), their lines to their
 *   products, read back from the rows just inserted (their `created_at` is the transaction's);
 * - packed (or shipped unpacked, or handed over at the counter): the total's change (estimate to
 *   final bill, or one bill to the next) and each line's change of quantity and amount;
 * - moved on: the order from its old status to the new one;
 * - cancelled: the same to Cancelled, and its lines taken away from their products.
 * It refuses nothing and writes only its own tables. It names no cache tag: each moment drops
 * `orders` (orders.cache.ts), which every read of these figures names.
 */
import { shopDateOf } from '@mandi/shared/kernel';
import type { OrderParticipant } from '../orders/orders.lifecycle.js';
import {
  addOrderFigures,
  addOrderFiguresOfOrders,
  addProductFigures,
  addProductFiguresOfOrders,
} from './dashboard.figures.js';

export const dashboardParticipant: OrderParticipant = {
  name: 'dashboard',
  async place() {
    return {
      accept: () => undefined,
      async write(tx, accepted) {
        const ids = accepted.map((order) => order.id);
        // The order figures' rows before the product figures', in every moment (decision 0066).
        await addOrderFiguresOfOrders(tx, ids);
        await addProductFiguresOfOrders(tx, ids, 1);
        return [];
      },
    };
  },
  async pack(tx, { order, before, lines }) {
    const shopDate = shopDateOf(order.createdAt);
    await addOrderFigures(tx, [
      { shopDate, status: order.status, orders: 0, totalPaise: order.totalPaise - before.totalPaise },
    ]);
    await addProductFigures(
      tx,
      lines.map(({ item, packedGrams, packedAmountPaise }) => ({
        shopDate,
        productId: item.productId,
        name: item.name,
        unit: item.unit,
        lines: 0,
        quantityGrams: packedGrams - (item.packedGrams ?? item.quantityGrams),
        amountPaise: packedAmountPaise - item.amountPaise,
      })),
    );
    return [];
  },
  async statusChange(tx, { order, from, to }) {
    const shopDate = shopDateOf(order.createdAt);
    await addOrderFigures(tx, [
      { shopDate, status: from, orders: -1, totalPaise: -order.totalPaise },
      { shopDate, status: to, orders: 1, totalPaise: order.totalPaise },
    ]);
    return [];
  },
  async cancel(tx, { order, from }) {
    const shopDate = shopDateOf(order.createdAt);
    await addOrderFigures(tx, [
      { shopDate, status: from, orders: -1, totalPaise: -order.totalPaise },
      { shopDate, status: 'Cancelled', orders: 1, totalPaise: order.totalPaise },
    ]);
    // A cancel changes no line: they are taken away as they stand.
    await addProductFiguresOfOrders(tx, [order.id], -1);
    return [];
  },
};
