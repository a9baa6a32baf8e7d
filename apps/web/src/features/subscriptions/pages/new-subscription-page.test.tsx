/**
 * Starting a standing order: the product and quantity given by "Every day", or found by name; the
 * schedule, first day, saved address, delivery time and payment; the form's own checks, the body
 * sent, the way back to the list; Khata only with an open khata; no address, a way to add one.
 */
import type { SavedAddress } from '@mandi/shared/schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, pathnameOf, product, renderAt, stubFetch } from '../../../test-utils';
import { listAnswer, NOON, subscription } from '../test-fixtures';
import MySubscriptionsPage from './my-subscriptions-page';
import NewSubscriptionPage from './new-subscription-page';

const routes = { '/subscriptions/new': <NewSubscriptionPage />, '/subscriptions': <MySubscriptionsPage /> };
const TEMPLATE = '0f8fad5b-d9cb-469f-a165-70867728950e';
const EVENING = '1c7a1d7e-3c55-4b8e-9d61-1c9d3a2b4e5f';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOON });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const HOME: SavedAddress = {
  _id: 'a-home',
  label: 'Home',
  address: '12 MG Road',
  city: 'Pune',
  mobileNumber: '9876543210',
  pinCode: '411001',
  lastUsedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
};

const milk = { ...product('p-milk', 'Toned Milk', 56, 40, ['0.5', '1', '2']), unit: 'litre' as const };
const curd = { ...product('p-curd', 'Curd', 40, 40, ['1', '2']), unit: 'pack' as const };

function shop({ addresses = [HOME], khata = true }: { addresses?: SavedAddress[]; khata?: boolean } = {}) {
  return stubFetch((call: Call) => {
    const path = pathnameOf(call);
    if (path === '/api/user/my/subscriptions' && call.method === 'GET') return { body: listAnswer([]) };
    if (path === '/api/user/my/subscriptions' && call.method === 'POST') {
      return { status: 201, body: { success: true, subscription: subscription() } };
    }
    if (path === '/api/user/my/addresses') return { body: { success: true, addresses } };
    if (path === '/api/user/my/khata') {
      return {
        body: khata
          ? {
              success: true,
              account: { creditLimit: 3000, available: 2450, balance: 550 },
              entries: [],
            }
          : { success: true, account: null, entries: [] },
      };
    }
    if (path === '/api/delivery/slots') {
      const slot = (template: string, date: string, start: string, end: string) => ({
        _id: `${template}_${date}`,
        date,
        start,
        end,
        remaining: null,
        isAvailable: true,
      });
      return {
        body: {
          success: true,
          slots: [
            slot(EVENING, '2026-11-27', '17:00', '19:00'),
            slot(TEMPLATE, '2026-11-27', '07:00', '09:00'),
            slot(TEMPLATE, '2026-11-28', '07:00', '09:00'),
          ],
        },
      };
    }
    if (path === '/api/product/suggest') {
      return {
        body: {
          success: true,
          suggestions: [{ _id: 'p-curd', name: 'Curd', url: '/img/curd', rate: 40, unit: 'pack' }],
        },
      };
    }
    if (path.startsWith('/api/product/getSingleProduct/')) {
      const id = path.split('/').pop();
      return { body: { success: true, product: id === 'p-curd' ? curd : milk } };
    }
    return undefined;
  });
}

