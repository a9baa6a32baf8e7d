/**
 * The counter, an order participant of its own channel only (decision 0060): it keeps what only
 * the counter knows of a sale (device, the device's sale id, when it was made, tenders, change,
 * how each line was weighed) and dates the order by the shop day of the sale. Its row is written
 * before billing numbers the bill, and `(device, sale id)` is unique: a sale sent again, on any
 * process, leaves nothing of its own and is answered with the first one.
 */
import { shopDateOf } from '@mandi/shared/kernel';
import { extensionOf, type NewOrder, type OrderParticipant } from '../orders/orders.lifecycle.js';
import * as repo from './counter.repository.js';
import type { KeptTender } from './counter.schema.js';

/** The counter's part of a sale's order request (`request.extensions.counter`). */
export interface CounterSaleRequest {
  deviceId: string;
  clientSaleId: string;
  soldAt: Date;
  offline: boolean;
  customerId: string | null;
  tenders: KeptTender[];
  changePaise: number;
  /** By the order line's position (the request's lines, merged per product). */
  sources: string[];
  soldBy: string;
}

/** The sale was made already (its device sent it before): nothing of this request is kept. */
export class DuplicateSale extends Error {
  constructor(
    readonly deviceId: string,
    readonly clientSaleId: string,
  ) {
    super(`sale ${clientSaleId} of device ${deviceId} was made already`);
  }
}

const saleOf = (order: NewOrder) => extensionOf<CounterSaleRequest>(order.request, 'counter');

export const counterParticipant: OrderParticipant = {
  name: 'counter',
  channels: ['counter'],
  async place() {
    return {
      accept(order) {
        const sale = saleOf(order);
        // A counter sale is delivered on the shop day it was made (the orders module keeps the date).
        if (sale) order.deliveryDate = shopDateOf(sale.soldAt);
        return undefined;
      },
      async write(tx, accepted) {
        const rows = accepted.flatMap((order) => {
          const sale = saleOf(order);
          return sale
            ? [
                {
                  orderId: order.id,
                  deviceId: sale.deviceId,
                  clientSaleId: sale.clientSaleId,
                  soldAt: sale.soldAt,
                  offline: sale.offline,
                  customerId: sale.customerId,
                  tenders: sale.tenders,
                  changePaise: sale.changePaise,
                  sources: sale.sources,
                  soldBy: sale.soldBy,
                },
              ]
            : [];
        });
        const written = new Set(await repo.insertSales(tx, rows));
        const again = rows.find((row) => !written.has(row.orderId));
        // The whole transaction is undone; the caller answers with the sale made first.
        if (again) throw new DuplicateSale(again.deviceId, again.clientSaleId);
        return [];
      },
    };
  },
};
