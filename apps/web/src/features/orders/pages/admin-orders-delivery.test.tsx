import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../lib/types';
import { pathnameOf, renderAdmin, shopper, stubFetch } from '../../../test-utils';
import OrdersTablePage from './orders-table-page';
import UpdateOrderPage from './update-order-page';

afterEach(() => vi.unstubAllGlobals());

const slotId = 'a1b2c3d4-0000-4000-8000-000000000001_2026-11-24';
const order: Order = {
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
  shippingCharge: 0,
  total: 180,
  estimatedTotal: 180,
  packedAt: null,
  deliverySlot: { _id: slotId, date: '2026-11-24', start: '07:00', end: '09:00' },
  status: 'Processing',
  orderDate: '2026-11-23T10:00:00.000Z',
  createdAt: '2026-11-23T10:00:00.000Z',
  shippingInfo: { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
  invoiceNumber: null,
  payment: null,
  userId: shopper._id,
  user: { _id: shopper._id, firstName: 'Asha', lastName: 'Patel' },
};

describe('admin orders by delivery', { timeout: 20_000 }, () => {
  it("filters the table by delivery date, then by one of its slots, and shows each order's slot", async () => {
    const calls = stubFetch((call) => {
      const pathname = pathnameOf(call);
      if (pathname === '/api/user/admin/orders') {
        return { body: { success: true, AllOrders: [order], ordersCounts: 1, OrdersCount: 1 } };
      }
      if (pathname === '/api/admin/delivery/bookings') {
        return {
          body: {
            success: true,
            date: '2026-11-24',
            slots: [
              { _id: slotId, start: '07:00', end: '09:00', capacity: 20, booked: 1, orders: [] },
              { _id: 'other_2026-11-24', start: '17:00', end: '20:00', capacity: null, booked: 0, orders: [] },
            ],
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAdmin(<OrdersTablePage />, { path: '/admin/view/orders' });
    const row = (await screen.findByText('#1077')).closest('tr') as HTMLElement;
    expect(within(row).getByText(/^Delivery:/).textContent).toBe('Delivery: Tue 24 Nov, 7:00–9:00');
    const slotSelect = screen.getByLabelText('Delivery slot') as HTMLSelectElement;
    expect(slotSelect.disabled).toBe(true);

    await user.type(screen.getByLabelText('Delivery date'), '2026-11-24');
    await vi.waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        '/api/user/admin/orders?page=1&limit=50&deliveryDate=2026-11-24',
      ),
    );
    await within(slotSelect).findByRole('option', { name: '7:00–9:00 (1 booked)' });
    await user.selectOptions(slotSelect, '7:00–9:00 (1 booked)');
    await vi.waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        `/api/user/admin/orders?page=1&limit=50&deliveryDate=2026-11-24&slotId=${encodeURIComponent(slotId)}`,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Show every order' }));
    expect((screen.getByLabelText('Delivery date') as HTMLInputElement).value).toBe('');
  });

  it("shows the order's delivery slot on its admin page, and says when none was booked", async () => {
    let current: Order = order;
    stubFetch((call) =>
      call.path === '/api/user/my/order/o-slot' ? { body: { success: true, order: current } } : undefined,
    );
    const { unmount } = renderAdmin(<UpdateOrderPage />, {
      path: '/admin/update/order/:orderId',
      url: '/admin/update/order/o-slot',
    });
    const slot = (await screen.findByText('Delivery slot')).nextElementSibling as HTMLElement;
    expect(slot.textContent).toBe('Tue 24 Nov, 7:00–9:00');
    expect(within(slot).getByText('Tue 24 Nov, 7:00–9:00').getAttribute('datetime')).toBe('2026-11-24');
    unmount();

    current = { ...order, deliverySlot: null };
    renderAdmin(<UpdateOrderPage />, { path: '/admin/update/order/:orderId', url: '/admin/update/order/o-slot' });
    expect(((await screen.findByText('Delivery slot')).nextElementSibling as HTMLElement).textContent).toBe(
      'No slot booked',
    );
  });
});
