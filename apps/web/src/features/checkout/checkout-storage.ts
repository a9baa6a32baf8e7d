/**
 * What the checkout remembers between its screens: the shipping form and the chosen delivery slot
 * (so a reload of the confirm screen keeps them) and the confirm screen's idempotency key (so a double click or a retry cannot
 * place a second order). Session storage: it belongs to this tab's checkout only.
 */
import type { ShippingInfo } from '@mandi/shared/schemas';

/** The shipping form's fields, as the order's `shippingInfo` carries them. */
export type ShippingDetails = ShippingInfo;

const SHIPPING_KEY = 'mandi-shipping-info';
const SLOT_KEY = 'mandi-delivery-slot';
const ORDER_KEY = 'mandi-order-key';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readShippingInfo(): ShippingDetails | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(SHIPPING_KEY) ?? 'null') as Partial<ShippingDetails> | null;
    if (!parsed) return null;
    const { address, city, mobileNumber, pinCode } = parsed;
    if ([address, city, mobileNumber, pinCode].every((value) => typeof value === 'string')) {
      return { address, city, mobileNumber, pinCode } as ShippingDetails;
    }
    return null;
  } catch {
    return null;
  }
}

export function saveShippingInfo(info: ShippingDetails): void {
  storage()?.setItem(SHIPPING_KEY, JSON.stringify(info));
}

/** The slot chosen on the checkout (its id for the order, its date and hours for the confirm screen). */
export interface ChosenSlot {
  _id: string;
  date: string;
  start: string;
  end: string;
}

export function readDeliverySlot(): ChosenSlot | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(SLOT_KEY) ?? 'null') as Partial<ChosenSlot> | null;
    if (!parsed) return null;
    const { _id, date, start, end } = parsed;
    if ([_id, date, start, end].every((value) => typeof value === 'string'))
      return { _id, date, start, end } as ChosenSlot;
    return null;
  } catch {
    return null;
  }
}

/** Keeps the chosen slot, or forgets it (null: the shop has no slots, or the slot must be chosen again). */
export function saveDeliverySlot(slot: ChosenSlot | null): void {
  if (slot)
    storage()?.setItem(SLOT_KEY, JSON.stringify({ _id: slot._id, date: slot.date, start: slot.start, end: slot.end }));
  else storage()?.removeItem(SLOT_KEY);
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The key for this confirm screen: made once, then reused until the order is placed or cancelled. */
export function getOrderKey(): string {
  const store = storage();
  const existing = store?.getItem(ORDER_KEY);
  if (existing) return existing;
  const key = newKey();
  store?.setItem(ORDER_KEY, key);
  return key;
}

/** The confirm screen takes over a queued order's key (decision 0041): confirming again cannot make a second order. */
export function keepOrderKey(key: string): void {
  storage()?.setItem(ORDER_KEY, key);
}

export function clearOrderKey(): void {
  storage()?.removeItem(ORDER_KEY);
}

/** After an order is placed nothing of this checkout is kept. */
export function clearCheckout(): void {
  storage()?.removeItem(SHIPPING_KEY);
  storage()?.removeItem(SLOT_KEY);
  clearOrderKey();
}
