/**
 * Stock, the first order participant: an order takes the stock of every line or none of it. The
 * products are already locked by the orders module, so the stock read is the stock taken from; each
 * order in a batch is checked against what the orders before it left, and the batch's stock is
 * taken in one guarded update.
 */
import { AppError } from '../../../lib/app-error.js';
import type { OrderParticipant, Placement } from '../orders.lifecycle.js';
import * as repo from '../orders.repository.js';

export const stockParticipant: OrderParticipant = {
  name: 'stock',
  async place(_tx, batch): Promise<Placement> {
    const stockLeft = new Map([...batch.products.values()].map((product) => [product.id, product.stockGrams]));
    return {
      accept(order) {
        // The first short line in product id order, so the message does not depend on cart order.
        const short = order.lines
          .filter((line) => (stockLeft.get(line.product.id) ?? 0) < line.grams)
          .sort((a, b) => (a.product.id < b.product.id ? -1 : 1))[0];
        if (short) throw new AppError('conflict', `Not enough stock for ${short.product.name}`);
        const change = (sign: 1 | -1) => {
          for (const line of order.lines) {
            stockLeft.set(line.product.id, (stockLeft.get(line.product.id) ?? 0) + sign * line.grams);
          }
        };
        change(-1);
        return () => change(1);
      },
      async write(tx, accepted) {
        const wanted = new Map<string, number>();
        for (const order of accepted) {
          for (const line of order.lines) {
            wanted.set(line.product.id, (wanted.get(line.product.id) ?? 0) + line.grams);
          }
        }
        const taken = await repo.takeStock(
          tx,
          [...wanted].map(([productId, grams]) => ({ productId, grams })),
        );
        // Cannot happen under the row locks; if it ever did, the whole transaction is undone.
        if (taken.length !== wanted.size) throw new AppError('conflict', 'Not enough stock for this order');
        return ['catalogue'];
      },
    };
  },
};
