import type { CashClose, DeliveryRunAnswer, RunStop } from '@mandi/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, pathnameOf, renderRoutes, stubFetch } from '../../../test-utils';
import { differenceText, parseCountedRupees } from '../components/cash-close';
import { mapUrlOf, telUrlOf } from '../components/run-stop-card';
import DeliveryRunPage from './delivery-run-page';

const DATE = '2026-11-25';
const SLOT = `11111111-2222-4333-8444-555555555555_${DATE}`;
const slot = { _id: SLOT, date: DATE, start: '07:00', end: '09:00' };

// Typed by the server's answer schemas, so a fixture cannot drift from what the API sends.
const shipped = {
  orderId: 'o-1',
  orderNumber: 1042,
  slot,
  name: 'Meera Rao',
  address: '4 Shivaji Nagar',
  city: 'Pune',
  pinCode: '411005',
  mobile: '9876543210',
  paymentMethod: null,
  amountDue: 120.5,
  estimate: false,
  status: 'Shipped',
} satisfies RunStop;
const unpacked = {
  ...shipped,
  orderId: 'o-2',
  orderNumber: 1043,
  name: 'Asha Patel',
  address: '9 Baner Road',
  pinCode: '411045',
  amountDue: 60,
  estimate: true,
  status: 'Processing',
} satisfies RunStop;
const close = {
  _id: 'c-1',
  date: DATE,
  expectedCash: 180.5,
  collectedCash: 100,
  countedCash: 110,
  difference: 10,
  note: 'Change left over',
  closedAt: '2026-11-25T14:30:00.000Z',
  latest: true,
} satisfies CashClose;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function runServer(stops: RunStop[] = [shipped, unpacked]) {
  let delivered = false;
  return (call: Call) => {
    const pathname = pathnameOf(call);
    if (pathname === '/api/admin/delivery/run') {
      const left = delivered ? stops.filter((stop) => stop.orderId !== 'o-1') : stops;
      return {
        body: {
          success: true,
          date: DATE,
          stops: left,
          expectedCash: left.reduce((sum, stop) => sum + stop.amountDue, 0),
          collectedCash: delivered ? 220.5 : 100,
          counterCash: [{ deviceId: 'd-1', name: 'Front counter', series: 'C1', cash: 40 }],
        } satisfies DeliveryRunAnswer,
      };
    }
    if (pathname === '/api/admin/delivery/bookings') {
      return {
        body: {
          success: true,
          date: DATE,
          slots: [{ ...slot, templateId: 't', capacity: null, booked: 2, orders: [] }],
        },
      };
    }
    if (pathname === '/api/admin/delivery/run/closes') return { body: { success: true, closes: [close] } };
    if (pathname === '/api/admin/delivery/run/close') {
      return {
        status: 201,
        body: { success: true, close: { ...close, _id: 'c-2', countedCash: 230.5, difference: 10 } },
      };
    }
    if (pathname === '/api/admin/orders/o-1/payment') return { body: { success: true, order: {} } };
    if (pathname === '/api/user/update/order/o-1') {
      delivered = true;
      return { body: { success: true, message: 'Order status updated to Delivered' } };
    }
    return undefined;
  };
}

const renderPage = () =>
  renderRoutes(
    { pathname: '/admin/delivery/run', search: `?date=${DATE}&slotId=${encodeURIComponent(SLOT)}` },
    <Route path="/admin/delivery/run" element={<DeliveryRunPage />} />,
  );

