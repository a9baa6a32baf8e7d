import { MESSAGES } from '@mandi/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../lib/types';
import { renderAt, shopper, stubFetch } from '../../../test-utils';
import MyOrdersPage from './my-orders-page';
import OrderDetailsPage from './order-details-page';

afterEach(() => vi.unstubAllGlobals());

function order(id: string, status: Order['status'], total: number): Order {
  return {
    _id: id,
    orderItems: [
      { _id: `${id}-1`, productId: 'p1', name: 'Alphonso Mango', image: '/img/p1', quantity: 1.5, rate: 180 },
      { _id: `${id}-2`, productId: 'p2', name: 'Paneer', image: '/img/p2', quantity: 0.5, rate: 379.5 },
    ],
    total,
    status,
    orderDate: '2026-03-12T10:00:00.000Z',
    createdAt: '2026-03-12T10:00:00.000Z',
    shippingInfo: { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
    userId: shopper._id,
    user: { _id: shopper._id, firstName: 'Asha', lastName: 'Patel' },
  };
}

const orders = [order('o-3', 'Delivered', 459.75), order('o-2', 'Shipped', 100), order('o-1', 'Processing', 20)];

describe('my orders page', () => {
  it('counts orders by status and lists each with its details link', async () => {
    stubFetch(
      (request) =>
        request.path === '/api/user/my/orders' ? { body: { success: true, myOrders: orders, orders } } : undefined,
      { user: shopper },
    );
    renderAt('/Order/MyOrder', { '/Order/MyOrder': <MyOrdersPage /> });
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(document.title).toBe('Asha Orders');
    expect(screen.getByText('Total Orders').nextElementSibling?.textContent).toBe('3');
    expect(screen.getByText('Delivered', { selector: 'dt' }).nextElementSibling?.textContent).toBe('1');
    expect(screen.getByText('Shipped', { selector: 'dt' }).nextElementSibling?.textContent).toBe('1');
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Get Order Details' }).getAttribute('href')).toBe(
      '/Order/OrderDetails/o-3',
    );
    expect(within(first).getByText(/Shipping Charge 0/)).toBeTruthy();
    expect(within(first).getByText('Total ₹459.75')).toBeTruthy();
    expect(within(first).getByText('Delivered')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    stubFetch(
      (request) =>
        request.path === '/api/user/my/orders' ? { body: { success: true, myOrders: [], orders: [] } } : undefined,
      { user: shopper },
    );
    renderAt('/Order/MyOrder', { '/Order/MyOrder': <MyOrdersPage /> });
    expect(await screen.findByText(MESSAGES.noOrders)).toBeTruthy();
  });
});

describe('order details page', () => {
  const at = '/Order/OrderDetails/o-3';
  const routes = { '/Order/OrderDetails/:orderId': <OrderDetailsPage /> };

  it('shows each line with weight, rate and amount, plus status and date', async () => {
    stubFetch(
      (request) =>
        request.path === '/api/user/my/order/o-3' ? { body: { success: true, order: orders[0] } } : undefined,
      { user: shopper },
    );
    renderAt(at, routes);
    const items = await screen.findByRole('list', { name: 'Order items' });
    const [mango] = within(items).getAllByRole('listitem') as HTMLElement[];
    expect(within(mango as HTMLElement).getByText('1.5 KG × ₹180 per Kg')).toBeTruthy();
    expect(within(mango as HTMLElement).getByText('₹270')).toBeTruthy();
    expect(within(mango as HTMLElement).getByRole('img', { name: 'Alphonso Mango' })).toBeTruthy();
    expect(screen.getByText('Total Amount').nextElementSibling?.textContent).toBe('₹459.75');
    expect(screen.getByText('Delivered')).toBeTruthy();
    expect(screen.getByText('12 Mar 2026')).toBeTruthy();
    expect(document.title).toBe('Orders Details');
  });

  it('tells a missing order from a failed load', async () => {
    stubFetch(undefined, { user: shopper });
    const view = renderAt(at, routes);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.orderMissing);
    view.unmount();
    vi.unstubAllGlobals();
    stubFetch(
      (request) =>
        request.path.startsWith('/api/user/my/order/')
          ? { status: 500, body: { success: false, message: 'x' } }
          : undefined,
      { user: shopper },
    );
    renderAt(at, routes);
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(MESSAGES.orderError);
  });
});
