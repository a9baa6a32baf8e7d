/** The shopper's order page once the order is packed or paid, and its refund (decision 0032). */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../lib/types';
import { order as orderFixture, renderAt, shopper, stubFetch } from '../../../test-utils';
import OrderDetailsPage from './order-details-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const at = '/Order/OrderDetails/o-1';
const routes = { '/Order/OrderDetails/:orderId': <OrderDetailsPage /> };
const ASK_SHOP =
  'This order is already packed or paid, so it can no longer be cancelled here: to cancel it, please ask the shop.';

function show(order: Order) {
  stubFetch((call) => (call.path === '/api/user/my/order/o-1' ? { body: { success: true, order } } : undefined), {
    user: shopper,
  });
  renderAt(at, routes);
}

describe("the shopper's cancel", () => {
  it('is offered while the order is neither packed nor paid', async () => {
    show(orderFixture());
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(screen.queryByText(ASK_SHOP)).toBeNull();
  });

  it('is replaced by "ask the shop" once packed', async () => {
    show(orderFixture({ packedAt: '2026-03-06T04:00:00.000Z', invoiceNumber: 'MANDI/2025-26/000007' }));
    expect(await screen.findByText(ASK_SHOP)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('is replaced by "ask the shop" once paid', async () => {
    show(
      orderFixture({
        packedAt: '2026-03-06T04:00:00.000Z',
        invoiceNumber: 'MANDI/2025-26/000007',
        payment: { method: 'Cash', reference: '', paidAt: '2026-03-06T05:00:00.000Z' },
      }),
    );
    expect(await screen.findByText(ASK_SHOP)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });
});

describe('the refund', () => {
  it('shows on a cancelled paid order beside its payment', async () => {
    show(
      orderFixture({
        status: 'Cancelled',
        total: 269,
        packedAt: '2026-03-06T04:00:00.000Z',
        invoiceNumber: 'MANDI/2025-26/000007',
        payment: { method: 'UPI', reference: '633012345678', paidAt: '2026-03-06T05:00:00.000Z' },
        refund: { method: 'UPI', reference: '734598761234', amount: 269, refundedAt: '2026-03-06T09:00:00.000Z' },
      }),
    );
    expect(await screen.findByText('Refunded ₹269 by UPI (ref 734598761234) on 6 Mar 2026')).toBeTruthy();
    expect(screen.getByText('Paid by UPI (ref 633012345678) on 6 Mar 2026')).toBeTruthy();
    expect(screen.queryByText(ASK_SHOP)).toBeNull();
  });
});
