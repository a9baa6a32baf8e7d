/**
 * One tap fills the cart (decision 0042): every item that can be bought now goes into the browser
 * cart at its quantity, with today's rate, stock and quantities from the server's answer; the
 * others are left out and named, never silently dropped. An item already in the cart takes the
 * new quantity, as adding a product again does everywhere. The server prices the order at checkout.
 */
import type { BuyAgainItem } from '@mandi/shared/schemas';
import { cartStore } from '../cart';

export interface FillResult {
  added: string[];
  skipped: string[];
}

export function fillCart(items: readonly BuyAgainItem[]): FillResult {
  const added: string[] = [];
  const skipped: string[] = [];
  for (const item of items) {
    if (!item.available) {
      skipped.push(item.name);
      continue;
    }
    cartStore.addItem({
      id: item.productId,
      name: item.name,
      rate: item.rate,
      stocks: item.stocks,
      kilogramOption: item.kilogramOption,
      image: item.image,
      quantity: item.quantity,
      unit: item.unit,
    });
    added.push(item.name);
  }
  return { added, skipped };
}
