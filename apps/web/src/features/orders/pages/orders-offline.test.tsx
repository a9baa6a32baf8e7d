/**
 * My Orders and an order's details without a network (issue 42): the list as last read, with when;
 * plain words when there is nothing to show; the spec's "Something Went To Wrong" only for the server.
 */
import { MESSAGES } from '@mandi/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEPT_ANSWERS_KEY, keepAnswer } from '../../../lib/offline/kept-store';
import { order, orderLine, renderAt, shopper, stubFetch } from '../../../test-utils';
import { KEPT_ORDERS } from '../api/get-my-orders';
import MyOrdersPage from './my-orders-page';
import OrderDetailsPage from './order-details-page';

const routes = { '/Order/MyOrder': <MyOrdersPage />, '/Order/OrderDetails/:orderId': <OrderDetailsPage /> };
const orders = [
  order({ _id: 'o-2', orderNumber: 1002, status: 'Shipped', orderItems: [orderLine('a', 'Desi Tomato', 1, 38)] }),
  order({ _id: 'o-1', orderNumber: 1001, status: 'Delivered', orderItems: [orderLine('b', 'Onion', 2, 30)] }),
];
// 10:10 in the shop's time.
const READ_AT = Date.parse('2026-03-12T04:40:00Z');

/** A fetch that finds no network for `path` (the session is known, as a kept page's app knows it). */
function offlineFor(path: string) {
  return stubFetch(
    (call) => {
      if (call.path === path) throw new TypeError('Failed to fetch');
      return undefined;
    },
    { user: shopper },
  );
}

beforeEach(() => Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true }));
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('my orders without a network', () => {
  it('keeps the list read online for this shopper', async () => {
    stubFetch(
      (call) =>
        call.path === '/api/user/my/orders' ? { body: { success: true, myOrders: orders, orders } } : undefined,
      { user: shopper },
    );
    renderAt('/Order/MyOrder', routes);
    await screen.findByRole('list', { name: 'Orders' });
    await waitFor(() => expect(localStorage.getItem(KEPT_ANSWERS_KEY)).not.toBeNull());
    const kept = JSON.parse(localStorage.getItem(KEPT_ANSWERS_KEY) as string);
    expect(kept.userId).toBe(shopper._id);
    expect(kept.answers[KEPT_ORDERS].data.map((entry: { _id: string }) => entry._id)).toEqual(['o-2', 'o-1']);
  });

  it('shows the kept list and says as of when, without the spec’s failure', async () => {
    keepAnswer(shopper._id, KEPT_ORDERS, orders, READ_AT);
    offlineFor('/api/user/my/orders');
    renderAt('/Order/MyOrder', routes);
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('#1002')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(
      /^You are offline: showing your orders as of (\d+ \w+ \d{4} )?10:10\.$/,
    );
    expect(screen.getByText('Total Orders').nextElementSibling?.textContent).toBe('2');
    expect(screen.queryByText(MESSAGES.orderError)).toBeNull();
  });

  it('says plainly that the orders show once back online when none were kept (nor another shopper’s)', async () => {
    keepAnswer('u-someone-else', KEPT_ORDERS, orders, READ_AT);
    offlineFor('/api/user/my/orders');
    renderAt('/Order/MyOrder', routes);
    // The loader is a status too: wait for the words.
    const note = await screen.findByText('You are offline: your orders will show here when you are back online.');
    expect(note.getAttribute('role')).toBe('status');
    expect(screen.queryByText('#1002')).toBeNull();
    expect(screen.queryByText(MESSAGES.orderError)).toBeNull();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
  });

  it('keeps the spec’s words for a server failure online', async () => {
    keepAnswer(shopper._id, KEPT_ORDERS, orders, READ_AT);
    stubFetch(
      (call) =>
        call.path === '/api/user/my/orders' ? { status: 500, body: { success: false, message: 'x' } } : undefined,
      { user: shopper },
    );
    renderAt('/Order/MyOrder', routes);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.orderError);
    expect(screen.queryByText('#1002')).toBeNull();
  });
});

describe('an order’s details without a network', () => {
  it('says plainly that they show once back online', async () => {
    offlineFor('/api/user/my/order/o-1');
    renderAt('/Order/OrderDetails/o-1', routes);
    const note = await screen.findByText('You are offline: this order’s details will show when you are back online.');
    expect(note.getAttribute('role')).toBe('status');
    expect(screen.queryByText(MESSAGES.orderError)).toBeNull();
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/Order/MyOrder');
  });
});
