import type { BookingsAnswer, SlotTemplate, Zone } from '@mandi/shared/delivery';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, pathnameOf, renderAdmin, stubFetch } from '../../../test-utils';
import { shopToday } from '../components/format-slot';
import AdminDeliveryPage from './admin-delivery-page';

// Typed by the server's answer schemas, so a fixture cannot drift from what the API sends.
const pune = {
  _id: 'z-pune',
  name: 'Pune',
  pinPrefixes: ['411', '412'],
  minOrder: 100,
  deliveryFee: 40,
  freeAbove: 500,
} satisfies Zone;
const india = {
  _id: 'z-all',
  name: 'All India',
  pinPrefixes: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
  minOrder: 0,
  deliveryFee: 0,
  freeAbove: null,
} satisfies Zone;
const morning = {
  _id: 't-morning',
  days: [1, 2, 3, 4, 5, 6],
  start: '07:00',
  end: '09:00',
  capacity: 20,
  cutoffMinutes: 60,
  zoneIds: ['z-pune'],
} satisfies SlotTemplate;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** An admin delivery API holding zones and templates in memory; `extra` answers anything else first. */
function adminServer(extra: (call: Call) => { status?: number; body: unknown } | undefined = () => undefined) {
  const zones = [pune, india] as Record<string, unknown>[];
  const slots = [morning] as Record<string, unknown>[];
  return (call: Call) => {
    const answer = extra(call);
    if (answer) return answer;
    const pathname = pathnameOf(call);
    if (pathname === '/api/admin/delivery/zones' && call.method === 'GET') return { body: { success: true, zones } };
    if (pathname === '/api/admin/delivery/zones' && call.method === 'POST') {
      const zone = { _id: `z-${zones.length + 1}`, ...(call.body as object) };
      zones.push(zone);
      return { status: 201, body: { success: true, zone } };
    }
    if (pathname === '/api/admin/delivery/slots' && call.method === 'GET') return { body: { success: true, slots } };
    if (pathname === '/api/admin/delivery/slots' && call.method === 'POST') {
      const slot = { _id: `t-${slots.length + 1}`, ...(call.body as object) };
      slots.push(slot);
      return { status: 201, body: { success: true, slot } };
    }
    const slotId = pathname.match(/^\/api\/admin\/delivery\/slots\/(.+)$/)?.[1];
    if (slotId && call.method === 'PUT') {
      const index = slots.findIndex((slot) => slot._id === slotId);
      slots[index] = { _id: slotId, ...(call.body as object) };
      return { body: { success: true, slot: slots[index] } };
    }
    const zoneId = pathname.match(/^\/api\/admin\/delivery\/zones\/(.+)$/)?.[1];
    if (zoneId && call.method === 'DELETE') {
      zones.splice(
        zones.findIndex((zone) => zone._id === zoneId),
        1,
      );
      return { body: { success: true, message: 'Zone deleted' } };
    }
    if (pathname === '/api/admin/delivery/bookings') return { body: { success: true, date: '', slots: [] } };
    return undefined;
  };
}

const renderPage = () => renderAdmin(<AdminDeliveryPage />, { path: '/admin/delivery' });

