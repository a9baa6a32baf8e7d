import type { BuyAgainItem } from '@mandi/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, pathnameOf, renderAt, stubFetch } from '../../../test-utils';
import { cartStore } from '../../cart';
import { OrderAgainButton } from '../components/order-again-button';
import ListsPage from './lists-page';

function item(productId: string, name: string, available = true): BuyAgainItem {
  return {
    productId,
    name,
    unit: 'kg',
    quantity: 1,
    rate: 40,
    available,
    image: '',
    stocks: available ? 10 : 0,
    kilogramOption: [0.5, 1],
  };
}

const WEEKLY = {
  _id: 'l-1',
  name: 'Weekly sabzi',
  itemCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

beforeEach(() => {
  localStorage.clear();
  cartStore.reload();
});
afterEach(() => vi.unstubAllGlobals());

describe('My Lists', () => {
  it('shows the usual with unavailable items flagged, and a list whose Add all fills the cart with the available ones', async () => {
    const calls = stubFetch((call: Call) => {
      const path = pathnameOf(call);
      if (path === '/api/user/my/usual') {
        return { body: { success: true, items: [item('p-1', 'Onion'), item('p-2', 'Okra', false)] } };
      }
      if (path === '/api/user/my/lists') return { body: { success: true, lists: [WEEKLY] } };
      if (path === '/api/user/my/lists/l-1') {
        return {
          body: { success: true, list: { ...WEEKLY, items: [item('p-3', 'Potato'), item('p-4', 'Peas', false)] } },
        };
      }
      return undefined;
    });
    renderAt('/account/lists', { '/account/lists': <ListsPage /> });

    const usual = await screen.findByRole('list', { name: 'Your usual' });
    expect(within(usual).getAllByRole('listitem')[1]?.textContent).toContain('Not available today');
    // The usual offers a standing order of each item at its quantity; a list does not.
    expect(within(usual).getByRole('link', { name: 'Every day: a standing order of Onion' }).getAttribute('href')).toBe(
      '/subscriptions/new?productId=p-1&quantity=1',
    );

    const card = screen.getByRole('article', { name: /Weekly sabzi/ });
    expect(card.textContent).toContain('2 products');
    await userEvent.click(within(card).getByRole('button', { name: 'Show' }));
    await userEvent.click(await within(card).findByRole('button', { name: 'Add all to cart' }));
    expect(cartStore.getItems().map((entry) => [entry.id, entry.quantity, entry.rate])).toEqual([['p-3', 1, 40]]);
    expect(within(card).getByRole('status').textContent).toContain('Not available today, so not added: Peas.');
    expect(within(card).queryByRole('link', { name: /^Every day/ })).toBeNull();
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });

  it('says when there are no lists and no usual yet', async () => {
    stubFetch((call: Call) => {
      const path = pathnameOf(call);
      if (path === '/api/user/my/usual') return { body: { success: true, items: [] } };
      if (path === '/api/user/my/lists') return { body: { success: true, lists: [] } };
      return undefined;
    });
    renderAt('/account/lists', { '/account/lists': <ListsPage /> });
    expect(await screen.findByText(/You have no lists yet/)).toBeTruthy();
    expect(await screen.findByText('Your usual appears here after your first order.')).toBeTruthy();
  });
});

describe('Order again', () => {
  it('fills the cart with what can be bought and names the rest', async () => {
    stubFetch((call: Call) =>
      pathnameOf(call) === '/api/user/my/order/o-1/again'
        ? { body: { success: true, items: [item('p-1', 'Onion'), item('p-2', 'Okra', false)], missing: ['Peas'] } }
        : undefined,
    );
    renderAt('/x', { '/x': <OrderAgainButton orderId="o-1" /> });
    await userEvent.click(await screen.findByRole('button', { name: 'Order again' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Added to your cart: Onion.'));
    expect(screen.getByRole('status').textContent).toContain('Not available today, so not added: Okra.');
    expect(screen.getByRole('status').textContent).toContain('No longer sold, so not added: Peas.');
    expect(cartStore.getItems().map((entry) => entry.id)).toEqual(['p-1']);
  });
});
