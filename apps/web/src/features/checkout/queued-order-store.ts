/**
 * Where a checkout that could not be sent waits (decision 0041): local storage, so it outlives a
 * reload and a closed tab. Kept apart from the sending (queued-order.ts), which loads only when
 * there is something to send: the first page's code stays small.
 */
import type { CheckoutPaymentMethod } from '@mandi/shared';
import { useSyncExternalStore } from 'react';
import type { CartItem } from '../cart';
import type { ChosenSlot, ShippingDetails } from './checkout-storage';

export interface QueuedOrder {
  idempotencyKey: string;
  userId: string;
  items: CartItem[];
  shippingInfo: ShippingDetails;
  slot: ChosenSlot | null;
  paymentMethod: CheckoutPaymentMethod;
  /** Rupees: the items' total the confirm screen showed. */
  shownSubtotal: number;
}

export const QUEUE_KEY = 'mandi-queued-order';
export const QUEUE_EVENT = 'mandi-queued-order';
type Listener = () => void;
const listeners = new Set<Listener>();
let queued: QueuedOrder | null = readQueue();

function readQueue(): QueuedOrder | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? 'null') as QueuedOrder | null;
    return typeof parsed?.idempotencyKey === 'string' && Array.isArray(parsed.items) && parsed.items.length > 0
      ? parsed
      : null;
  } catch {
    return null;
  }
}

export function commitQueue(next: QueuedOrder | null): void {
  queued = next;
  try {
    if (next) localStorage.setItem(QUEUE_KEY, JSON.stringify(next));
    else localStorage.removeItem(QUEUE_KEY);
  } catch {
    // Storage refused: the order waits in this page only.
  }
  for (const listener of listeners) listener();
  // The app's layout listens for this (queued-order-slot.tsx) without loading this module.
  window.dispatchEvent(new Event(QUEUE_EVENT));
}

export function queueOrder(order: QueuedOrder): void {
  commitQueue(order);
}

export function useQueuedOrder(): QueuedOrder | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => queued,
    () => null,
  );
}