describe('Start a standing order', () => {
  it('starts 1 litre of milk every day from the product page’s offer, at the morning slot, on the khata', async () => {
    const calls = shop();
    const user = userEvent.setup();
    renderAt('/subscriptions/new?productId=p-milk&quantity=1', routes);
    expect(await screen.findByText('Toned Milk')).toBeTruthy();
    expect(document.title).toBe('Start a standing order');
    const quantity = screen.getByRole('group', { name: 'Quantity each delivery' });
    expect((within(quantity).getByLabelText('1 litre') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Every day') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('First delivery') as HTMLInputElement).value).toBe('2026-11-27');
    expect(screen.getByText('The earliest is Fri 27 Nov: changes for earlier days are closed.')).toBeTruthy();
    // The last used address is chosen once the book has come (it may come after the product); its
    // delivery times are the shop's templates, once each, earliest first.
    const home = (await screen.findByRole('radio', { name: /Home/ })) as HTMLInputElement;
    await vi.waitFor(() => expect(home.checked).toBe(true));
    const slot = (await screen.findByLabelText('Delivery time (optional)')) as HTMLSelectElement;
    await vi.waitFor(() => expect(slot.options).toHaveLength(3));
    expect([...slot.options].map((option) => option.textContent)).toEqual([
      'Any time of the day',
      '7:00–9:00',
      '17:00–19:00',
    ]);
    await user.selectOptions(slot, TEMPLATE);
    await user.click(await screen.findByLabelText(/Khata \(₹2,450(\.00)? available\)/));
    await user.click(screen.getByRole('button', { name: 'Start standing order' }));

    expect(await screen.findByText('Standing order started: Toned Milk.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      productId: 'p-milk',
      quantity: 1,
      schedule: { kind: 'daily', startDate: '2026-11-27' },
      addressId: 'a-home',
      slotTemplateId: TEMPLATE,
      paymentMethod: 'Khata',
    });
  });

  it('finds curd by name, on weekdays from a later day, checked first, paid in cash', async () => {
    const calls = shop({ khata: false });
    const user = userEvent.setup();
    renderAt('/subscriptions/new', routes);
    await user.click(await screen.findByRole('button', { name: 'Start standing order' }));
    expect(screen.getByText('Choose a product.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please correct what is marked.');
    expect(document.activeElement).toBe(screen.getByLabelText('Find a product'));
    await user.type(screen.getByLabelText('Find a product'), 'dahi');
    await user.click(await screen.findByRole('button', { name: /Curd/ }));
    expect(await screen.findByRole('button', { name: 'Choose another product' })).toBeTruthy();
    await user.click(screen.getByLabelText('On chosen days of the week'));
    const days = screen.getByRole('group', { name: 'Days of the week' });
    expect(
      within(days)
        .getAllByRole('checkbox')
        .map((box) => [box.getAttribute('aria-label'), (box as HTMLInputElement).checked]),
    ).toEqual([
      ['Monday', true],
      ['Tuesday', true],
      ['Wednesday', true],
      ['Thursday', true],
      ['Friday', true],
      ['Saturday', false],
      ['Sunday', false],
    ]);
    const first = screen.getByLabelText('First delivery');
    await user.clear(first);
    await user.type(first, '2026-11-26');
    await user.click(screen.getByRole('button', { name: 'Start standing order' }));
    expect(screen.getByText('The first delivery can be Fri 27 Nov at the earliest.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.clear(first);
    await user.type(first, '2026-11-30');
    // No khata: cash on delivery is the only way to pay.
    expect(screen.queryByLabelText(/Khata/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start standing order' }));
    expect(await screen.findByText('Standing order started: Curd.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      productId: 'p-curd',
      quantity: 1,
      schedule: { kind: 'weekdays', weekdays: [1, 2, 3, 4, 5], startDate: '2026-11-30' },
      addressId: 'a-home',
      paymentMethod: 'COD',
    });
  });

  it('asks for an address when there is none, with a way to add one', async () => {
    shop({ addresses: [] });
    renderAt('/subscriptions/new?productId=p-milk', routes);
    expect(await screen.findByText('You have no saved address yet. Add one, then come back here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add an address' }).getAttribute('href')).toBe('/account/addresses');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start standing order' }));
    expect(screen.getByText('Choose where to deliver.')).toBeTruthy();
  });

  it('shows the server’s message when it refuses', async () => {
    stubFetch((call) => {
      const path = pathnameOf(call);
      if (path === '/api/user/my/subscriptions' && call.method === 'POST') {
        return {
          status: 409,
          body: {
            success: false,
            message: 'You can keep at most 20 standing orders: end one first',
            code: 'subscriptionsAtMost',
            values: { max: 20 },
          },
        };
      }
      if (path === '/api/user/my/subscriptions') return { body: listAnswer([]) };
      if (path === '/api/user/my/addresses') return { body: { success: true, addresses: [HOME] } };
      if (path.startsWith('/api/product/getSingleProduct/')) return { body: { success: true, product: milk } };
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/subscriptions/new?productId=p-milk&quantity=2', routes);
    const quantity = await screen.findByRole('group', { name: 'Quantity each delivery' });
    expect((within(quantity).getByLabelText('2 litres') as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Start standing order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You can keep at most 20 standing orders: end one first',
    );
  });
});
