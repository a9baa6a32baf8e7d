/** The admin's cancel of a paid order with its refund (decision 0032), and the refund on the order page. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import type { Order } from '../../../lib/types';
import { order as orderFixture, renderAdmin, stubFetch } from '../../../test-utils';
import UpdateOrderPage from './update-order-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const UTR = '633012345678';
const REFUND_UTR = '734598761234';

/** Packed and paid by UPI: ₹269 due. */
const paid = (overrides: Partial<Order> = {}) =>
  orderFixture({
    total: 269,
    packedAt: '2026-03-06T04:00:00.000Z',
    invoiceNumber: 'MANDI/2025-26/000007',
    payment: { method: 'UPI', reference: UTR, paidAt: '2026-03-06T05:00:00.000Z' },
    ...overrides,
  });

const detail = () =>
  renderAdmin(<UpdateOrderPage />, { path: '/admin/update/order/:orderId', url: '/admin/update/order/o-1' });

describe('cancelling a paid order', () => {
  it('asks for the refund when Cancelled is chosen, and sends it with the status', async () => {
    let current = paid();
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') {
        current = {
          ...current,
          status: 'Cancelled',
          refund: { method: 'UPI', reference: REFUND_UTR, amount: 269, refundedAt: '2026-03-06T09:00:00.000Z' },
        };
        return { body: { success: true, message: 'Order Cancelled', Order: current, updatedOrder: current } };
      }
      return { body: { success: true, order: current } };
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    detail();

    const select = await screen.findByRole('combobox', { name: 'Order Status' });
    // Nothing about a refund until Cancelled is chosen.
    expect(screen.queryByRole('group', { name: 'Refund' })).toBeNull();
    await user.selectOptions(select, 'Cancelled');
    const refund = screen.getByRole('group', { name: 'Refund' });
    expect(
      within(refund).getByText(
        `Paid by UPI (ref ${UTR}) on 6 Mar 2026. Cancelling this order records how the money goes back to the shopper.`,
      ),
    ).toBeTruthy();
    expect(within(refund).getByText('Amount to refund').nextSibling?.textContent).toBe('₹269');
    const method = within(refund).getByRole('combobox', { name: 'Refund by' }) as HTMLSelectElement;
    expect(method.value).toBe('UPI');
    expect(
      within(method)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Cash', 'UPI', 'Khata']);
    await user.type(within(refund).getByRole('textbox', { name: 'Refund UPI reference (UTR)' }), ` ${REFUND_UTR}`);
    await user.click(screen.getByRole('button', { name: 'Update Status' }));

    expect(confirm).toHaveBeenCalledWith(
      'Cancel this paid order and record its refund of ₹269? Its stock goes back to the shelf and a cancelled order is final.',
    );
    expect(await screen.findByText('Order Cancelled')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/user/update/order/o-1',
      body: { oStatus: 'Cancelled', refund: { method: 'UPI', reference: REFUND_UTR } },
    });
    await waitFor(() =>
      expect(screen.getByText(`Refunded ₹269 by UPI (ref ${REFUND_UTR}) on 6 Mar 2026`)).toBeTruthy(),
    );
  });

  it('hides the reference for a khata refund and shows the server’s refusal', async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') {
        return {
          status: 409,
          body: {
            success: false,
            message: 'This shopper has no khata account: refund by Cash or UPI',
            code: 'refundNoKhata',
            values: {},
          },
        };
      }
      return { body: { success: true, order: paid() } };
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    detail();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Order Status' }), 'Cancelled');
    const refund = screen.getByRole('group', { name: 'Refund' });
    await user.selectOptions(within(refund).getByRole('combobox', { name: 'Refund by' }), 'Khata');
    expect(within(refund).queryByRole('textbox')).toBeNull();
    expect(within(refund).getByText("Credited to the shopper's khata account")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('This shopper has no khata account: refund by Cash or UPI')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      oStatus: 'Cancelled',
      refund: { method: 'Khata', reference: '' },
    });
  });

  it('sends no refund for an unpaid order, nor with any other status', async () => {
    let current = paid({ payment: null });
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') {
        current = { ...current, status: 'Cancelled' };
        return { body: { success: true, message: 'Order Cancelled', Order: current, updatedOrder: current } };
      }
      return { body: { success: true, order: current } };
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    detail();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Order Status' }), 'Cancelled');
    expect(screen.queryByRole('group', { name: 'Refund' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Order Cancelled')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ oStatus: 'Cancelled' });
  });

  it('shows the refund of a cancelled order and its history entry', async () => {
    stubFetch(() => ({
      body: {
        success: true,
        order: paid({
          status: 'Cancelled',
          refund: { method: 'Cash', reference: '', amount: 269, refundedAt: '2026-03-06T09:00:00.000Z' },
          history: [
            {
              at: '2026-03-06T09:00:00.000Z',
              by: 'Ravi Admin',
              kind: 'refund',
              changes: { refund: { from: null, to: { method: 'Cash', reference: '', amount: 269 } } },
            },
          ],
        }),
      },
    }));
    detail();
    expect(await screen.findByText('Refunded ₹269 in cash on 6 Mar 2026')).toBeTruthy();
    const history = screen.getByRole('region', { name: /history/i });
    expect(within(history).getByText('Refund')).toBeTruthy();
    expect(within(history).getByText(/Method: Cash/)).toBeTruthy();
    expect(within(history).getByText(/Amount: ₹269/)).toBeTruthy();
  });
});

describe('in Hindi', () => {
  afterEach(async () => {
    await setLanguage('en', { remember: false });
  });

  it('asks for the refund and shows it in Hindi', async () => {
    await setLanguage('hi', { remember: false });
    stubFetch(() => ({ body: { success: true, order: paid() } }));
    const user = userEvent.setup();
    detail();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'ऑर्डर की स्थिति' }), 'Cancelled');
    const refund = screen.getByRole('group', { name: 'रिफ़ंड' });
    expect(within(refund).getByText('लौटाने की रकम').nextSibling?.textContent).toBe('₹269');
    const method = within(refund).getByRole('combobox', { name: 'कैसे लौटाए' });
    expect(
      within(method)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['नकद', 'UPI', 'खाता']);
    expect(within(refund).getByRole('textbox', { name: 'रिफ़ंड का UPI रेफ़रेंस (UTR)' })).toBeTruthy();
  });
});
