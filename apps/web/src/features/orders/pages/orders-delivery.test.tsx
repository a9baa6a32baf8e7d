import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../lib/types';
import { renderAt, shopper, stubFetch } from '../../../test-utils';
import MyOrdersPage from './my-orders-page';
import OrderDetailsPage from './order-details-page';

afterEach(() => vi.unstubAllGlobals());

const inSlot: Order = {
  _id: 'o-slot',
  orderNumber: 1077,
  orderItems: [
    {
      _id: 'i-1',
      productId: 'p1',
      name: 'Alphonso Mango',
      image: '',
      quantity: 1,
      rate: 180,
      packedQuantity: null,
      amount: 180,
    },
  ],
  subtotal: 180,
  shippingCharge: 40,
  total: 220,
  estimatedTotal: 220,
  packedAt: null,
  deliverySlot: { _id: 's-1', date: '2026-11-24', start: '07:00', end: '09:00' },
  status: 'Processing',
  orderDate: '2026-11-23T10:00:00.000Z',
  createdAt: '2026-11-23T10:00:00.000Z',
  shippingInfo: { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
  invoiceNumber: null,
  payment: null,
  userId: shopper._id,
  user: { _id: shopper._id, firstName: 'Asha', lastName: 'Patel' },
};
const noSlot: Order = {
  ...inSlot,
  _id: 'o-free',
  orderNumber: 1078,
  deliverySlot: null,
  shippingCharge: 0,
  subtotal: 180,
  total: 180,
  estimatedTotal: 180,
};

describe('orders with a delivery slot', () => {
  it('shows the slot and the fee in my orders, and nothing for an order without a slot', async () => {
    const orders = [inSlot, noSlot];
    stubFetch(
      (request) =>
        request.path === '/api/user/my/orders' ? { body: { success: true, myOrders: orders, orders } } : undefined,
      { user: shopper },
    );
    renderAt('/Order/MyOrder', { '/Order/MyOrder': <MyOrdersPage /> });
    const [first, second] = within(await screen.findByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByText(/^Delivery:/).textContent).toBe('Delivery: Tue 24 Nov, 7:00–9:00');
    expect(first?.textContent).toContain('Shipping Charge ₹40');
    expect(within(second as HTMLElement).queryByText(/^Delivery:/)).toBeNull();
    expect(second?.textContent).toContain('Shipping Charge ₹0');
  });

  it('shows the slot on the order details', async () => {
    stubFetch(
      (request) =>
        request.path === '/api/user/my/order/o-slot' ? { body: { success: true, order: inSlot } } : undefined,
      { user: shopper },
    );
    renderAt('/Order/OrderDetails/o-slot', { '/Order/OrderDetails/:orderId': <OrderDetailsPage /> });
    const line = await screen.findByText(/^Delivery:/);
    expect(line.textContent).toBe('Delivery: Tue 24 Nov, 7:00–9:00');
    expect(within(line).getByText('Tue 24 Nov, 7:00–9:00').getAttribute('datetime')).toBe('2026-11-24');
    expect(screen.getByText(/Shipping Charge ₹40/)).toBeTruthy();
  });
});
