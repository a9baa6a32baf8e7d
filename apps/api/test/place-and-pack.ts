/**
 * The two requests many API tests start from: a shopper places an order, an admin packs it at the
 * ordered weights. Each expects its success status, so a test reads from the order it got.
 */
import { expect } from 'vitest';
import type { OrderView } from '../src/modules/orders/orders.presenter.js';
import { body, type TestApp } from './build-test-app.js';

export const SHIPPING_BENGALURU = {
  address: '7th Main Road',
  city: 'Bengaluru',
  mobileNumber: '9876543210',
  pinCode: '560011',
};

/** POST /api/user/new/order as the shopper; 201 expected. */
export async function placeOrder(
  t: TestApp,
  shopperCookie: string,
  cartItems: { id: string; quantity: number }[],
  shippingInfo = SHIPPING_BENGALURU,
): Promise<OrderView> {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems, shippingInfo },
    headers: { cookie: shopperCookie },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return body<{ order: OrderView }>(placed).order;
}

/** PUT /api/admin/orders/{id}/pack at the ordered weights as the admin; 200 expected. */
export async function packAsOrdered(t: TestApp, adminCookie: string, order: OrderView): Promise<OrderView> {
  const packed = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${order._id}/pack`,
    payload: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: item.quantity })) },
    headers: { cookie: adminCookie },
  });
  expect(packed.statusCode, packed.body).toBe(200);
  return body<{ order: OrderView }>(packed).order;
}
