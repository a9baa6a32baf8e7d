/**
 * The counter screen as a cashier uses it, against the contract's answers (one fetch stub) and a
 * real IndexedDB (fake-indexeddb, fresh per test): choosing or registering the device, selling by
 * keyboard alone (search, keypad, F2, Enter), ₹ mode, the keypad's limits, a split UPI and cash
 * tender, the khata within its available, hold and resume, printing the last bill, selling offline
 * and sending after a reload, a refusal shown with the server's message, and Hindi.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_KEY } from '../../../lib/devices/chosen-device';
import { setLanguage } from '../../../lib/i18n';
import { type JsonAnswer, pathnameOf, renderAdmin, shopProfile, stubFetch } from '../../../test-utils';
import type { CounterCustomer, CounterDevice, CounterProduct, SaleBody } from '../api/counter-types';
import { type CounterStore, createCounterStore } from '../counter-db';
import { readQueue } from '../sale-queue';
import { CounterScreen } from './counter-page';

const NOW = new Date('2026-11-26T06:30:00.000Z');

const DEVICE: CounterDevice = {
  _id: 'd-1',
  name: 'Front counter',
  series: 'C1',
  nextSequence: 42,
  scale: null,
  printer: null,
};

const product = (
  id: string,
  name: string,
  nameHi: string,
  unit: string,
  rate: number,
  aliases: string[],
): CounterProduct => ({
  _id: `p-${id}`,
  name,
  nameHi,
  unit,
  rate,
  scheduled: null,
  plu: null,
  image: `/images/${id}.png`,
  category: 'Vegetables',
  aliases,
});

const PRODUCTS = [
  product('potato', 'Potato', 'आलू', 'kg', 30, ['aloo', 'batata']),
  product('tomato', 'Tomato', 'टमाटर', 'kg', 40, ['tamatar']),
  product('dhaniya', 'Coriander', 'धनिया', 'kg', 130, ['dhaniya']),
  product('banana', 'Banana', 'केला', 'dozen', 60, ['kela']),
];

const CUSTOMERS: CounterCustomer[] = [
  { _id: 'u-asha', name: 'Asha Patel', mobile: '9876543210', khata: { balance: 700, limit: 1000, available: 300 } },
  { _id: 'u-ravi', name: 'Ravi Kumar', mobile: '9822000000', khata: null },
];

/** The server's answer to a sale: accepted, numbered as sent. */
function accepted(body: SaleBody): JsonAnswer {
  const invoiceNumber = `C1/26-27/${String(body.sequence).padStart(6, '0')}`;
  return {
    status: 201,
    body: {
      success: true,
      duplicate: false,
      sale: {
        orderId: `o-${body.sequence}`,
        orderNumber: 2000 + body.sequence,
        invoiceNumber,
        deviceId: body.deviceId,
        soldAt: body.soldAt,
        customer: null,
        lines: [],
        subtotal: 0,
        roundOff: 0,
        total: 0,
        tenders: body.tenders,
        change: 0,
        overLimit: false,
        khataBalance: null,
      },
    },
  };
}

/** The counter's routes; `answerSale` may refuse a sale, `devices` starts the list. */
function counterServer({
  answerSale = accepted,
  devices = [DEVICE],
}: {
  answerSale?: (body: SaleBody) => JsonAnswer;
  devices?: CounterDevice[];
} = {}) {
  const sales: SaleBody[] = [];
  let list = [...devices];
  const calls = stubFetch((call) => {
    const path = pathnameOf(call);
    if (path === '/api/admin/counter/devices' && call.method === 'GET')
      return { body: { success: true, devices: list } };
    if (path === '/api/admin/counter/devices' && call.method === 'POST') {
      const device = {
        ...DEVICE,
        _id: 'd-new',
        name: (call.body as { name: string }).name,
        series: 'C2',
        nextSequence: 1,
      };
      list = [...list, device];
      return { status: 201, body: { success: true, device } };
    }
    if (path === '/api/admin/counter/catalogue') {
      return { body: { success: true, products: PRODUCTS, customers: CUSTOMERS } };
    }
    if (path === '/api/admin/counter/sales' && call.method === 'POST') {
      const body = call.body as SaleBody;
      sales.push(body);
      return answerSale(body);
    }
    return undefined;
  });
  return { calls, sales };
}

/** No network: every request fails as a fetch does offline. */
function noNetwork() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  stubFetch(() => {
    throw new TypeError('Failed to fetch');
  });
}

