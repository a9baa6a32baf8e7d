/**
 * The admin's Standing orders: the server's default date and its figures (per product, per slot,
 * orders, failures with their reasons), another date chosen, "Make orders for this date now" asked
 * first with what it made, and the closed days added with a note and reopened.
 */
import type { ClosedDate, SubscriptionsDayAnswer } from '@mandi/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, pathnameOf, renderAdmin, stubFetch } from '../../../test-utils';
import { NOON } from '../test-fixtures';
import AdminSubscriptionsPage from './admin-subscriptions-page';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOON });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function day(date: string, made: boolean): SubscriptionsDayAnswer {
  return {
    success: true,
    date,
    cutoffAt: '2026-11-26T15:30:00.000Z',
    made,
    products: [
      { productId: 'p-milk', name: 'Toned Milk', nameHi: 'टोंड दूध', unit: 'litre', quantity: 14.5, households: 12 },
      { productId: 'p-curd', name: 'Curd', nameHi: null, unit: 'pack', quantity: 6, households: 5 },
    ],
    slots: [
      {
        slotId: 't-morning',
        start: '07:00',
        end: '09:00',
        households: 9,
        products: [{ productId: 'p-milk', name: 'Toned Milk', unit: 'litre', quantity: 10 }],
      },
      {
        slotId: null,
        start: null,
        end: null,
        households: 1,
        products: [{ productId: 'p-curd', name: 'Curd', unit: 'pack', quantity: 1 }],
      },
    ],
    orders: made
      ? [
          {
            _id: 'o-1',
            orderNumber: 1042,
            customer: { _id: 'u-1', name: 'Asha Patel' },
            total: 96,
            status: 'Processing',
            slot: { start: '07:00', end: '09:00' },
          },
        ]
      : [],
    failures: made
      ? [
          {
            subscriptionId: 's-9',
            date,
            reason: 'khataLimit',
            message: 'Khata limit of ₹500 reached',
            productId: 'p-milk',
            productName: 'Toned Milk',
            customer: { _id: 'u-2', name: 'Ravi Kumar' },
          },
        ]
      : [],
  };
}

function adminServer() {
  let made = false;
  let closed: ClosedDate[] = [{ date: '2026-12-01', note: 'Diwali' }];
  const calls = stubFetch((call: Call) => {
    const path = pathnameOf(call);
    if (path === '/api/admin/subscriptions') {
      const date = new URL(call.path, 'http://localhost').searchParams.get('date') ?? '2026-11-27';
      return { body: day(date, made && date === '2026-11-27') };
    }
    if (path === '/api/admin/subscriptions/run') {
      made = true;
      return {
        body: {
          success: true,
          date: '2026-11-27',
          created: 11,
          skipped: 0,
          failures: day('2026-11-27', true).failures,
        },
      };
    }
    if (path === '/api/admin/closed-dates' && call.method === 'GET')
      return { body: { success: true, closedDates: closed } };
    if (path === '/api/admin/closed-dates' && call.method === 'POST') {
      const closedDate = call.body as ClosedDate;
      closed = [...closed, closedDate];
      return { status: 201, body: { success: true, closedDate } };
    }
    if (path.startsWith('/api/admin/closed-dates/') && call.method === 'DELETE') {
      const date = path.split('/').pop();
      closed = closed.filter((one) => one.date !== date);
      return {
        body: {
          success: true,
          message: `The shop is open on ${date} again`,
          code: 'closedDateReopened',
          values: { date },
        },
      };
    }
    return undefined;
  });
  return calls;
}

describe('Standing orders (admin)', () => {
  it('shows the next date’s quantities per product and per slot, then makes its orders after asking', async () => {
    const calls = adminServer();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAdmin(<AdminSubscriptionsPage />, { path: '/admin/subscriptions' });
    const products = await screen.findByRole('table', { name: 'Quantities per product for Fri 27 Nov' });
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-11-27');
    expect(document.title).toBe('Standing orders');
    const rows = within(products)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Toned Milk', '14.5 litres', '12'],
      ['Curd', '6 packs', '5'],
    ]);
    expect(screen.getByRole('heading', { name: '7:00–9:00: 9 households' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Any time (no slot): 1 household' })).toBeTruthy();
    expect(screen.getByText('Changes for this date close Thu 26 Nov 21:00.')).toBeTruthy();
    expect(screen.getByText('Not made yet: these are what the schedules will make.')).toBeTruthy();
    expect(screen.getByText('No order made for this date yet.')).toBeTruthy();

    // Asked first: no means nothing is sent.
    confirm.mockReturnValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Make orders for this date now' }));
    expect(confirm).toHaveBeenCalledWith(
      'Make the standing orders for Fri 27 Nov now? Shoppers can no longer change that day once they are made.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Make orders for this date now' }));
    expect(await screen.findByText('Made 11 orders for Fri 27 Nov. 1 line could not be made: see below.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/admin/subscriptions/run',
      body: { date: '2026-11-27' },
    });
    // Read again: the order made, and the failure with its reason in words.
    const orders = await screen.findByRole('table', { name: 'Orders made for Fri 27 Nov' });
    expect(within(orders).getByRole('link', { name: '#1042' }).getAttribute('href')).toBe('/admin/update/order/o-1');
    expect(within(orders).getByText('Asha Patel')).toBeTruthy();
    const failures = screen.getByRole('table', { name: 'Standing orders not made for Fri 27 Nov' });
    expect(within(failures).getByText('Over the khata limit')).toBeTruthy();
    expect(within(failures).getByText('Khata limit of ₹500 reached')).toBeTruthy();
    expect(screen.getByText('The orders for this date are made.')).toBeTruthy();
  });

  it('reads another date when one is chosen', async () => {
    const calls = adminServer();
    const user = userEvent.setup();
    renderAdmin(<AdminSubscriptionsPage />, { path: '/admin/subscriptions' });
    const date = await screen.findByDisplayValue('2026-11-27');
    await user.clear(date);
    await user.type(date, '2026-11-30');
    expect(await screen.findByRole('table', { name: 'Quantities per product for Mon 30 Nov' })).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/admin/subscriptions?date=2026-11-30')).toBe(true);
  });

  it('closes the shop on a day with a note, and opens it again after asking', async () => {
    const calls = adminServer();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAdmin(<AdminSubscriptionsPage />, { path: '/admin/subscriptions' });
    const table = await screen.findByRole('table', { name: 'Days the shop is closed' });
    expect(await within(table).findByText('Diwali')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Close the shop on a day' });
    await user.click(within(form).getByRole('button', { name: 'Close the shop that day' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choose the day.');
    await user.type(within(form).getByLabelText('Day'), '2026-12-25');
    await user.type(within(form).getByLabelText('Note (optional, such as Diwali)'), ' Christmas ');
    await user.click(within(form).getByRole('button', { name: 'Close the shop that day' }));
    expect(await within(form).findByText('The shop is closed on Fri 25 Dec.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ date: '2026-12-25', note: 'Christmas' });
    expect(await within(table).findByText('Christmas')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Reopen Tue 1 Dec' }));
    expect(window.confirm).toHaveBeenCalledWith('Open the shop on Tue 1 Dec again?');
    expect(await screen.findByText('The shop is open on 2026-12-01 again')).toBeTruthy();
    await waitFor(() => expect(within(table).queryByText('Diwali')).toBeNull());
  });
});