describe('the run sheet', () => {
  it('shows the stops in order with call, map, amount, status and the way to deliver or pack', async () => {
    const calls = stubFetch(runServer());
    renderPage();
    const list = await screen.findByRole('list', { name: 'Stops in route order' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Meera Rao', 'Asha Patel']);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Call 9876543210 (Meera Rao)' }).getAttribute('href')).toBe(
      'tel:+919876543210',
    );
    expect(first.getByRole('link', { name: 'Map of the address of Meera Rao' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=4%20Shivaji%20Nagar%2C%20Pune%2C%20411005',
    );
    expect(first.getByText('₹120.50')).toBeTruthy();
    expect((first.getByRole('radio', { name: 'Cash ₹120.50' }) as HTMLInputElement).checked).toBe(true);
    const second = within(cards[1] as HTMLElement);
    expect(second.getByText(/estimate: not packed yet/)).toBeTruthy();
    expect(second.getByRole('link', { name: 'Pack order #1043' }).getAttribute('href')).toBe('/admin/pack/order/o-2');
    expect(second.queryByRole('button', { name: /Mark delivered/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download CSV of the run sheet' }).getAttribute('href')).toBe(
      `/api/admin/delivery/run?date=${DATE}&slotId=${encodeURIComponent(SLOT)}&format=csv`,
    );
    expect(
      calls.some((call) => call.path === `/api/admin/delivery/run?date=${DATE}&slotId=${encodeURIComponent(SLOT)}`),
    ).toBe(true);
  });

  it('marks a stop delivered: the cash payment first, then the status', async () => {
    const calls = stubFetch(runServer());
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark delivered: order #1042' }));
    expect(await screen.findByText('Order #1042 delivered; ₹120.50 collected in cash.')).toBeTruthy();
    const writes = calls.filter((call) => call.method === 'PUT');
    expect(writes.map((call) => [call.path, call.body])).toEqual([
      ['/api/admin/orders/o-1/payment', { method: 'Cash', reference: '' }],
      ['/api/user/update/order/o-1', { oStatus: 'Delivered' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Meera Rao' })).toBeNull());
  });

  it('asks the UTR of a UPI payment before saving anything', async () => {
    const calls = stubFetch(runServer());
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'UPI' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark delivered: order #1042' }));
    expect(await screen.findByText('Give the 12-digit UTR of the UPI payment.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});

describe('the cash close', () => {
  it('shows the difference as the amount is typed and closes the day', async () => {
    const calls = stubFetch(runServer());
    renderPage();
    const form = await screen.findByRole('form', { name: /^Close the day/ });
    await waitFor(() => expect(within(form).getAllByText('₹100').length).toBeGreaterThan(0));
    await userEvent.type(within(form).getByLabelText('Cash counted (₹)'), '90');
    expect(within(form).getByText('Short by ₹10')).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Cash counted (₹)'));
    await userEvent.type(within(form).getByLabelText('Cash counted (₹)'), '1.234');
    await userEvent.click(within(form).getByRole('button', { name: 'Close Day' }));
    expect(await within(form).findByText(/Enter the cash counted in ₹/)).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Cash counted (₹)'));
    await userEvent.type(within(form).getByLabelText('Cash counted (₹)'), '110');
    expect(within(form).getByText('Over by ₹10')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Note'), 'Change left over');
    await userEvent.click(within(form).getByRole('button', { name: 'Close Day' }));
    expect((await within(form).findByRole('status')).textContent).toContain('closed: counted ₹230.50; Over by ₹10.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      date: DATE,
      countedCash: 110,
      note: 'Change left over',
    });
    const table = screen.getByRole('table', { name: /Cash closes/ });
    expect(within(table).getByText('Change left over')).toBeTruthy();
    expect(within(table).getByText('Latest')).toBeTruthy();
  });
});

describe('helpers', () => {
  it('reads rupees typed by a person, to the paisa and within the limit', () => {
    expect(parseCountedRupees(' 1,250.50 ')).toBe(1250.5);
    expect(parseCountedRupees('0')).toBe(0);
    expect(parseCountedRupees('10000000')).toBe(10_000_000);
    for (const bad of ['', '-1', '1.234', 'abc', '10000000.01']) expect(parseCountedRupees(bad)).toBeNull();
  });

  it('words a difference to the paisa', () => {
    const t = (text: { message: string }, values?: Record<string, string | number>) =>
      text.message.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name]));
    expect(differenceText(0.001, t)).toBe('Matches');
    expect(differenceText(-10, t)).toBe('Short by ₹10');
    expect(differenceText(2.5, t)).toBe('Over by ₹2.50');
  });

  it('builds the call and map links', () => {
    expect(telUrlOf('98765 43210')).toBe('tel:+919876543210');
    expect(telUrlOf('+919876543210')).toBe('tel:+919876543210');
    expect(mapUrlOf({ address: '1 MG Road', city: 'Pune', pinCode: '411001' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=1%20MG%20Road%2C%20Pune%2C%20411001',
    );
  });
});
