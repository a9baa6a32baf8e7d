/**
 * Khata on the web: the admin's Khata screen (totals, the table by balance, Manage: record a UPI
 * payment with the server's message, the statement link, the WhatsApp reminder, a refused close),
 * an account's page with its entries and running balance, the Khata panel that opens a khata, the
 * payment choice at checkout, and My khata with and without a khata, in Hindi too.
 */
import { isUtr } from '@mandi/shared/kernel';
import type { KhataAccount, KhataEntry } from '@mandi/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { type Call, pathnameOf, renderAdmin, renderAt, stubFetch } from '../../test-utils';
import { AccountActions } from './components/account-actions';
import { thisMonth } from './components/khata-format';
import { KhataPanel } from './components/khata-panel';
import { PaymentChoice } from './components/payment-choice';
import AdminKhataAccountPage from './pages/admin-khata-account-page';
import AdminKhataPage from './pages/admin-khata-page';
import MyKhataPage from './pages/my-khata-page';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T06:30:00.000Z') });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('en', { remember: false });
});

const USER_ID = 'u-asha';

function account(overrides: Partial<KhataAccount> = {}): KhataAccount {
  return {
    userId: USER_ID,
    name: 'Asha Patel',
    email: 'asha@example.com',
    mobile: '9876543210',
    language: 'en',
    creditLimit: 1000,
    balance: 450,
    pending: 0,
    available: 550,
    oldestUnpaidDays: 12,
    aging: { days0to7: 200, days8to30: 250, days31plus: 0 },
    reminderUrl: 'https://wa.me/919876543210?text=Balance%20%E2%82%B9450',
    openedAt: '2026-11-01T04:30:00.000Z',
    ...overrides,
  };
}

function entry(overrides: Partial<KhataEntry>): KhataEntry {
  return {
    _id: 'e-1',
    date: '2026-11-14T06:30:00.000Z',
    kind: 'bill',
    orderId: 'o-1',
    orderNumber: 1042,
    invoiceNumber: 'MND/2026-27/000042',
    amount: 650,
    balanceAfter: 650,
    method: null,
    reference: null,
    note: '',
    ...overrides,
  };
}

const ENTRIES: KhataEntry[] = [
  entry({}),
  entry({
    _id: 'e-2',
    date: '2026-11-20T06:30:00.000Z',
    kind: 'payment',
    orderId: null,
    orderNumber: null,
    invoiceNumber: null,
    amount: -200,
    balanceAfter: 450,
    method: 'UPI',
    reference: '412345678901',
    note: 'Part payment',
  }),
];

/** A small khata server: the admin's list and one account, the writes, and the shopper's own khata. */
function khataServer({ mine = true, start = account() }: { mine?: boolean; start?: KhataAccount | null } = {}) {
  let current = start;
  let entries = [...ENTRIES];
  const calls = stubFetch((call: Call) => {
    const path = pathnameOf(call);
    if (path === '/api/admin/khata' && call.method === 'GET') {
      const accounts = current
        ? [
            current,
            account({
              userId: 'u-ravi',
              name: 'Ravi Kumar',
              balance: 0,
              available: 500,
              creditLimit: 500,
              oldestUnpaidDays: null,
              aging: { days0to7: 0, days8to30: 0, days31plus: 0 },
              reminderUrl: null,
              mobile: null,
            }),
          ]
        : [];
      // The server searches names (and emails, mobiles); the totals stay over every khata.
      const q = new URL(call.path, 'http://localhost').searchParams.get('q')?.toLowerCase() ?? '';
      const matching = accounts.filter((one) => one.name.toLowerCase().includes(q));
      return {
        body: {
          success: true,
          accounts: matching,
          totals: {
            balance: current?.balance ?? 0,
            aging: current?.aging ?? { days0to7: 0, days8to30: 0, days31plus: 0 },
            accounts: accounts.length,
          },
          total: matching.length,
        },
      };
    }
    if (path === `/api/admin/khata/${USER_ID}/payments`) {
      const body = call.body as { amount: string; method: 'Cash' | 'UPI'; reference: string };
      if (body.method === 'UPI' && !isUtr(body.reference))
        return {
          status: 400,
          body: {
            success: false,
            code: 'khataPaymentUtr',
            message: 'A UPI payment needs its reference: the 12-digit UTR shown in the payment app',
          },
        };
      const amount = Number(body.amount);
      current = account({ ...current, balance: (current?.balance ?? 0) - amount });
      const made = entry({
        _id: 'e-3',
        kind: 'payment',
        amount: -amount,
        balanceAfter: current.balance,
        method: body.method,
        reference: body.reference,
      });
      entries = [...entries, made];
      return {
        status: 201,
        body: {
          success: true,
          code: 'khataPaymentRecorded',
          message: 'Payment recorded',
          entry: made,
          account: current,
        },
      };
    }
    if (path === `/api/admin/khata/${USER_ID}` && call.method === 'GET') {
      return current
        ? { body: { success: true, account: current, entries } }
        : {
            status: 404,
            body: { success: false, code: 'khataNotFound', message: 'This shopper has no khata account' },
          };
    }
    if (path === `/api/admin/khata/${USER_ID}` && call.method === 'PUT') {
      const body = call.body as { creditLimit: string | null };
      if (body.creditLimit === null && current && current.balance !== 0)
        return {
          status: 409,
          body: {
            success: false,
            code: 'khataCloseWithBalance',
            values: { balance: '₹450.00' },
            message: 'The khata cannot be closed while its balance is ₹450.00: settle it first',
          },
        };
      const opened = !current;
      current = account({
        ...(current ?? { balance: 0, aging: { days0to7: 0, days8to30: 0, days31plus: 0 }, oldestUnpaidDays: null }),
        creditLimit: Number(body.creditLimit),
        available: Number(body.creditLimit),
      });
      return {
        body: {
          success: true,
          code: opened ? 'khataOpened' : 'khataUpdated',
          message: opened ? 'Khata opened' : 'Khata updated',
          account: current,
        },
      };
    }
    // The web asks with ?orNone=true: no khata is an answer, not a 404.
    if (path === '/api/user/my/khata') {
      return {
        body: { success: true, account: mine && current ? current : null, entries: mine && current ? entries : [] },
      };
    }
    return undefined;
  });
  return calls;
}

