import type { BillsRegisterAnswer } from '@mandi/shared/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { pathnameOf, renderAdmin, stubFetch } from '../../../test-utils';
import BillsPage from './bills-page';

beforeEach(() => {
  // 30 Nov 2026, 20:00 UTC is already 1 December in the shop.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T20:00:00.000Z'));
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

const november: BillsRegisterAnswer = {
  success: true,
  month: '2026-11',
  bills: [
    {
      orderId: 'o-1',
      orderNumber: 1042,
      invoiceNumber: 'MANDI/2026-27/000001',
      date: '2026-11-03',
      buyer: 'Asha Patel',
      kind: 'Bill of Supply',
      taxableValue: 92.56,
      taxByRate: [{ rate: 0, taxableValue: 92.56, tax: 0 }],
      tax: 0,
      total: 92.56,
      status: 'Delivered',
      payment: { method: 'UPI', reference: '412345678901', paidAt: '2026-11-03T10:00:00.000Z' },
    },
    {
      orderId: 'o-2',
      orderNumber: 1043,
      invoiceNumber: 'MANDI/2026-27/000002',
      date: '2026-11-05',
      buyer: 'Ravi Kumar',
      kind: 'Invoice-cum-Bill of Supply',
      taxableValue: 1220.95,
      taxByRate: [
        { rate: 0, taxableValue: 400, tax: 0 },
        { rate: 5, taxableValue: 820.95, tax: 41.05 },
      ],
      tax: 41.05,
      total: 1262,
      status: 'Shipped',
      payment: null,
    },
    {
      orderId: 'o-3',
      orderNumber: 1044,
      invoiceNumber: 'MANDI/2026-27/000003',
      date: '2026-11-06',
      buyer: 'Meera Iyer',
      kind: 'Tax Invoice',
      taxableValue: 200,
      taxByRate: [{ rate: 12, taxableValue: 200, tax: 24 }],
      tax: 24,
      total: 224,
      status: 'Cancelled',
      payment: { method: 'Cash', reference: '', paidAt: '2026-11-06T10:00:00.000Z' },
      // Paid, then cancelled by the shop with its refund (decision 0032).
      refund: { method: 'UPI', reference: '734598761234', amount: 224, refundedAt: '2026-11-07T10:00:00.000Z' },
    },
  ],
  // The cancelled bill is listed but left out of the totals.
  totals: {
    taxableValue: 1313.51,
    taxByRate: [
      { rate: 0, taxableValue: 492.56, tax: 0 },
      { rate: 5, taxableValue: 820.95, tax: 41.05 },
    ],
    tax: 41.05,
    total: 1354.56,
  },
};

const empty = (month: string): BillsRegisterAnswer => ({
  success: true,
  month,
  bills: [],
  totals: { taxableValue: 0, taxByRate: [], tax: 0, total: 0 },
});

function stubRegister() {
  return stubFetch((call) => {
    if (pathnameOf(call) !== '/api/admin/bills') return undefined;
    const month = new URL(call.path, 'http://localhost').searchParams.get('month') ?? '';
    return { body: month === '2026-11' ? november : empty(month) };
  });
}

const open = () => renderAdmin(<BillsPage />, { path: '/admin/bills' });

describe('bills register', () => {
  it('opens on this month in shop time and says when it has no bills', async () => {
    const calls = stubRegister();
    open();
    expect(document.title).toBe('Bills');
    expect((screen.getByLabelText('Month') as HTMLInputElement).value).toBe('2026-12');
    expect(await screen.findByText('No bills in December 2026')).toHaveProperty('role', 'status');
    expect(calls[0]?.path).toBe('/api/admin/bills?month=2026-12&format=json');
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });

  it('lists a month’s bills with tax by rate, payment and a totals row, and its CSV', async () => {
    stubRegister();
    open();
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-11' } });
    const table = await screen.findByRole('table', { name: 'Bills of November 2026' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Number',
      'Date',
      'Buyer',
      'Taxable value',
      'GST 5%',
      'GST 12%',
      'Tax',
      'Total',
      'Payment',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);

    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'MANDI/2026-27/000001' }).getAttribute('href')).toBe(
      '/admin/update/order/o-1',
    );
    expect(within(first).getByRole('rowheader').textContent).toContain('Bill of Supply');
    // The order's number beside its bill's, as the shopper reads it out.
    expect(within(first).getByRole('rowheader').textContent).toContain('Order #1042');
    expect(cells(first)).toEqual([
      '3 Nov 2026',
      'Asha Patel',
      '₹92.56',
      '₹0.00',
      '₹0.00',
      '₹0.00',
      '₹92.56',
      'UPI 412345678901',
    ]);
    expect(cells(rows[1] as HTMLElement)).toEqual([
      '5 Nov 2026',
      'Ravi Kumar',
      '₹1,220.95',
      '₹41.05',
      '₹0.00',
      '₹41.05',
      '₹1,262.00',
      'Unpaid',
    ]);
    expect(within(rows[2] as HTMLElement).getByRole('rowheader').textContent).toContain('Cancelled');
    expect(cells(rows[2] as HTMLElement).at(-1)).toBe('CashRefund: UPI 734598761234 ₹224');
    expect(within(rows[2] as HTMLElement).getByText('Refund: UPI 734598761234 ₹224')).toBeTruthy();

    const totals = rows[3] as HTMLElement;
    expect(within(totals).getByRole('rowheader').textContent).toBe('Total (2 bills; 1 cancelled, left out)');
    expect(cells(totals)).toEqual(['₹1,313.51', '₹41.05', '₹0.00', '₹41.05', '₹1,354.56', '']);

    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe('/api/admin/bills?month=2026-11&format=csv');
    expect(csv.getAttribute('download')).toBe('bills-2026-11.csv');
  });

  it('in Hindi: the month, the dates and each bill’s kind in Hindi, the numbers as they are', async () => {
    await setLanguage('hi', { remember: false });
    stubRegister();
    open();
    fireEvent.change(screen.getByLabelText('महीना'), { target: { value: '2026-11' } });
    const table = await screen.findByRole('table', { name: 'नवंबर 2026 के बिल' });
    const rows = within(table).getAllByRole('row').slice(1);
    const kinds = rows.slice(0, 3).map((row) => within(row).getByRole('rowheader').textContent);
    expect(kinds[0]).toContain('आपूर्ति बिल');
    expect(kinds[1]).toContain('बीजक-सह-आपूर्ति बिल');
    expect(kinds[2]).toContain('कर बीजक');
    for (const kind of kinds) expect(kind).not.toMatch(/Bill of Supply|Tax Invoice/);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toContain('MANDI/2026-27/000001');
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('3 नव॰ 2026');
    expect(table.textContent).not.toContain('Nov');
  });

  it('shows the server’s message when the register cannot be read, and asks for a month when cleared', async () => {
    stubFetch(() => ({ status: 400, body: { success: false, message: 'month must be YYYY-MM' } }));
    open();
    expect((await screen.findByRole('alert')).textContent).toBe('month must be YYYY-MM');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Choose a month'));
  });
});
