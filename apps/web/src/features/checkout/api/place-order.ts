/** POST /api/user/new/order: the server prices the order; we send only ids, weights and where to ship. */
import type { CheckoutPaymentMethod } from '@mandi/shared';
import type { PlaceOrderAnswer } from '@mandi/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { type CartItem, cartTotal } from '../../cart';
import type { ShippingDetails } from '../checkout-storage';

export interface PlaceOrderInput {
  items: CartItem[];
  shippingInfo: ShippingDetails;
  userId: string;
  idempotencyKey: string;
  /** The chosen delivery slot; left out when the shop has no slots (the server then books none). */
  slotId?: string | null;
  /** Khata puts the order on the shopper's khata; left out, cash on delivery (the server's default). */
  paymentMethod?: CheckoutPaymentMethod;
  /** A coupon the shopper applied (decision 0044); the server judges it again. */
  couponCode?: string | null;
  /**
   * The items' subtotal the shopper is looking at: the server refuses the order (409
   * `ratesChangedSinceConfirm`) when today's rates make it another amount (decision 0055).
   */
  expectedSubtotal?: number;
}

export function placeOrder({
  items,
  shippingInfo,
  userId,
  idempotencyKey,
  slotId,
  paymentMethod,
  couponCode,
  expectedSubtotal,
}: PlaceOrderInput) {
  return api.post<PlaceOrderAnswer>('/api/user/new/order', {
    // The substitution wish only when it is not the default skip (decision 0043).
    cartItems: items.map((item) => ({
      id: item.id,
      quantity: item.quantity,
      ...(item.substitution && item.substitution !== 'skip' ? { substitution: item.substitution } : {}),
    })),
    shippingInfo,
    userId,
    // Sent because older clients send them (docs/product.md#compatibility-names); the server works out the real total itself.
    total: cartTotal(items),
    idempotencyKey,
    ...(slotId ? { slotId } : {}),
    ...(paymentMethod === 'Khata' ? { paymentMethod } : {}),
    ...(couponCode ? { couponCode } : {}),
    ...(expectedSubtotal !== undefined ? { expectedSubtotal } : {}),
  });
}

/** The rates changed between the confirm screen and the order: nothing was placed. */
export const isRatesChanged = (error: unknown) =>
  error instanceof ApiError && error.sent.some((message) => message.code === 'ratesChangedSinceConfirm');

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => {
      // Stock, order lists and slot places changed; refetch them in the background, without holding up the thank-you page.
      for (const queryKey of [['orders'], ['products'], ['admin'], ['delivery'], ['khata']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
