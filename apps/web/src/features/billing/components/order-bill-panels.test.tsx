import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import type { Order } from '../../../lib/types';
import { pathnameOf, renderRoutes, stubFetch } from '../../../test-utils';
import { AdminBillPanel, ShopperBillPanel } from './order-bill-panels';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

type BilledOrder = Pick<Order, '_id' | 'status' | 'invoiceNumber' | 'payment' | 'packedAt'> &
  Partial<Pick<Order, 'paymentMethod'>>;

const packed: BilledOrder = {
  _id: 'o-7',
  status: 'Processing',
  invoiceNumber: 'MANDI/2026-27/000042',
  payment: null,
  packedAt: '2026-11-23T04:00:00.000Z',
};
const upiUrl = 'upi://pay?pa=mandi%40okaxis&pn=Mandi%20Fresh%20Produce&am=92.56&cu=INR&tn=MANDI%2F2026-27%2F000042';
const upiPath = '/api/user/my/order/o-7/upi';

function renderShopper(order: BilledOrder) {
  return renderRoutes('/', <Route path="/" element={<ShopperBillPanel order={order} />} />);
}

describe('the shopper’s bill and UPI', () => {
  it('shows nothing before the bill is made, and never asks for a UPI link', async () => {
    const calls = stubFetch();
    const view = renderShopper({ ...packed, invoiceNumber: null, packedAt: null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.container.textContent).toBe('');
    expect(calls).toHaveLength(0);
  });

  it('says a khata order goes on the khata before it is packed, and shows "On the khata" once it is', async () => {
    const calls = stubFetch();
    const view = renderShopper({ ...packed, invoiceNumber: null, packedAt: null, paymentMethod: 'Khata' });
    expect(
      within(screen.getByRole('region', { name: 'Bill and payment' })).getByText(
        'Payment: on the khata. The bill goes on it when the order is packed.',
      ),
    ).toBeTruthy();
    view.unmount();
    renderShopper({
      ...packed,
      paymentMethod: 'Khata',
      payment: { method: 'Khata', reference: null, paidAt: '2026-11-23T04:00:00.000Z' },
    });
    expect(screen.getByText('On the khata since 23 Nov 2026')).toBeTruthy();
    expect(screen.queryByText(/goes on it when the order is packed/)).toBeNull();
    expect(calls.filter((call) => pathnameOf(call) === upiPath)).toHaveLength(0);
  });

  it('shows the bill number and a download link to the PDF', async () => {
    stubFetch(() => ({ status: 404, body: { success: false, message: 'This shop takes no UPI payments' } }));
    renderShopper(packed);
    const bill = screen.getByRole('region', { name: 'Bill and payment' });
    expect(within(bill).getByText('MANDI/2026-27/000042')).toBeTruthy();
    const link = within(bill).getByRole('link', { name: 'Download bill MANDI/2026-27/000042 (PDF)' });
    expect(link.textContent).toBe('Download bill');
    expect(link.getAttribute('href')).toBe('/api/user/my/order/o-7/invoice?lang=en');
    expect(link.getAttribute('download')).toBe('MANDI-2026-27-000042.pdf');
  });

  it('asks for the bill in the interface language, and follows the language switch', async () => {
    stubFetch(() => ({ status: 404, body: { success: false, message: 'This shop takes no UPI payments' } }));
    renderShopper(packed);
    expect(screen.getByRole('link', { name: /Download bill/ }).getAttribute('href')).toBe(
      '/api/user/my/order/o-7/invoice?lang=en',
    );
    await act(() => setLanguage('hi', { remember: false }));
    const link = screen.getByRole('link', { name: 'बिल MANDI/2026-27/000042 डाउनलोड करें (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/user/my/order/o-7/invoice?lang=hi');
    expect(link.getAttribute('download')).toBe('MANDI-2026-27-000042.pdf');
  });

  it('shows the QR code, the amount, the UPI id to copy and the UPI app link while unpaid', async () => {
    const calls = stubFetch((call) =>
      pathnameOf(call) === upiPath ? { body: { success: true, upiUrl, amount: 92.56 } } : undefined,
    );
    const user = userEvent.setup();
    renderShopper(packed);
    const section = await screen.findByRole('region', { name: 'Pay by UPI' });
    const qr = await within(section).findByRole('img', { name: 'QR code to pay ₹92.56 by UPI to mandi@okaxis' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // A real QR code: many dark squares, drawn inside the quiet zone.
    expect((qr.querySelector('path')?.getAttribute('d') ?? '').match(/h1v1h-1z/g)?.length).toBeGreaterThan(200);
    expect(qr.querySelector('title')?.textContent).toBe('QR code to pay ₹92.56 by UPI to mandi@okaxis');
    expect(within(section).getByText('₹92.56')).toBeTruthy();
    expect(within(section).getByText('mandi@okaxis')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Open UPI app' }).getAttribute('href')).toBe(upiUrl);
    await user.click(within(section).getByRole('button', { name: 'Copy UPI id mandi@okaxis' }));
    expect(await navigator.clipboard.readText()).toBe('mandi@okaxis');
    expect(within(section).getByRole('status').textContent).toBe('UPI id copied');
    expect(calls.map((call) => call.path)).toEqual([upiPath]);
  });

  it('shows nothing of UPI when the shop takes none (404)', async () => {
    const calls = stubFetch(() => ({ status: 404, body: { success: false, message: 'Not found' } }));
    renderShopper(packed);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Pay by UPI' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows how a paid order was paid, and no QR code', async () => {
    const calls = stubFetch();
    renderShopper({
      ...packed,
      status: 'Delivered',
      payment: { method: 'UPI', reference: '412345678901', paidAt: '2026-11-23T19:00:00.000Z' },
    });
    // 19:00 UTC is past midnight in the shop: the 24th.
    expect(screen.getByText('Paid by UPI (ref 412345678901) on 24 Nov 2026')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Pay by UPI' })).toBeNull();
  });

  it('says "Paid in cash", and asks nothing of a cancelled order', async () => {
    const calls = stubFetch();
    const view = renderShopper({
      ...packed,
      payment: { method: 'Cash', reference: '', paidAt: '2026-11-23T06:00:00.000Z' },
    });
    expect(screen.getByText('Paid in cash on 23 Nov 2026')).toBeTruthy();
    view.unmount();
    renderShopper({ ...packed, status: 'Cancelled' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: /Download bill/ })).toBeTruthy();
  });
});

function renderAdminPanel(order: BilledOrder) {
  return renderRoutes('/', <Route path="/" element={<AdminBillPanel order={order} />} />);
}

describe('the admin’s bill and payment', () => {
  it('before packing, says a payment comes after the bill; a cancelled unbilled order shows nothing', () => {
    stubFetch();
    const view = renderAdminPanel({ ...packed, invoiceNumber: null, packedAt: null });
    expect(screen.getByText('A payment can be recorded once the order is packed and its bill is made.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    view.unmount();
    const cancelled = renderAdminPanel({ ...packed, status: 'Cancelled', invoiceNumber: null, packedAt: null });
    expect(cancelled.container.textContent).toBe('');
  });

  it('records a UPI payment with its UTR, then shows the order as the server answers it', async () => {
    let current: BilledOrder = packed;
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') {
        current = {
          ...packed,
          payment: { method: 'UPI', reference: '412345678901', paidAt: '2026-11-23T06:00:00.000Z' },
        };
        return { body: { success: true, order: current } };
      }
      return pathnameOf(call) === '/api/user/my/order/o-7' ? { body: { success: true, order: current } } : undefined;
    });
    const user = userEvent.setup();
    renderRoutes('/', <Route path="/" element={<AdminOrder />} />);
    const panel = await screen.findByRole('region', { name: 'Bill and payment' });
    expect(
      within(panel)
        .getByRole('link', { name: /Download bill/ })
        .getAttribute('href'),
    ).toBe('/api/user/my/order/o-7/invoice?lang=en');
    expect(within(panel).getByText('Not paid yet')).toBeTruthy();
    const form = within(panel).getByRole('form', { name: 'Record payment' });
    await user.click(within(form).getByRole('radio', { name: 'UPI' }));
    const reference = within(form).getByRole('textbox', { name: 'UPI reference (UTR)' });
    expect(within(form).getByText('UTR, 12 digits').id).toBe(reference.getAttribute('aria-describedby'));
    await user.type(reference, ' 412345678901 ');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(panel).findByText('Paid by UPI (ref 412345678901) on 23 Nov 2026')).toBeTruthy();
    expect(within(panel).getByRole('status').textContent).toBe('Payment recorded');
    expect(within(panel).queryByRole('form', { name: 'Record payment' })).toBeNull();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/admin/orders/o-7/payment');
    expect(put?.body).toEqual({ method: 'UPI', reference: '412345678901' });
  });

  it('starts on the method of the order’s payment terms: Cash for cash on delivery, UPI for UPI', () => {
    stubFetch();
    const checked = () =>
      within(screen.getByRole('form', { name: 'Record payment' }))
        .getAllByRole('radio')
        .filter((radio) => (radio as HTMLInputElement).checked)
        .map((radio) => (radio as HTMLInputElement).value);
    for (const [terms, method] of [
      ['COD', 'Cash'],
      [undefined, 'Cash'],
      ['UPI', 'UPI'],
    ] as const) {
      // 'UPI' terms are not on the wire yet: the form takes any method the terms name.
      const view = renderAdminPanel({ ...packed, paymentMethod: terms as BilledOrder['paymentMethod'] });
      expect(checked(), String(terms)).toEqual([method]);
      expect(
        screen.getByRole('textbox', { name: method === 'UPI' ? 'UPI reference (UTR)' : 'Receipt number (optional)' }),
      ).toBeTruthy();
      view.unmount();
    }
  });

  it('offers no payment form for a khata order: its bill goes on the khata', () => {
    stubFetch();
    renderAdminPanel({ ...packed, paymentMethod: 'Khata' });
    expect(screen.queryByRole('form', { name: 'Record payment' })).toBeNull();
  });

  it('records cash with an optional receipt number, and shows the server’s refusal', async () => {
    const calls = stubFetch((call) =>
      call.method === 'PUT'
        ? {
            status: 409,
            body: { success: false, message: 'This order is already paid', code: 'alreadyPaid', values: {} },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderAdminPanel({ ...packed, paymentMethod: 'COD' });
    const form = screen.getByRole('form', { name: 'Record payment' });
    expect((within(form).getByRole('radio', { name: 'Cash' }) as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByRole('textbox', { name: 'Receipt number (optional)' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('This order is already paid');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ method: 'Cash', reference: '' });
  });

  it('dates the payment with the month in Hindi when Hindi is chosen', async () => {
    await setLanguage('hi', { remember: false });
    stubFetch();
    renderAdminPanel({
      ...packed,
      payment: { method: 'UPI', reference: '412345678901', paidAt: '2026-11-23T19:00:00.000Z' },
    });
    expect(screen.getByText('24 नव॰ 2026 को UPI से भुगतान हुआ (रेफ़ 412345678901)')).toBeTruthy();
  });

  it('shows the server’s refusal in Hindi, the payment named as sent', async () => {
    await setLanguage('hi', { remember: false });
    stubFetch((call) =>
      call.method === 'PUT'
        ? {
            status: 409,
            body: {
              success: false,
              message: 'This order is already paid (UPI 412345678901)',
              code: 'alreadyPaidWith',
              values: { payment: 'UPI 412345678901' },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderAdminPanel(packed);
    const form = screen.getByRole('form');
    // The methods are named in Hindi too, whenever the language was chosen.
    expect((within(form).getByRole('radio', { name: 'नकद' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(form).getByRole('button'));
    expect((await within(form).findByRole('alert')).textContent).toBe('इस ऑर्डर का भुगतान हो चुका है (UPI 412345678901)');
  });
});

/** The admin order page's way of reading the order, so a recorded payment refreshes it. */
function AdminOrder() {
  const { data } = useQuery({
    queryKey: ['orders', 'single', 'o-7'],
    queryFn: async () => (await api.get<{ order: BilledOrder }>('/api/user/my/order/o-7')).order,
  });
  return data ? <AdminBillPanel order={data} /> : null;
}
