/**
 * Today's bills of the device, against the contract's answers (one fetch stub): opened on demand,
 * the day's totals and each bill newest first, Print again on the device's paper, Take back with a
 * reason and the refund of the money taken (a UPI refund with its 12-digit UTR), nothing to refund
 * for a khata bill, the server's refusal shown as sent, no network said plainly, and Hindi.
 */
import { shopClockOf, shopDateOf } from '@mandi/shared/kernel';
import type { CounterSale } from '@mandi/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { type JsonAnswer, pathnameOf, renderAdmin, stubFetch } from '../../../test-utils';
import type { CounterDevice } from '../api/counter-types';
import { DayBills } from './day-bills';

const NOW = new Date('2026-11-26T06:30:00.000Z');

const DEVICE: CounterDevice = {
  _id: 'd-1',
  name: 'Front counter',
  series: 'C1',
  nextSequence: 4,
  scale: null,
  printer: null,
};

function sale(sequence: number, overrides: Partial<CounterSale> = {}): CounterSale {
  return {
    orderId: `o-${sequence}`,
    orderNumber: 2000 + sequence,
    invoiceNumber: `C1/26-27/${String(sequence).padStart(6, '0')}`,
    deviceId: 'd-1',
    soldAt: new Date(NOW.getTime() - (10 - sequence) * 60_000).toISOString(),
    status: 'Delivered',
    offline: false,
    customer: null,
    lines: [{ productId: 'p-1', name: 'Agra Potato', unit: 'kg', quantity: 1, rate: 28, amount: 28 }],
    subtotal: 0,
    roundOff: 0,
    total: 0,
    tenders: [],
    change: 0,
    overLimit: false,
    khataBalance: null,
    ...overrides,
  } as CounterSale;
}

const tender = (method: 'Cash' | 'UPI' | 'Khata', amount: number, received: number | null = null) => ({
  method,
  amount,
  received,
  reference: null,
});

/** A split bill (UPI and cash with change), one taken back, a khata bill made offline. */
const SALES: CounterSale[] = [
  sale(1, { total: 222, tenders: [tender('UPI', 100), tender('Cash', 122, 200)], change: 78 }),
  sale(2, { total: 28, tenders: [tender('Cash', 28)], status: 'Cancelled' }),
  sale(3, {
    total: 450,
    offline: true,
    customer: { _id: 'u-asha', name: 'Asha Patel', mobile: '9876543210' },
    tenders: [tender('Khata', 450)],
    khataBalance: 1150,
  }),
];

const TOTALS = { count: 2, total: 672, cash: 122, upi: 100, khata: 450, cancelled: 1 };

/** The day's sales and the cancel route; `answerCancel` may refuse. */
function salesServer({ answerCancel }: { answerCancel?: (orderId: string, body: unknown) => JsonAnswer } = {}) {
  let sales = [...SALES];
  const calls = stubFetch((call) => {
    const path = pathnameOf(call);
    if (path === '/api/admin/counter/sales' && call.method === 'GET') {
      return { body: { success: true, sales, totals: TOTALS } };
    }
    const cancel = /^\/api\/admin\/counter\/sales\/([^/]+)\/cancel$/.exec(path);
    if (cancel && call.method === 'POST') {
      const orderId = decodeURIComponent(cancel[1] ?? '');
      const refused = answerCancel?.(orderId, call.body);
      if (refused) return refused;
      sales = sales.map((entry) => (entry.orderId === orderId ? { ...entry, status: 'Cancelled' } : entry));
      return { body: { success: true, sale: sales.find((entry) => entry.orderId === orderId) } };
    }
    return undefined;
  });
  return calls;
}

function renderDayBills(device: CounterDevice = DEVICE) {
  return renderAdmin(<DayBills device={device} width={58} lastSentOrderId="o-3" />, { path: '/admin/counter' });
}