describe('the admin’s Khata screen', () => {
  it('shows the totals and the accounts by balance, and manages one: a UPI payment, the statement, the reminder, a refused close', async () => {
    const calls = khataServer();
    const user = userEvent.setup();
    renderAdmin(<AdminKhataPage />, { path: '/admin/khata' });
    const totals = await screen.findByRole('region', { name: 'All khatas' });
    expect(within(totals).getByText('Balance owed').nextElementSibling?.textContent).toBe('₹450');
    expect(within(totals).getByText('8–30 days').nextElementSibling?.textContent).toBe('₹250');
    expect(document.title).toBe('Khata');

    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Asha Patel', 'Ravi Kumar']);
    expect(within(rows[0] as HTMLElement).getByText('₹450 owed')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('12 days')).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Entries of the khata of Asha Patel' })
        .getAttribute('href'),
    ).toBe(`/admin/khata/${USER_ID}`);

    const manage = screen.getByRole('button', { name: 'Manage the khata of Asha Patel' });
    await user.click(manage);
    expect(manage.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: /^Khata of Asha Patel/ });
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 2 }));

    const remind = within(panel).getByRole('link', {
      name: 'Remind on WhatsApp: Asha Patel, ₹450 owed (opens in a new tab)',
    });
    expect(remind.getAttribute('href')).toBe('https://wa.me/919876543210?text=Balance%20%E2%82%B9450');
    expect(remind.getAttribute('target')).toBe('_blank');

    const statement = within(panel).getByRole('link', {
      name: 'Download Statement, 2026-11-01 to 2026-11-26 (PDF)',
    });
    expect(statement.getAttribute('href')).toBe(
      `/api/admin/khata/${USER_ID}/statement?from=2026-11-01&to=2026-11-26&lang=en`,
    );
    await user.selectOptions(within(panel).getByLabelText('Language of the statement'), 'hi');
    await user.clear(within(panel).getByLabelText('From'));
    await user.type(within(panel).getByLabelText('From'), '2026-12-01');
    expect(within(panel).getByRole('alert').textContent).toBe('The from date must be on or before the to date.');
    expect(within(panel).queryByRole('link', { name: /^Download Statement/ })).toBeNull();
    await user.clear(within(panel).getByLabelText('From'));
    await user.type(within(panel).getByLabelText('From'), '2026-10-01');
    expect(
      within(panel)
        .getByRole('link', { name: /^Download Statement, 2026-10-01/ })
        .getAttribute('href'),
    ).toBe(`/api/admin/khata/${USER_ID}/statement?from=2026-10-01&to=2026-11-26&lang=hi`);

    await user.type(within(panel).getByLabelText('Amount (₹)'), '200');
    await user.click(within(panel).getByRole('radio', { name: 'UPI' }));
    await user.type(within(panel).getByLabelText('UTR (12 digits)'), '4123');
    await user.click(within(panel).getByRole('button', { name: 'Record Payment' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'A UPI payment needs its reference: the 12-digit UTR shown in the payment app',
    );
    await user.type(within(panel).getByLabelText('UTR (12 digits)'), '56789012');
    await user.type(within(panel).getByLabelText('Note (optional)'), 'GPay');
    await user.click(within(panel).getByRole('button', { name: 'Record Payment' }));
    expect((await within(panel).findByRole('status')).textContent).toBe('Payment recorded');
    const payments = calls.filter((call) => call.method === 'POST');
    expect(payments.at(-1)?.body).toEqual({ amount: '200', method: 'UPI', reference: '412356789012', note: 'GPay' });
    await waitFor(() => expect(within(totals).getByText('Balance owed').nextElementSibling?.textContent).toBe('₹250'));

    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(panel).getByRole('button', { name: 'Close Khata' }));
    expect(window.confirm).toHaveBeenCalledWith('Close the khata of Asha Patel? It can be opened again later.');
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'The khata cannot be closed while its balance is ₹450.00: settle it first',
    );
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ creditLimit: null });
  });

  it('offers to pay back an advance, and only then, up to what the khata holds (decision 0055)', async () => {
    const calls = stubFetch((call: Call) =>
      pathnameOf(call) === `/api/admin/khata/${USER_ID}/payouts`
        ? {
            status: 201,
            body: {
              success: true,
              message: 'Payout recorded',
              code: 'khataPayoutRecorded',
              values: {},
              entry: entry({
                _id: 'e-9',
                kind: 'payout',
                amount: 100,
                balanceAfter: -200,
                method: 'Cash',
                reference: '',
              }),
              account: account({ balance: -200 }),
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    const owing = renderAdmin(<AccountActions account={account({ balance: 450 })} />, { path: '/admin/khata' });
    expect(screen.queryByRole('heading', { name: /^Pay back the advance/ })).toBeNull();
    owing.unmount();
    renderAdmin(<AccountActions account={account({ balance: -300 })} />, { path: '/admin/khata' });
    const form = screen.getByRole('form', { name: 'Pay back the advance (₹300)' });
    await user.type(within(form).getByLabelText('Amount (₹)'), '100');
    await user.click(within(form).getByRole('button', { name: 'Record the payout' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Payout recorded');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      amount: '100',
      method: 'Cash',
      reference: '',
      note: '',
    });
  });

  it('asks the server for one page and searches on it, the totals still over every khata', async () => {
    const calls = khataServer();
    const user = userEvent.setup();
    renderAdmin(<AdminKhataPage />, { path: '/admin/khata' });
    await screen.findByRole('region', { name: 'All khatas' });
    expect(calls.find((call) => pathnameOf(call) === '/api/admin/khata')?.path).toBe(
      '/api/admin/khata?page=1&limit=50',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search khatas by name, email or mobile' }), 'ravi{Enter}');
    expect(await screen.findByText('1 khata matches')).toBeTruthy();
    expect(calls.at(-1)?.path).toBe('/api/admin/khata?page=1&limit=50&q=ravi');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Ravi Kumar']);
    const totals = screen.getByRole('region', { name: 'All khatas' });
    expect(within(totals).getByText('Balance owed').nextElementSibling?.textContent).toBe('₹450');
    await user.clear(screen.getByRole('searchbox', { name: 'Search khatas by name, email or mobile' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search khatas by name, email or mobile' }), 'nobody{Enter}');
    expect(await screen.findByText('No khata matches “nobody”.')).toBeTruthy();
    expect(screen.queryByText(/^No khatas yet\./)).toBeNull();
  });

  it('says so when there is no khata yet', async () => {
    khataServer({ start: null });
    renderAdmin(<AdminKhataPage />, { path: '/admin/khata' });
    expect(await screen.findByText(/^No khatas yet\./)).toBeTruthy();
  });
});

describe('one khata’s page', () => {
  it('lists the entries oldest first with the running balance', async () => {
    khataServer();
    renderAdmin(<AdminKhataAccountPage />, { path: '/admin/khata/:userId', url: `/admin/khata/${USER_ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Khata of Asha Patel' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Entries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Bill #104214 Nov 2026 · MND/2026-27/000042', '₹650', '₹650'],
      ['Payment, UPI20 Nov 2026 · 412345678901Part payment', '−₹200', '₹450'],
    ]);
    expect(screen.getByText('Opened on').nextElementSibling?.textContent).toBe('1 Nov 2026');
  });
});

describe('the Khata panel of the user and order screens', () => {
  it('opens a khata with a limit and then shows its balance and page', async () => {
    const calls = khataServer({ start: null });
    const user = userEvent.setup();
    renderAdmin(<KhataPanel userId={USER_ID} name="Asha Patel" />, {
      path: '/admin/update/:userId',
      url: `/admin/update/${USER_ID}`,
    });
    expect(await screen.findByText(/^No khata yet\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open Khata' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the credit limit in ₹.');
    await user.type(screen.getByLabelText('Credit limit (₹)'), '1000');
    await user.type(screen.getByLabelText('Mobile for reminders (optional)'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Open Khata' }));
    expect((await screen.findByRole('status')).textContent).toBe('Khata opened');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ creditLimit: '1000', mobile: '9876543210' });
    expect((await screen.findByRole('link', { name: 'Khata page of Asha Patel' })).getAttribute('href')).toBe(
      `/admin/khata/${USER_ID}`,
    );
    expect(screen.getByText('Available').nextElementSibling?.textContent).toBe('₹1,000');
    expect(screen.getByRole('button', { name: 'Change Limit' })).toBeTruthy();
  });
});

function Choice({ estimate }: { estimate: number }) {
  const [value, setValue] = useState<'COD' | 'Khata'>('COD');
  return (
    <>
      <PaymentChoice estimate={estimate} value={value} onChange={setValue} />
      <output data-testid="chosen">{value}</output>
    </>
  );
}

describe('the payment choice at checkout', () => {
  it('offers the khata with what is available, cash on delivery first', async () => {
    khataServer();
    const user = userEvent.setup();
    renderAt('/Order/Confirm', { '/Order/Confirm': <Choice estimate={300} /> });
    const khata = await screen.findByRole('radio', { name: 'Khata (₹550 available)' });
    expect((screen.getByRole('radio', { name: 'Cash on delivery' }) as HTMLInputElement).checked).toBe(true);
    await user.click(khata);
    expect(screen.getByTestId('chosen').textContent).toBe('Khata');
  });

  it('disables the khata with the reason when the order is above the credit available', async () => {
    khataServer();
    renderAt('/Order/Confirm', { '/Order/Confirm': <Choice estimate={800} /> });
    const khata = (await screen.findByRole('radio', { name: 'Khata (₹550 available)' })) as HTMLInputElement;
    expect(khata.disabled).toBe(true);
    expect(
      screen.getByText('This order comes to about ₹800, more than the ₹550 available on your khata.'),
    ).toBeTruthy();
  });

  it('shows nothing to a shopper without a khata', async () => {
    const calls = khataServer({ mine: false });
    renderAt('/Order/Confirm', { '/Order/Confirm': <Choice estimate={300} /> });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user/my/khata?orNone=true')).toBe(true));
    expect(screen.queryByRole('group', { name: 'Payment' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('My khata (the shopper)', () => {
  it('shows the balance, limit, entries and the statement in the interface’s language', async () => {
    khataServer();
    renderAt('/account/khata', { '/account/khata': <MyKhataPage /> });
    expect(await screen.findByText('You owe')).toBeTruthy();
    expect(screen.getByTestId('khata-balance').textContent).toBe('₹450');
    expect(screen.getByText('Credit limit').nextElementSibling?.textContent).toBe('₹1,000');
    expect(screen.getByText('Available').nextElementSibling?.textContent).toBe('₹550');
    expect(within(screen.getByRole('table', { name: 'Entries' })).getAllByRole('row')).toHaveLength(3);
    const { from, to } = thisMonth();
    expect(screen.getByRole('link', { name: /^Download Statement/ }).getAttribute('href')).toBe(
      `/api/user/my/khata/statement?from=${from}&to=${to}&lang=en`,
    );
    expect(screen.queryByLabelText('Language of the statement')).toBeNull();
    expect(document.title).toBe('My khata');

    await setLanguage('hi', { remember: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरा खाता' })).toBeTruthy();
    expect(screen.getByText('आपका बाक़ी')).toBeTruthy();
    expect(screen.getByText('बिल #1042')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^विवरण डाउनलोड करें, .* से .* तक/ }).getAttribute('href')).toMatch(
      /&lang=hi$/,
    );
  });

  it('says plainly that the shop can open one when there is none', async () => {
    khataServer({ mine: false });
    renderAt('/account/khata', { '/account/khata': <MyKhataPage /> });
    expect(
      await screen.findByText(
        'You have no khata with the shop. Regular customers can ask the shop to open one, then pay for their orders later.',
      ),
    ).toBeTruthy();
  });
});
