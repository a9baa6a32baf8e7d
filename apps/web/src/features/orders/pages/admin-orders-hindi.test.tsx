/**
 * The admin's orders screens with Hindi on: titles, headings, labels and buttons in Hindi, and the
 * server's messages (sent in English) shown in Hindi, names and numbers kept as sent.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { order, renderAdmin, stubFetch } from '../../../test-utils';
import OrdersTablePage from './orders-table-page';
import UpdateOrderPage from './update-order-page';

beforeEach(() => setLanguage('hi', { remember: false }));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('en', { remember: false });
});

describe('the admin orders screens in Hindi', () => {
  it('Orders table: Hindi columns and status', async () => {
    stubFetch(() => ({ body: { success: true, AllOrders: [order()], ordersCounts: 1, OrdersCount: 1 } }));
    renderAdmin(<OrdersTablePage />, { path: '/admin/view/orders' });
    const row = (await screen.findByText('Meera Nair')).closest('tr') as HTMLElement;
    expect(document.title).toBe('सभी ऑर्डर');
    expect(within(row).getByText('तैयार हो रहा है')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'ऑर्डर #1042 पैक करें' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'नंबर (#1042), नाम या मोबाइल से ऑर्डर खोजें' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'ऑर्डर आईडी' })).toBeTruthy();
  });

  it('Update Order: Hindi details, and a status change answered in Hindi', async () => {
    let current = order();
    stubFetch((call) => {
      if (call.method === 'PUT') {
        current = { ...current, status: 'Shipped' };
        return {
          body: {
            success: true,
            message: 'Order Shipped',
            code: 'orderShipped',
            values: {},
            Order: current,
            updatedOrder: current,
          },
        };
      }
      return { body: { success: true, order: current } };
    });
    const user = userEvent.setup();
    renderAdmin(<UpdateOrderPage />, { path: '/admin/update/order/:orderId', url: '/admin/update/order/o-1' });
    expect(await screen.findByText('सामान (1)')).toBeTruthy();
    expect(document.title).toBe('ऑर्डर बदलें');
    expect(screen.getByText('कुल रकम')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'ऑर्डर की स्थिति' }), 'Shipped');
    await user.click(screen.getByRole('button', { name: 'स्थिति बदलें' }));
    expect(await screen.findByText('ऑर्डर भेज दिया गया')).toBeTruthy();
  });
});
