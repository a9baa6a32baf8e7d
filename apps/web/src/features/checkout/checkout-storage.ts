/**
 * What the checkout remembers between its screens: the shipping form (so a reload of the confirm
 * screen keeps it) and the confirm screen's idempotency key (so a double click or a retry cannot
 * place a second order). Session storage: it belongs to this tab's checkout only.
 */

export interface ShippingDetails {
  address: string;
  city: string;
  mobileNumber: string;
  pinCode: string;
}

const SHIPPING_KEY = 'mandi-shipping-info';
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

export function clearOrderKey(): void {
  storage()?.removeItem(ORDER_KEY);
}

/** After an order is placed nothing of this checkout is kept. */
export function clearCheckout(): void {
  storage()?.removeItem(SHIPPING_KEY);
  clearOrderKey();
}
