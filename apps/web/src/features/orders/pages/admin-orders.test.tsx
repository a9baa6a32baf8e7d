import { MESSAGES } from '@mandi/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../lib/types';
import { order as orderFixture, orderLine, renderAdmin, renderRoute, stubFetch } from '../../../test-utils';

/** Meera's order of apples and a cabbage no longer sold. */
const order = (overrides: Partial<Order> = {}) =>
  orderFixture({
    orderItems: [
      orderLine('1', 'Shimla Apple', 1.5, 179),
      { ...orderLine('2', 'Green Cabbage', 0.5, 32), productId: null },
    ],
    ...overrides,
  });

import OrdersTablePage from './orders-table-page';
import UpdateOrderPage from './update-order-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const detail = (id = 'o-1') =>
  renderAdmin(<UpdateOrderPage />, { path: '/admin/update/order/:orderId', url: `/admin/update/order/${id}` });

describe('Orders table', () => {
  it('lists the order number (linking to the update screen), customer name, item count, amount, status and date', async () => {
    stubFetch(() => ({ body: { success: true, AllOrders: [order()], ordersCounts: 1, OrdersCount: 1 } }));
    renderAdmin(<OrdersTablePage />, { path: '/admin/view/orders' });
    const row = (await screen.findByText('Meera Nair')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Order Id' })).toBeTruthy();
    // The number people read out; the id stays in the link's address only.
    expect(within(row).getByRole('link', { name: '#1042' }).getAttribute('href')).toBe('/admin/update/order/o-1');
    expect(within(row).queryByText('o-1')).toBeNull();
    expect(within(row).getByRole('link', { name: 'Edit order #1042' }).getAttribute('href')).toBe(
      '/admin/update/order/o-1',
    );
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('₹284.50')).toBeTruthy();
    expect(within(row).getByText('Processing')).toBeTruthy();
    expect(within(row).getByText('5 Mar 2026')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Pack order #1042' }).getAttribute('href')).toBe(
      '/admin/pack/order/o-1',
    );
  });

  it('offers Pack only on Processing rows and shows Cancelled', async () => {
    stubFetch(() => ({
      body: { success: true, AllOrders: [order({ _id: 'o-2', status: 'Cancelled' })], ordersCounts: 1, OrdersCount: 1 },
    }));
    renderAdmin(<OrdersTablePage />, { path: '/admin/view/orders' });
    const row = (await screen.findByText('Meera Nair')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Cancelled')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /^Pack/ })).toBeNull();
  });

  it('shows 50 orders a page, newest first, with Next and Previous links', async () => {
    const calls = stubFetch((call) => {
      const page = Number(new URL(call.path, 'http://shop').searchParams.get('page'));
      const onPage = page === 1 ? 50 : 20;
      const AllOrders = Array.from({ length: onPage }, (_, i) =>
        order({ _id: `o-${page}-${i}`, user: { _id: 'u', firstName: `Buyer${page}x${i}`, lastName: 'K' } }),
      );
      return { body: { success: true, AllOrders, ordersCounts: 70, OrdersCount: 70 } };
    });
    const user = userEvent.setup();
    renderAdmin(<OrdersTablePage />, { path: '/admin/view/orders' });
    expect(await screen.findByText('Buyer1x0 K')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    expect(within(pages).getByText('Orders 1–50 of 70')).toBeTruthy();
    expect(within(pages).queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(calls.at(-1)?.path).toBe('/api/user/admin/orders?page=1&limit=50');

    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Buyer2x0 K')).toBeTruthy();
    expect(calls.at(-1)?.path).toBe('/api/user/admin/orders?page=2&limit=50');
    expect(within(pages).getByText('Orders 51–70 of 70')).toBeTruthy();
    expect(within(pages).queryByRole('link', { name: 'Next' })).toBeNull();
    expect(screen.queryByText('Buyer1x0 K')).toBeNull();

    await user.click(within(pages).getByRole('link', { name: 'Previous' }));
    expect(await screen.findByText('Buyer1x0 K')).toBeTruthy();
    // Role queries over three pages of 50 rows are slow on a busy machine.
  }, 20_000);

  it('finds orders by number, name or mobile through ?q=, and shows every order again when cleared', async () => {
    const calls = stubFetch((call) => {
      const q = new URL(call.path, 'http://shop').searchParams.get('q');
      const AllOrders =
        q === '#1042' || q === 'meera'
          ? [order()]
          : q === null
            ? [order(), order({ _id: 'o-2', orderNumber: 1043 })]
            : [];
      return { body: { success: true, AllOrders, ordersCounts: AllOrders.length, OrdersCount: AllOrders.length } };
    });
    const user = userEvent.setup();
    renderAdmin(<OrdersTablePage />, { path: '/admin/view/orders' });
    expect(await screen.findByRole('link', { name: '#1043' })).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Find orders by number (#1042), name or mobile' });

    await user.type(search, '#1042{Enter}');
    await waitFor(() => expect(screen.queryByRole('link', { name: '#1043' })).toBeNull());
    expect(screen.getByRole('link', { name: '#1042' })).toBeTruthy();
    expect(calls.at(-1)?.path).toBe('/api/user/admin/orders?page=1&limit=50&q=%231042');

    // Any text is a search: a name, a mobile; the server decides what it finds.
    await user.clear(search);
    await user.type(search, 'meera{Enter}');
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/user/admin/orders?page=1&limit=50&q=meera'));
    expect(await screen.findByRole('link', { name: '#1042' })).toBeTruthy();

    await user.clear(search);
    await user.type(search, '98765 43210{Enter}');
    expect(await screen.findByText('No orders match “98765 43210”')).toBeTruthy();
    expect(calls.at(-1)?.path).toBe('/api/user/admin/orders?page=1&limit=50&q=98765+43210');

    await user.click(screen.getByRole('link', { name: 'Show all orders' }));
    expect(await screen.findByRole('link', { name: '#1043' })).toBeTruthy();
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('searches for the number of an address of the old ?number= form', async () => {
    const calls = stubFetch(() => ({ body: { success: true, AllOrders: [order()], ordersCounts: 1, OrdersCount: 1 } }));
    renderRoute(<OrdersTablePage />, { path: '/admin/view/orders', url: '/admin/view/orders?number=1042' });
    expect(await screen.findByRole('link', { name: '#1042' })).toBeTruthy();
    expect(calls.at(-1)?.path).toBe('/api/user/admin/orders?page=1&limit=50&q=1042');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('1042');
  });

  it('shows no page links when every order fits on one page', async () => {
    stubFetch(() => ({ body: { success: true, AllOrders: [order()], ordersCounts: 1, OrdersCount: 1 } }));
    renderAdmin(<OrdersTablePage />, { path: '/admin/view/orders' });
    await screen.findByText('Meera Nair');
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).toBeNull();
  });

  it('shows an error block when loading fails', async () => {
    stubFetch(() => ({ status: 403, body: { success: false, message: 'Only an admin can do this' } }));
    renderAdmin(<OrdersTablePage />, { path: '/admin/view/orders' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Only an admin can do this');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('Admin order detail', () => {
  it('shows the delivery charge and the round-off between the lines and the total', async () => {
    const lines = [orderLine('1', 'Shimla Apple', 0.537, 179)];
    // ₹96.12 of apples + ₹40 delivery = ₹136.12, paid as ₹136 (round off −₹0.12).
    stubFetch(() => ({
      body: {
        success: true,
        order: order({ orderItems: lines, shippingCharge: 40, roundOff: -0.12, total: 136, status: 'Shipped' }),
      },
    }));
    detail();
    expect((await screen.findByText('Delivery charge')).nextSibling?.textContent).toBe('₹40');
    expect(screen.getByText('Round off').nextSibling?.textContent).toBe('−₹0.12');
    expect(screen.getByText('#1042')).toBeTruthy();
    expect(screen.queryByText('#o-1')).toBeNull();
    expect(screen.getByText('Total Amount').nextSibling?.textContent).toBe('₹136');
  });

  it('shows the lines with their amounts and offers the next status or Cancelled', async () => {
    let current = order();
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') {
        current = { ...current, status: 'Shipped' };
        return { body: { success: true, message: 'Order Shipped', Order: current, updatedOrder: current } };
      }
      return { body: { success: true, order: current } };
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = userEvent.setup();
    detail();

    expect(await screen.findByText('Items (2)')).toBeTruthy();
    expect(screen.getByText('Total Amount').nextSibling?.textContent).toBe('₹284.50');
    const apple = screen.getByText('Shimla Apple').closest('li') as HTMLElement;
    expect(within(apple).getByText('1.5 Kg × ₹179/Kg')).toBeTruthy();
    expect(within(apple).getByText('₹268.50')).toBeTruthy();
    expect(within(apple).getByRole('img', { name: 'Shimla Apple' }).getAttribute('src')).toBe('/api/images/1');

    const select = screen.getByRole('combobox', { name: 'Order Status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose Status', 'Shipped', 'Cancelled']);
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(alert).toHaveBeenCalledWith(MESSAGES.orderStatusEmpty);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.selectOptions(select, 'Shipped');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Order Shipped')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/user/update/order/o-1',
      body: { oStatus: 'Shipped' },
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('combobox', { name: 'Order Status' }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose Status', 'Delivered', 'Cancelled']),
    );
  });

  it('shows ordered kg, packed kg and amount per line, the estimate against the final bill, and the history', async () => {
    const packed = order({
      total: 268.5,
      estimatedTotal: 284.5,
      packedAt: '2026-03-06T04:00:00.000Z',
      orderItems: [
        {
          _id: 'i-1',
          productId: 'p-1',
          name: 'Shimla Apple',
          image: '/api/images/a',
          quantity: 1.5,
          rate: 179,
          packedQuantity: '1.5',
          amount: 268.5,
        },
        {
          _id: 'i-2',
          productId: null,
          name: 'Green Cabbage',
          image: '/api/images/b',
          quantity: 0.5,
          rate: 32,
          packedQuantity: '0',
          amount: 0,
        },
      ],
      history: [
        {
          at: '2026-03-05T10:00:00.000Z',
          by: 'Meera Nair',
          kind: 'placed',
          changes: { status: { from: null, to: 'Processing' }, total: { from: null, to: 284.5 } },
        },
        {
          at: '2026-03-06T04:00:00.000Z',
          by: 'Ravi Admin',
          kind: 'packed',
          changes: {
            lines: [
              {
                _id: 'i-2',
                name: 'Green Cabbage',
                quantity: '0.5',
                packedQuantity: { from: null, to: '0' },
                amount: { from: 16, to: 0 },
              },
            ],
            total: { from: 284.5, to: 268.5 },
          },
        },
      ],
    });
    stubFetch(() => ({ body: { success: true, order: packed } }));
    detail();
    const cabbage = (await screen.findByText('Green Cabbage')).closest('li') as HTMLElement;
    expect(within(cabbage).getByText('0.5 Kg × ₹32/Kg')).toBeTruthy();
    expect(within(cabbage).getByText('Not available')).toBeTruthy();
    expect(within(cabbage).getByText('₹0')).toBeTruthy();
    expect(screen.getByText('Estimate (ordered weights)').nextElementSibling?.className).toContain('line-through');
    expect(screen.getByText('Total Amount').nextSibling?.textContent).toBe('₹268.50');
    expect(screen.getByRole('link', { name: 'Pack again' }).getAttribute('href')).toBe('/admin/pack/order/o-1');
    expect(screen.queryByText(/packs it at the ordered weights/)).toBeNull();

    const history = screen.getByRole('heading', { name: 'History' }).closest('section') as HTMLElement;
    const entries = within(history)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(entries).toHaveLength(2);
    expect(entries[0]?.textContent).toContain('Placed');
    expect(entries[0]?.textContent).toContain('Meera Nair');
    expect(entries[0]?.textContent).toContain('Amount due: ₹284.50');
    expect(entries[1]?.textContent).toContain('Packed');
    expect(entries[1]?.textContent).toContain('Ravi Admin');
    expect(
      within(entries[1] as HTMLElement).getByText('Green Cabbage: Ordered: 0.5 Kg, Packed: 0 Kg, Amount: ₹16 → ₹0'),
    ).toBeTruthy();
    expect(within(entries[1] as HTMLElement).getByText('Amount due: ₹284.50 → ₹268.50')).toBeTruthy();
  });

  it('links an unpacked Processing order to packing and says shipping packs it at the ordered weights', async () => {
    stubFetch(() => ({ body: { success: true, order: order({ estimatedTotal: 284.5, packedAt: null }) } }));
    detail();
    expect((await screen.findByRole('link', { name: 'Pack' })).getAttribute('href')).toBe('/admin/pack/order/o-1');
    expect(
      screen.getByText('Moving an order that was not packed to Shipped packs it at the ordered weights.'),
    ).toBeTruthy();
    expect(screen.getByText('Estimate on the ordered weights until the order is packed.')).toBeTruthy();
  });

  it('asks before cancelling, then sets Cancelled', async () => {
    const calls = stubFetch((call) =>
      call.method === 'PUT'
        ? { body: { success: true, message: 'Order Cancelled', Order: order({ status: 'Cancelled' }) } }
        : { body: { success: true, order: order() } },
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    detail();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Order Status' }), 'Cancelled');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(confirm).toHaveBeenCalledOnce();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ oStatus: 'Cancelled' });
  });

  it('shows the bill with its download, and records a payment that then shows as paid', async () => {
    let current = order({ packedAt: '2026-03-06T04:00:00.000Z', invoiceNumber: 'MANDI/2025-26/000012' });
    const calls = stubFetch((call) => {
      if (call.method === 'PUT' && call.path === '/api/admin/orders/o-1/payment') {
        current = { ...current, payment: { method: 'Cash', reference: '', paidAt: '2026-03-06T09:00:00.000Z' } };
        return { body: { success: true, order: current } };
      }
      return { body: { success: true, order: current } };
    });
    const user = userEvent.setup();
    detail();
    const panel = await screen.findByRole('region', { name: 'Bill and payment' });
    expect(within(panel).getByText('MANDI/2025-26/000012')).toBeTruthy();
    expect(
      within(panel)
        .getByRole('link', { name: /Download bill/ })
        .getAttribute('href'),
    ).toBe('/api/user/my/order/o-1/invoice?lang=en');
    await user.click(within(panel).getByRole('radio', { name: 'Cash' }));
    await user.click(within(panel).getByRole('button', { name: 'Record payment' }));
    expect(await within(panel).findByText('Paid in cash on 6 Mar 2026')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ method: 'Cash', reference: '' });
  });

  it('has no status control once Cancelled', async () => {
    stubFetch(() => ({ body: { success: true, order: order({ status: 'Cancelled' }) } }));
    detail();
    expect(await screen.findByText('Items (2)')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pack' })).toBeNull();
  });

  it('has no status control once Delivered', async () => {
    stubFetch(() => ({ body: { success: true, order: order({ status: 'Delivered' }) } }));
    detail();
    expect(await screen.findByText('Items (2)')).toBeTruthy();
    expect(screen.getByText('Delivered')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Status' })).toBeNull();
  });

  it('says the order does not exist on a 404 and something went wrong on other failures', async () => {
    stubFetch(() => ({ status: 404, body: { success: false, message: 'Order not found' } }));
    const missing = detail('o-404');
    expect((await screen.findByRole('alert')).textContent).toBe(' Sorry Order Not Exit');
    missing.unmount();

    stubFetch(() => ({ status: 500, body: { success: false, message: 'Something went wrong on our side.' } }));
    detail('o-500');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.orderError);
  });
});
