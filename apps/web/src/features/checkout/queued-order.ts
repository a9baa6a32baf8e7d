/**
 * A checkout that could not be sent (issue 30, decision 0041): the confirm screen's request, with
 * its idempotency key, kept in local storage (it outlives a reload and a closed tab), sent again
 * when the browser is back online or the app opens online.
 *
 * Before sending, every item is read again from the server: when a rate changed (or an item is
 * gone or short), the order is not sent; the cart takes the new rates and the shopper confirms
 * again on the confirm screen, with the same key. Otherwise it is sent as it was confirmed; the
 * server prices it, and should a rate change in between, the shopper is shown both totals.
 * The same key never makes two orders (decision 0003), however often this runs.
 */
import type { PlaceOrderAnswer } from '@mandi/shared/schemas';
import { errorMessages } from '../../lib/api-client';
import { isNetworkFailure } from '../../lib/offline/kept-answers';
import { cartStore, cartTotal, findStockProblem } from '../cart';
import { placeOrder } from './api/place-order';
import { refreshCartItem } from './api/refresh-cart-items';
import { clearCheckout, keepOrderKey, saveDeliverySlot, saveShippingInfo } from './checkout-storage';
import { commitQueue, type QueuedOrder } from './queued-order-store';

export type QueuedOutcome =
  | { kind: 'offline' }
  | { kind: 'placed'; orderNumber: number | null; subtotal: number; shownSubtotal: number }
  | { kind: 'changed'; subtotal: number; shownSubtotal: number }
  | { kind: 'refused'; messages: string[] };

/** One sending at a time per key (the app's layout and a reconnect may both ask). */
const sending = new Map<string, Promise<QueuedOutcome>>();

export function sendQueuedOrder(order: QueuedOrder): Promise<QueuedOutcome> {
  const running = sending.get(order.idempotencyKey);
  if (running) return running;
  const attempt = send(order).finally(() => sending.delete(order.idempotencyKey));
  sending.set(order.idempotencyKey, attempt);
  return attempt;
}

async function send(order: QueuedOrder): Promise<QueuedOutcome> {
  // Today's rates and stock, from the server (not a kept copy): the cart's lines take them.
  const checks = await Promise.all(order.items.map((item) => refreshCartItem(item.id)));
  if (checks.includes('unknown')) return { kind: 'offline' };
  const now = cartStore.getItems();
  const isSame = order.items.every((item) => {
    const current = now.find((entry) => entry.id === item.id);
    return (
      current !== undefined &&
      current.rate === item.rate &&
      current.quantity === item.quantity &&
      findStockProblem(current) === null
    );
  });
  if (!isSame || checks.includes('missing')) {
    // Not sent: the confirm screen shows the new prices and confirms with the same key.
    saveShippingInfo(order.shippingInfo);
    saveDeliverySlot(order.slot);
    keepOrderKey(order.idempotencyKey);
    commitQueue(null);
    return { kind: 'changed', subtotal: cartTotal(now), shownSubtotal: order.shownSubtotal };
  }
  let placed: PlaceOrderAnswer;
  try {
    placed = await placeOrder({
      items: order.items,
      shippingInfo: order.shippingInfo,
      userId: order.userId,
      idempotencyKey: order.idempotencyKey,
      slotId: order.slot?._id ?? null,
      paymentMethod: order.paymentMethod,
    });
  } catch (error) {
    if (isNetworkFailure(error)) return { kind: 'offline' };
    // Refused (stock, slot, logged out): the cart stays for the shopper to fix and confirm again.
    commitQueue(null);
    return { kind: 'refused', messages: errorMessages(error) };
  }
  commitQueue(null);
  cartStore.clear();
  clearCheckout();
  return {
    kind: 'placed',
    orderNumber: typeof placed.order?.orderNumber === 'number' ? placed.order.orderNumber : null,
    subtotal: placed.order?.subtotal ?? order.shownSubtotal,
    shownSubtotal: order.shownSubtotal,
  };
}
