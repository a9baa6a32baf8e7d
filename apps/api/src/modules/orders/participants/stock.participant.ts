/**
 * Stock, the first order participant: an order takes the stock of every line or none of it. The
 * products are already locked by the orders module, so the stock read is the stock taken from; each
 * order in a batch is checked against what the orders before it left, and the batch's stock is
 * taken in one guarded update. Packing moves stock by the difference between what a line held and
 * what was packed; cancelling gives back what the order held, once (the order row is locked and
 * its status checked before this runs).
 */
import { formatInUnit } from '@mandi/shared';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Tx } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { CacheTag } from '../../../lib/response-cache.js';
import { ordersCache } from '../orders.cache.js';
import type { OrderParticipant, Placement } from '../orders.lifecycle.js';
import * as repo from '../orders.repository.js';

/** Grams to take (positive) or give back (negative) per product. */
async function moveStock(tx: Tx, change: Map<string, number>): Promise<CacheTag[]> {
  const moves = [...change].filter(([, grams]) => grams !== 0);
  if (!moves.length) return [];
  // In id order, as placement does, so a pack and a batch of checkouts never wait for each other in a circle.
  const locked = await repo.lockProducts(
    tx,
    moves.map(([id]) => id),
  );
  const wanted = moves.filter(([, grams]) => grams > 0).map(([productId, grams]) => ({ productId, grams }));
  const short = wanted.find((line) => (locked.find((p) => p.id === line.productId)?.stockGrams ?? 0) < line.grams);
  if (short) {
    const product = locked.find((p) => p.id === short.productId);
    // A deleted product has no stock to take from; packing more of it is refused like any shortage.
    throw new AppError(
      'conflict',
      serverMessage('notEnoughStockToPackMore', {
        name: product?.name ?? 'a product no longer sold',
        more: formatInUnit(short.grams / 1000, product?.unit),
        stock: formatInUnit((product?.stockGrams ?? 0) / 1000, product?.unit),
      }),
    );
  }
  const taken = await repo.takeStock(tx, wanted);
  if (taken.length !== wanted.length) throw new AppError('conflict', serverMessage('notEnoughStockToPack'));
  await repo.returnStock(
    tx,
    moves.filter(([, grams]) => grams < 0).map(([productId, grams]) => ({ productId, grams: -grams })),
  );
  return ordersCache.writes.stockMoved.tags(moves.map(([productId]) => productId));
}

export const stockParticipant: OrderParticipant = {
  name: 'stock',
  async place(_tx, batch): Promise<Placement> {
    const stockLeft = new Map([...batch.products.values()].map((product) => [product.id, product.stockGrams]));
    return {
      accept(order) {
        // The first short line in product id order, so the message does not depend on cart order.
        // Goods handed over as the order is made have left the shop already: never refused.
        const short = order.request.handedOverBy
          ? undefined
          : order.lines
              .filter((line) => (stockLeft.get(line.product.id) ?? 0) < line.grams)
              .sort((a, b) => (a.product.id < b.product.id ? -1 : 1))[0];
        if (short) throw new AppError('conflict', serverMessage('notEnoughStockFor', { name: short.product.name }));
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
        const handedOver = new Map<string, number>();
        for (const order of accepted) {
          const into = order.request.handedOverBy ? handedOver : wanted;
          for (const line of order.lines) {
            into.set(line.product.id, (into.get(line.product.id) ?? 0) + line.grams);
          }
        }
        const taken = await repo.takeStock(
          tx,
          [...wanted].map(([productId, grams]) => ({ productId, grams })),
        );
        // Cannot happen under the row locks; if it ever did, the whole transaction is undone.
        if (taken.length !== wanted.size) throw new AppError('conflict', serverMessage('notEnoughStock'));
        // What was handed over is gone whatever the books said: stock may go below zero this way
        // only (a counter sale), and the product then shows in low stock.
        await repo.takeStockEvenBelowZero(
          tx,
          [...handedOver].map(([productId, grams]) => ({ productId, grams })),
        );
        return ordersCache.writes.stockMoved.tags([...new Set([...wanted.keys(), ...handedOver.keys()])]);
      },
    };
  },

  async pack(tx, packing) {
    const change = new Map<string, number>();
    // What the line held comes back and what it holds now is taken: the same product moves by the
    // difference; a substitute (decision 0043) gives the ordered product's back and takes its own.
    for (const line of packing.lines) {
      if (line.productId) change.set(line.productId, (change.get(line.productId) ?? 0) - line.heldGrams);
      if (line.packedProductId) {
        change.set(line.packedProductId, (change.get(line.packedProductId) ?? 0) + line.packedGrams);
      }
    }
    return moveStock(tx, change);
  },

  async cancel(tx, cancellation) {
    const change = new Map<string, number>();
    for (const line of cancellation.lines) {
      if (!line.productId) continue;
      change.set(line.productId, (change.get(line.productId) ?? 0) - line.heldGrams);
    }
    return moveStock(tx, change);
  },
};