async function openList() {
  const user = userEvent.setup();
  renderDayBills();
  await user.click(screen.getByRole('button', { name: 'Show today’s bills' }));
  const list = await screen.findByRole('list', { name: 'Today’s bills on this device' });
  return { user, list };
}

const billItem = (list: HTMLElement, number: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(number)) as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(async () => {
  document.getElementById('counter-receipt-frame')?.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('en', { remember: false });
});

describe('today’s bills', () => {
  it('are read only when opened, for this device and today, with the day’s totals and each bill newest first', async () => {
    const calls = salesServer();
    const user = userEvent.setup();
    renderDayBills();
    const toggle = screen.getByRole('button', { name: 'Show today’s bills' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(calls).toHaveLength(0);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Today’s bills on this device' });
    expect(calls.map((call) => call.path)).toEqual([`/api/admin/counter/sales?deviceId=d-1&date=${shopDateOf(NOW)}`]);

    const figures = Object.fromEntries(
      [...document.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({
      Bills: '2',
      Total: '₹672',
      Cash: '₹122',
      UPI: '₹100',
      Khata: '₹450',
      'Taken back': '1',
    });

    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      `C1/26-27/000003 · ${shopClockOf(new Date(SALES[2]?.soldAt ?? ''))}`,
      `C1/26-27/000002 · ${shopClockOf(new Date(SALES[1]?.soldAt ?? ''))} Taken back`,
      `C1/26-27/000001 · ${shopClockOf(new Date(SALES[0]?.soldAt ?? ''))}`,
    ]);
    const split = billItem(list, '000001');
    expect(within(split).getByText('UPI ₹100 · Cash ₹122')).toBeTruthy();
    expect(within(split).getByText('₹222')).toBeTruthy();
    expect(within(billItem(list, '000003')).getByText('Khata ₹450 · made offline')).toBeTruthy();
    // A bill taken back prints again (marked cancelled) but is not taken back twice.
    const cancelled = billItem(list, '000002');
    expect(within(cancelled).getByRole('button', { name: 'Print again C1/26-27/000002' })).toBeTruthy();
    expect(within(cancelled).queryByRole('button', { name: /^Take back/ })).toBeNull();
    // Every action is a real button of at least 48 px.
    for (const button of within(list).getAllByRole('button')) expect(button.className).toContain('min-h-12');

    await user.click(screen.getByRole('button', { name: 'Hide today’s bills' }));
    expect(screen.queryByRole('list', { name: 'Today’s bills on this device' })).toBeNull();
  });

  it('prints a bill again on the device’s paper, in the chosen language', async () => {
    salesServer();
    const { user, list } = await openList();
    const again = within(billItem(list, '000001')).getByRole('button', { name: 'Print again C1/26-27/000001' });
    await user.click(again);
    const frame = document.getElementById('counter-receipt-frame') as HTMLIFrameElement | null;
    expect(frame?.getAttribute('src')).toBe('/api/admin/counter/sales/o-1/receipt?width=58&format=html&lang=en');
    expect(frame?.title).toBe('Receipt C1/26-27/000001');
    // Once printed, the keys come back to the list.
    Object.defineProperty(frame?.contentWindow ?? {}, 'print', { value: vi.fn(() => frame?.focus()) });
    frame?.dispatchEvent(new Event('load'));
    expect(document.activeElement).toBe(again);
  });

  it('takes a bill back with a reason and the refund of the money taken: a UPI refund needs its UTR', async () => {
    const calls = salesServer();
    const { user, list } = await openList();
    const split = billItem(list, '000001');
    await user.click(within(split).getByRole('button', { name: 'Take back C1/26-27/000001' }));
    const form = screen.getByRole('form', { name: 'Take back bill C1/26-27/000001' });
    const reason = within(form).getByLabelText('Why is it taken back?');
    expect(document.activeElement).toBe(reason);
    // The money taken comes back: UPI ₹100 and cash ₹122 (not the change).
    expect(within(form).getByRole('group', { name: 'Give back ₹222' })).toBeTruthy();
    expect(within(form).getByRole('radio', { name: 'In cash' })).toHaveProperty('checked', true);

    await user.click(within(form).getByRole('button', { name: 'Take back the bill' }));
    expect(within(form).getByRole('alert').textContent).toBe('Write why the bill is taken back (1 to 200 characters).');
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    await user.type(reason, 'Shopper returned the tomatoes');
    await user.click(within(form).getByRole('radio', { name: 'By UPI' }));
    const utr = within(form).getByLabelText('UTR of the UPI refund (12 digits)');
    await user.type(utr, '12345');
    await user.click(within(form).getByRole('button', { name: 'Take back the bill' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'A UPI refund needs its UTR: the 12 digits the bank’s app shows.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(utr, '6789012');
    await user.click(within(form).getByRole('button', { name: 'Take back the bill' }));
    const done = await screen.findByText('Bill C1/26-27/000001 is taken back.');
    expect(document.activeElement).toBe(done);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/admin/counter/sales/o-1/cancel',
      body: { reason: 'Shopper returned the tomatoes', refund: { method: 'UPI', reference: '123456789012' } },
    });
    // Read again: the bill is listed as taken back.
    await waitFor(() => expect(within(billItem(list, '000001')).getByText('Taken back')).toBeTruthy());
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('takes back a khata bill with no refund: its khata part is reversed', async () => {
    const calls = salesServer();
    const { user, list } = await openList();
    await user.click(within(billItem(list, '000003')).getByRole('button', { name: 'Take back C1/26-27/000003' }));
    const form = screen.getByRole('form', { name: 'Take back bill C1/26-27/000003' });
    expect(within(form).queryByRole('group')).toBeNull();
    expect(within(form).getByText('₹450 on Asha Patel’s khata is taken off it.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Why is it taken back?'), 'Billed to the wrong khata');
    await user.keyboard('{Enter}');
    await screen.findByText('Bill C1/26-27/000003 is taken back.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Billed to the wrong khata',
      refund: null,
    });
  });

  it('shows the server’s message when it refuses, and Escape keeps the bill', async () => {
    salesServer({
      answerCancel: () => ({
        status: 409,
        body: {
          success: false,
          message: 'This order is already Cancelled: its status cannot change',
          code: 'statusFinal',
          values: { status: 'Cancelled' },
        },
      }),
    });
    const { user, list } = await openList();
    const takeBack = within(billItem(list, '000001')).getByRole('button', { name: 'Take back C1/26-27/000001' });
    await user.click(takeBack);
    const form = screen.getByRole('form', { name: 'Take back bill C1/26-27/000001' });
    await user.type(within(form).getByLabelText('Why is it taken back?'), 'Wrong bill');
    await user.click(within(form).getByRole('button', { name: 'Take back the bill' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'This order is already Cancelled: its status cannot change',
    );
    expect(screen.queryByText(/is taken back\./)).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(takeBack);
    expect(takeBack.getAttribute('aria-expanded')).toBe('false');
  });

  it('says plainly that the list needs the network', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    renderDayBills();
    await user.click(screen.getByRole('button', { name: 'Show today’s bills' }));
    expect(
      await screen.findByText(
        'Today’s bills are read from the server: connect to the network to see them or take one back.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Read again' })).toBeTruthy();
  });

  it('speaks Hindi', async () => {
    salesServer();
    await setLanguage('hi', { remember: false });
    const user = userEvent.setup();
    renderDayBills();
    expect(screen.getByRole('heading', { name: 'इस डिवाइस के आज के बिल' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'आज के बिल दिखाएँ' }));
    const list = await screen.findByRole('list', { name: 'इस डिवाइस के आज के बिल' });
    expect(within(billItem(list, '000001')).getByRole('button', { name: 'वापस लें C1/26-27/000001' })).toBeTruthy();
    expect(within(billItem(list, '000001')).getByText('UPI ₹100 · नकद ₹122')).toBeTruthy();
  });
});
