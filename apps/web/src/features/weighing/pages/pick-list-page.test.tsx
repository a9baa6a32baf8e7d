import { shopDateOf } from '@mandi/shared/kernel';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathnameOf, product, renderAdmin, stubFetch } from '../../../test-utils';
import PickListPage from './pick-list-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const items = [
  { productId: 'p-1', name: 'Desi Tomato', quantity: 12.5, orders: 7 },
  { productId: 'p-2', name: 'Green Peas', quantity: 3, orders: 2, orderNumbers: [1042, 1077] },
];

function stub(options: { stockFails?: boolean } = {}) {
  return stubFetch((call) => {
    if (pathnameOf(call) === '/api/admin/picklist') {
      const date = new URL(call.path, 'http://shop').searchParams.get('date');
      return { body: { success: true, date, items: date === '2026-03-01' ? [] : items } };
    }
    if (pathnameOf(call) === '/api/product/getAllProducts') {
      if (options.stockFails) return { status: 500, body: { success: false, message: 'Down' } };
      return {
        body: { success: true, products: [product('p-1', 'Desi Tomato', 40, 10), product('p-2', 'Green Peas', 80, 5)] },
      };
    }
    return undefined;
  });
}

describe('Pick list', () => {
  it("lists today's kg to pack per product with orders, stock on hand and the shortfall", async () => {
    const calls = stub();
    renderAdmin(<PickListPage />, { path: '/admin/picklist' });
    expect(screen.getByRole('heading', { name: 'Pick list' })).toBeTruthy();
    const today = shopDateOf(new Date());
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe(today);
    const tomato = (await screen.findByRole('rowheader', { name: 'Desi Tomato' })).closest('tr') as HTMLElement;
    expect(calls.some((call) => call.path === `/api/admin/picklist?date=${today}`)).toBe(true);
    const cells = within(tomato)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 2)).toEqual(['12.5 Kg', '7']);
    await waitFor(() => expect(within(tomato).getByText('Short 2.5 Kg')).toBeTruthy());
    expect(within(tomato).getByText('10 Kg')).toBeTruthy();
    const peas = screen.getByRole('rowheader', { name: 'Green Peas' }).closest('tr') as HTMLElement;
    expect(within(peas).getByText('Enough')).toBeTruthy();
    // Which orders hold the peas, by the numbers written on their bags.
    expect(within(peas).getAllByRole('cell')[1]?.textContent).toBe('2 #1042 · #1077');
    expect(within(peas).getByText('#1042 · #1077', { exact: false })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'To pack' })).toBeTruthy();
  });

  it('prints, downloads the CSV for the chosen date and changes date', async () => {
    const calls = stub();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    renderAdmin(<PickListPage />, { path: '/admin/picklist' });
    await screen.findByRole('rowheader', { name: 'Desi Tomato' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/admin/picklist?date=${shopDateOf(new Date())}&format=csv`,
    );
    expect(screen.getByText('Pick list').closest('[data-print-only]')).toBeTruthy();

    const date = screen.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2026-03-01');
    expect(await screen.findByText('Nothing to pack for this date')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/admin/picklist?date=2026-03-01')).toBe(true);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/picklist?date=2026-03-01&format=csv',
    );
  });

  it('leaves the stock columns out, and says so, when stock cannot be loaded', async () => {
    stub({ stockFails: true });
    renderAdmin(<PickListPage />, { path: '/admin/picklist' });
    await screen.findByRole('rowheader', { name: 'Desi Tomato' });
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'In stock' })).toBeNull());
    expect(screen.getByText(/Stock on hand could not be loaded/)).toBeTruthy();
  });
});