describe('admin delivery', { timeout: 15_000 }, () => {
  it('lists zones with their prefixes and terms, and slot templates with their days and zones', async () => {
    stubFetch(adminServer());
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Delivery', level: 1 })).toBeTruthy();
    const zones = screen.getByRole('table', { name: 'Delivery zones' });
    const puneRow = (await within(zones).findByText('Pune')).closest('tr') as HTMLElement;
    expect(within(puneRow).getByRole('list', { name: 'PIN prefixes of Pune' }).textContent).toBe('411412');
    expect(
      within(puneRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(2, 5),
    ).toEqual(['₹100', '₹40', '₹500']);
    const indiaRow = within(zones).getByText('All India').closest('tr') as HTMLElement;
    expect(
      within(indiaRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(2, 5),
    ).toEqual(['₹0', 'Free', 'Never']);

    const slots = screen.getByRole('table', { name: 'Delivery slot templates' });
    const row = (await within(slots).findByText('7:00–9:00')).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 5),
    ).toEqual(['7:00–9:00', 'Mon, Tue, Wed, Thu, Fri, Sat', '20 orders', '60 min before', 'Pune']);
    expect(document.title).toBe('Delivery');
  });

  it('checks the zone form beside each field, then adds the zone', async () => {
    const calls = stubFetch(adminServer());
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Add a zone' });
    const name = within(form).getByLabelText('Zone name');
    const prefixes = within(form).getByLabelText('PIN prefixes');
    const fee = within(form).getByLabelText('Delivery fee (₹)');
    const freeAbove = within(form).getByLabelText('Free above (₹)');
    await user.type(prefixes, '411, 41a, 1234567');
    await user.clear(fee);
    await user.type(fee, '-5');
    await user.click(within(form).getByRole('button', { name: 'Add Zone' }));

    const nameError = within(form).getByText('Give the zone a name.');
    expect(name.getAttribute('aria-describedby')).toContain(nameError.id);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const prefixError = within(form).getByText('A PIN prefix is 1 to 6 digits: 41a, 1234567 is not.');
    expect(prefixes.getAttribute('aria-describedby')).toContain(prefixError.id);
    expect(fee.getAttribute('aria-describedby')).toContain(
      within(form).getByText('The fee is an amount in ₹ of 0 or more (at most 2 decimals).').id,
    );

    await user.clear(prefixes);
    await user.type(prefixes, '560\n560');
    await user.click(within(form).getByRole('button', { name: 'Add Zone' }));
    expect(within(form).getByText('PIN prefix 560 is listed twice.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(name, 'Bengaluru');
    await user.clear(prefixes);
    await user.type(prefixes, '560, 5621');
    await user.clear(fee);
    await user.type(fee, '30');
    await user.type(freeAbove, '399.50');
    await user.click(within(form).getByRole('button', { name: 'Add Zone' }));
    expect(await within(form).findByText('Zone Bengaluru added')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Bengaluru',
      pinPrefixes: ['560', '5621'],
      minOrder: 0,
      deliveryFee: 30,
      freeAbove: 399.5,
    });
    expect(await within(screen.getByRole('table', { name: 'Delivery zones' })).findByText('Bengaluru')).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('');
  });

  it("shows the server's message when a zone is refused, and deletes a zone after asking", async () => {
    const calls = stubFetch(
      adminServer((call) =>
        call.method === 'POST' && pathnameOf(call) === '/api/admin/delivery/zones'
          ? { status: 409, body: { success: false, message: 'PIN prefix 411 already belongs to Pune' } }
          : undefined,
      ),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Add a zone' });
    await user.type(within(form).getByLabelText('Zone name'), 'Pune again');
    await user.type(within(form).getByLabelText('PIN prefixes'), '411');
    await user.click(within(form).getByRole('button', { name: 'Add Zone' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('PIN prefix 411 already belongs to Pune');

    await user.click(await screen.findByRole('button', { name: 'Delete Pune' }));
    expect(confirm).toHaveBeenCalledWith('Delete the zone Pune?');
    expect(await screen.findByText('Zone deleted')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/admin/delivery/zones/z-pune')).toBe(
      true,
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Pune' })).toBeNull());
  });

  it('checks and adds a slot template: weekdays, hours, capacity, cut-off and zones', async () => {
    const calls = stubFetch(adminServer());
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Add a slot template' });
    await within(form).findByRole('checkbox', { name: 'Pune' });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      await user.click(within(form).getByRole('checkbox', { name: day }));
    }
    const start = within(form).getByLabelText('Start');
    const end = within(form).getByLabelText('End');
    const capacity = within(form).getByLabelText('Capacity (orders)');
    await user.clear(end);
    await user.type(end, '06:00');
    await user.type(capacity, '0');
    await user.click(within(form).getByRole('button', { name: 'Add Slot' }));
    expect(within(form).getByText('Tick at least one weekday.')).toBeTruthy();
    expect(end.getAttribute('aria-describedby')).toContain(within(form).getByText('The slot ends after it starts.').id);
    expect(capacity.getAttribute('aria-describedby')).toContain(
      within(form).getByText('The capacity is a whole number of orders, 1 or more (empty: no limit).').id,
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(form).getByRole('checkbox', { name: 'Sunday' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Saturday' }));
    await user.clear(start);
    await user.type(start, '18:00');
    await user.clear(end);
    await user.type(end, '20:00');
    await user.clear(capacity);
    const cutoff = within(form).getByLabelText('Cut-off (minutes before start)');
    await user.clear(cutoff);
    await user.type(cutoff, '90');
    await user.click(within(form).getByRole('checkbox', { name: 'All India' }));
    await user.click(within(form).getByRole('button', { name: 'Add Slot' }));
    expect(await within(form).findByText('Slot 18:00–20:00 added')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      days: [0, 6],
      start: '18:00',
      end: '20:00',
      capacity: null,
      cutoffMinutes: 90,
      zoneIds: ['z-all'],
    });
    const table = screen.getByRole('table', { name: 'Delivery slot templates' });
    const row = (await within(table).findByText('18:00–20:00')).closest('tr') as HTMLElement;
    expect(within(row).getByText('No limit')).toBeTruthy();
    expect(within(row).getByText('Sat, Sun')).toBeTruthy();
  });

  it('edits a slot template in the form filled from its row', async () => {
    const calls = stubFetch(adminServer());
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit slot 7:00–9:00 (Mon, Tue, Wed, Thu, Fri, Sat)' }));
    const form = screen.getByRole('form', { name: 'Edit slot 7:00–9:00' });
    const capacity = within(form).getByLabelText('Capacity (orders)');
    expect((capacity as HTMLInputElement).value).toBe('20');
    expect((within(form).getByRole('checkbox', { name: 'Pune' }) as HTMLInputElement).checked).toBe(true);
    await user.clear(capacity);
    await user.type(capacity, '35');
    await user.click(within(form).getByRole('button', { name: 'Save Slot' }));
    await waitFor(() => expect(screen.getByRole('form', { name: 'Add a slot template' })).toBeTruthy());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/admin/delivery/slots/t-morning');
    expect(put?.body).toMatchObject({ capacity: 35, zoneIds: ['z-pune'], days: [1, 2, 3, 4, 5, 6] });
    expect(await screen.findByText('35 orders')).toBeTruthy();
  });

  it("shows a day's bookings per slot, today first, then any date picked", async () => {
    // Today is a fixed Tuesday (only Date is faked), so the date picked next is never today.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T06:00:00Z') });
    const calls = stubFetch(
      adminServer((call) => {
        if (pathnameOf(call) !== '/api/admin/delivery/bookings') return undefined;
        const date = new URL(call.path, 'http://localhost').searchParams.get('date') ?? '';
        if (date === '2026-12-01') return { body: { success: true, date, slots: [] } satisfies BookingsAnswer };
        return {
          body: {
            success: true,
            date,
            slots: [
              {
                _id: 't-morning',
                templateId: 't-morning',
                date,
                start: '07:00',
                end: '09:00',
                capacity: 20,
                booked: 2,
                orders: [
                  {
                    _id: 'order-0001-aaaa',
                    orderNumber: 1042,
                    customer: 'Asha Patel',
                    pinCode: '411001',
                    total: 220,
                    status: 'Processing',
                  },
                  {
                    _id: 'order-0002-bbbb',
                    orderNumber: 1043,
                    customer: 'Ravi Kumar',
                    pinCode: '411038',
                    total: 99.5,
                    status: 'Shipped',
                  },
                ],
              },
              {
                _id: 't-evening',
                templateId: 't-evening',
                date,
                start: '18:00',
                end: '20:00',
                capacity: null,
                booked: 0,
                orders: [],
              },
            ],
          } satisfies BookingsAnswer,
        };
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const dateInput = screen.getByLabelText('Delivery date') as HTMLInputElement;
    expect(dateInput.value).toBe('2026-11-24');
    expect(shopToday()).toBe('2026-11-24');
    const morning = (await screen.findByRole('heading', { name: '7:00–9:00', level: 4 })).closest('li') as HTMLElement;
    expect(within(morning).getByText('2 / 20 booked')).toBeTruthy();
    const orders = within(morning).getByRole('list', { name: 'Orders 7:00–9:00' });
    // Named by the order's number, linked by its id.
    const link = within(orders).getByRole('link', { name: 'Order #1042 of Asha Patel' });
    expect(link.textContent).toBe('#1042');
    expect(link.getAttribute('href')).toBe('/admin/update/order/order-0001-aaaa');
    expect(within(orders).getByRole('link', { name: 'Order #1043 of Ravi Kumar' }).textContent).toBe('#1043');
    expect(within(orders).getByText('₹220')).toBeTruthy();
    expect(within(orders).getByText('411001')).toBeTruthy();
    expect(within(orders).getByText('₹99.50')).toBeTruthy();
    expect(within(orders).getByText('Shipped')).toBeTruthy();
    expect(
      within(morning).getByRole('link', { name: 'Open in the orders table: 7:00–9:00 orders' }).getAttribute('href'),
    ).toBe(`/admin/view/orders?deliveryDate=${shopToday()}&slotId=t-morning`);
    const evening = screen.getByRole('heading', { name: '18:00–20:00', level: 4 }).closest('li') as HTMLElement;
    expect(within(evening).getByText('0 booked (no limit)')).toBeTruthy();
    expect(calls.some((call) => call.path === `/api/admin/delivery/bookings?date=${shopToday()}`)).toBe(true);

    await user.clear(dateInput);
    await user.type(dateInput, '2026-12-01');
    expect(await screen.findByText('No delivery slots on Tue 1 Dec.')).toBeTruthy();
  });
});