let factory: IDBFactory;
let stores: CounterStore[];

function renderCounter() {
  const store = createCounterStore(factory);
  stores.push(store);
  const view = renderAdmin(<CounterScreen store={store} />, {
    path: '/admin/counter',
    shop: shopProfile({ upiId: 'mandi.fresh@okaxis' }),
  });
  return { ...view, store };
}

/** The counter opened on this browser's device, once its products and next bill number are known. */
async function openCounter() {
  localStorage.setItem(DEVICE_KEY, JSON.stringify(DEVICE));
  const view = renderCounter();
  await screen.findByText(/Next bill C1\/26-27\/000042/);
  await screen.findByRole('button', { name: /Potato/ });
  return view;
}

const billList = () => screen.getByRole('list', { name: 'Bill' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  factory = new IDBFactory();
  stores = [];
});
afterEach(async () => {
  for (const store of stores) store.close();
  document.getElementById('counter-receipt-frame')?.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('en', { remember: false });
});

describe('the device', () => {
  it('is chosen on first use, remembered, and numbers from the server’s next bill', async () => {
    counterServer();
    const user = userEvent.setup();
    renderCounter();
    expect(await screen.findByRole('heading', { name: 'Which counter is this?' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Use on this browser' }));
    expect(await screen.findByText(/Next bill C1\/26-27\/000042/)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null')).toMatchObject({ _id: 'd-1', series: 'C1' });
  });

  it('is registered when there is none yet, and renamed with its receipt paper', async () => {
    const { calls } = counterServer({ devices: [] });
    const user = userEvent.setup();
    renderCounter();
    expect(await screen.findByText('No counter device yet: register the first one.')).toBeTruthy();
    await user.type(screen.getByLabelText('Device name'), 'Front counter');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/Next bill C2\/26-27\/000001/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Front counter' });

    await user.click(screen.getByRole('button', { name: 'Devices' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Front counter' }));
    const form = screen.getByRole('button', { name: 'Save' }).closest('form') as HTMLFormElement;
    await user.clear(within(form).getByLabelText('Device name'));
    await user.type(within(form).getByLabelText('Device name'), 'Till 2');
    await user.selectOptions(within(form).getByLabelText('Receipt paper'), '58');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/admin/counter/devices/d-new',
      body: { name: 'Till 2', scale: null, printer: { width: 58, transport: 'print' } },
    });
  });
});

describe('selling by keyboard', () => {
  it('finds a product by its Hindi name in Latin letters, weighs it on the keypad and takes cash with change', async () => {
    const { sales } = counterServer();
    const user = userEvent.setup();
    await openCounter();

    await user.keyboard('aloo');
    expect(screen.getByLabelText('Search products')).toHaveProperty('value', 'aloo');
    expect(screen.queryByRole('button', { name: /Tomato/ })).toBeNull();
    await user.keyboard('{Enter}');
    await user.keyboard('1.5{Enter}');
    expect(within(billList()).getByText('1.5 Kg × ₹30/Kg')).toBeTruthy();
    expect(screen.getByTestId('bill-total').textContent).toBe('₹45');

    await user.keyboard('{F2}');
    expect(document.activeElement).toBe(screen.getByLabelText('Received (₹)'));
    await user.keyboard('100');
    expect(screen.getByTestId('change').textContent).toBe('Change: ₹55');
    await user.keyboard('{Enter}');
    // Paid in full: Enter completes the sale.
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Bill C1/26-27/000042: ₹45')).toBeTruthy();
    expect(screen.getByText('Give change: ₹55')).toBeTruthy();
    await waitFor(() => expect(sales).toHaveLength(1));
    expect(sales[0]).toMatchObject({
      deviceId: 'd-1',
      sequence: 42,
      soldAt: NOW.toISOString(),
      offline: false,
      customerId: null,
      lines: [{ productId: 'p-potato', quantity: 1.5, source: 'manual' }],
      tenders: [{ method: 'Cash', amount: 45, received: 100 }],
    });
    expect(await screen.findByText('Sent')).toBeTruthy();
    expect(screen.getByText(/Next bill C1\/26-27\/000043/)).toBeTruthy();
  });

  it('finds by Devanagari, sells ₹20 of dhaniya in ₹ mode (F7) and refuses a count past 500', async () => {
    counterServer();
    const user = userEvent.setup();
    await openCounter();

    await user.type(screen.getByLabelText('Search products'), 'धनिया{Enter}');
    await user.keyboard('{F7}20');
    expect(screen.getByText('0.154 Kg for ₹20.02')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(within(billList()).getByText('0.154 Kg × ₹130/Kg')).toBeTruthy();
    expect(within(billList()).getByText('₹20.02')).toBeTruthy();
    // Rounded to the rupee, as the server bills it.
    expect(screen.getByTestId('bill-total').textContent).toBe('₹20');

    await user.click(screen.getByRole('button', { name: /Banana/ }));
    await user.keyboard('600{Enter}');
    expect(screen.getByText('Whole numbers from 1 to 500')).toBeTruthy();
    await user.keyboard('{Backspace}{Backspace}{Backspace}2{Enter}');
    expect(within(billList()).getByText('2 dozen × ₹60/dozen')).toBeTruthy();
  });

  it('splits a bill: a UPI QR code for part of it, then cash for the rest', async () => {
    const { sales } = counterServer();
    const user = userEvent.setup();
    await openCounter();

    await user.click(screen.getByRole('button', { name: /Tomato/ }));
    for (const key of ['6', '.', '2', '5']) await user.click(screen.getByRole('button', { name: key }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByTestId('bill-total').textContent).toBe('₹250');

    await user.keyboard('{F3}');
    const amount = screen.getByLabelText('Amount (₹)');
    expect(amount).toHaveProperty('value', '250');
    await user.clear(amount);
    await user.type(amount, '200');
    expect(await screen.findByRole('img', { name: 'QR code to pay ₹200 by UPI to mandi.fresh@okaxis' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('due').textContent).toBe('₹50');

    await user.keyboard('{F2}100{Enter}');
    expect(screen.getByText('Cash ₹50 (received ₹100, change ₹50)')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sales).toHaveLength(1));
    expect(sales[0]?.tenders).toEqual([
      { method: 'UPI', amount: 200 },
      { method: 'Cash', amount: 50, received: 100 },
    ]);
    expect(await screen.findByText('Give change: ₹50')).toBeTruthy();
  });

  it('puts part of a bill on the customer’s khata, within what it has available online (F4)', async () => {
    const { sales } = counterServer();
    const user = userEvent.setup();
    await openCounter();

    await user.type(screen.getByLabelText('Customer’s mobile'), '9876543210');
    expect(screen.getByTestId('customer-khata').textContent).toBe('Khata: ₹300 available (balance ₹700, limit ₹1,000)');
    await user.click(screen.getByRole('button', { name: /Potato/ }));
    await user.keyboard('15{Enter}{F4}{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('More than the ₹300 available: the server refuses it online.');
    await user.clear(screen.getByLabelText('Amount (₹)'));
    await user.keyboard('300{Enter}{F2}{Enter}');
    // Two taps in one moment make one bill.
    const complete = screen.getByRole('button', { name: /Complete sale/ });
    act(() => {
      complete.click();
      complete.click();
    });
    expect(await screen.findByText('Bill C1/26-27/000042: ₹450')).toBeTruthy();
    expect(await screen.findByText(/Next bill C1\/26-27\/000043/)).toBeTruthy();
    await waitFor(() => expect(sales).toHaveLength(1));
    expect(sales[0]).toMatchObject({
      customerId: 'u-asha',
      tenders: [
        { method: 'Khata', amount: 300 },
        { method: 'Cash', amount: 150 },
      ],
    });
  });

  it('holds a bill (F8) for the next shopper and resumes it, and prints the last bill (F9)', async () => {
    counterServer();
    const user = userEvent.setup();
    await openCounter();

    await user.click(screen.getByRole('button', { name: /Potato/ }));
    await user.keyboard('2{Enter}{F8}');
    expect(screen.getByText('Nothing on the bill yet.')).toBeTruthy();
    expect(await screen.findByText('1 lines · ₹60 · held at 12:00')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Tomato/ }));
    await user.keyboard('1{Enter}{F2}{Enter}{Enter}');
    expect(await screen.findByText('Bill C1/26-27/000042: ₹40')).toBeTruthy();
    await screen.findByText('Sent');

    await user.keyboard('{F9}');
    const frame = document.getElementById('counter-receipt-frame') as HTMLIFrameElement | null;
    expect(frame?.getAttribute('src')).toBe('/api/admin/counter/sales/o-42/receipt?width=80&format=html&lang=en');
    expect(frame?.title).toBe('Receipt C1/26-27/000042');
    // Once the receipt has loaded it prints (the browser takes the focus into the frame), and the
    // keys come back to the counter.
    const print = vi.fn(() => frame?.focus());
    Object.defineProperty(frame?.contentWindow ?? {}, 'print', { value: print });
    frame?.dispatchEvent(new Event('load'));
    expect(print).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByTestId('keypad-display'));

    // An empty counter: F8 brings back the held bill.
    await user.keyboard('{F8}');
    expect(await within(billList()).findByText('2 Kg × ₹30/Kg')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Held bills' })).toBeNull());
  });
});

describe('offline', () => {
  it('sells from the kept catalogue, keeps the bill with its final number, and sends it after a reload', async () => {
    counterServer();
    const first = await openCounter();
    first.unmount();

    noNetwork();
    const user = userEvent.setup();
    const offline = renderCounter();
    expect(await screen.findByText(/Prices kept on this device at/)).toBeTruthy();
    await screen.findByText(/Next bill C1\/26-27\/000042/);
    await user.click(await screen.findByRole('button', { name: /Potato/ }));
    await user.keyboard('2{Enter}{F2}{Enter}{Enter}');
    expect(await screen.findByText('Bill C1/26-27/000042: ₹60')).toBeTruthy();
    expect(screen.getByText('Waiting to send')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1 bill waiting to send' })).toBeTruthy();
    // Shown as made only once it was written: the queue holds it, numbered, marked offline.
    const [queued] = await readQueue(offline.store);
    expect(queued?.billNumber).toBe('C1/26-27/000042');
    expect(queued?.body).toMatchObject({ sequence: 42, offline: true, tenders: [{ method: 'Cash', amount: 60 }] });
    offline.unmount();

    // The tab is opened again with the network back: the bill goes on load.
    vi.restoreAllMocks();
    const { sales } = counterServer();
    renderCounter();
    await waitFor(() => expect(sales).toHaveLength(1));
    expect(sales[0]).toMatchObject({ clientSaleId: queued?.clientSaleId, sequence: 42, offline: true });
    expect(await screen.findByText('Sent')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /waiting to send/ })).toBeNull();
  });

  it('shows a bill the server refused with its message, and gives it the next number', async () => {
    const refusals = new Set([42]);
    const { sales } = counterServer({
      answerSale: (body) =>
        refusals.has(body.sequence)
          ? {
              status: 409,
              body: {
                success: false,
                message: 'This device’s next bill is 000045',
                code: 'counterSequenceExpected',
                values: { expected: 45 },
              },
            }
          : accepted(body),
    });
    const user = userEvent.setup();
    await openCounter();
    await user.click(screen.getByRole('button', { name: /Potato/ }));
    await user.keyboard('1{Enter}{F2}{Enter}{Enter}');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Refused by the server')).toBeTruthy();
    expect(within(alert).getByText('Bill C1/26-27/000042 (₹30)')).toBeTruthy();
    expect(within(alert).getByText('This device’s next bill is 000045')).toBeTruthy();
    expect(screen.getByText('Waiting to send')).toBeTruthy();

    await user.click(within(alert).getByRole('button', { name: 'Give it the next number' }));
    expect(await screen.findByText('Now bill C1/26-27/000045: print its receipt again once it is sent.')).toBeTruthy();
    await waitFor(() => expect(sales.map((sale) => sale.sequence)).toEqual([42, 45]));
    expect(sales[1]?.clientSaleId).toBe(sales[0]?.clientSaleId);
    expect(await screen.findByText('Bill C1/26-27/000045: ₹30')).toBeTruthy();
    expect(await screen.findByText(/Next bill C1\/26-27\/000046/)).toBeTruthy();
  });
});

describe('in Hindi', () => {
  it('shows the counter, its keys and the products’ Hindi names', async () => {
    counterServer();
    await setLanguage('hi', { remember: false });
    localStorage.setItem(DEVICE_KEY, JSON.stringify(DEVICE));
    renderCounter();
    expect(await screen.findByRole('heading', { name: 'काउंटर', level: 1 })).toBeTruthy();
    expect(await screen.findByText('टमाटर')).toBeTruthy();
    expect(screen.getByText('F2: नकद')).toBeTruthy();
    expect(await screen.findByText(/अगला बिल C1\/26-27\/000042/)).toBeTruthy();
  });
});
