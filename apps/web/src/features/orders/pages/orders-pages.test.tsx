import { MESSAGES } from '@mandi/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../lib/types';
import { renderAt, shopper, stubFetch } from '../../../test-utils';
import { ordersTexts } from '../orders.texts';
import MyOrdersPage from './my-orders-page';
import OrderDetailsPage from './order-details-page';

const BEFORE_PACKING_NOTE = ordersTexts.beforePacking.message;

afterEach(() => vi.unstubAllGlobals());

function order(id: string, status: Order['status'], total: number): Order {
  return {
    _id: id,
    orderNumber: 1000 + Number.parseInt(id.replace(/\D/g, '') || '1', 10),
    orderItems: [
      {
        _id: `${id}-1`,
        productId: 'p1',
        name: 'Alphonso Mango',
        image: '/img/p1',
        quantity: 1.5,
        rate: 180,
        packedQuantity: null,
        amount: 270,
      },
      {
        _id: `${id}-2`,
        productId: 'p2',
        name: 'Paneer',
        image: '/img/p2',
        quantity: 0.5,
        rate: 379.5,
        packedQuantity: null,
        amount: 189.75,
      },
    ],
    subtotal: total,
    shippingCharge: 0,
    total,
    estimatedTotal: total,
    packedAt: null,
    deliverySlot: null,
    status,
    orderDate: '2026-03-12T10:00:00.000Z',
    createdAt: '2026-03-12T10:00:00.000Z',
    shippingInfo: { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
    invoiceNumber: null,
    payment: null,
    userId: shopper._id,
    user: { _id: shopper._id, firstName: 'Asha', lastName: 'Patel' },
  };
}

const orders = [order('o-3', 'Delivered', 459.75), order('o-2', 'Shipped', 100), order('o-1', 'Processing', 20)];

describe('my orders page', () => {
  it('counts orders by status and lists each with its details link', async () => {
    stubFetch(
      (request) =>
        request.path === '/api/user/my/orders' ? { body: { success: true, myOrders: orders, orders } } : undefined,
      { user: shopper },
    );
    renderAt('/Order/MyOrder', { '/Order/MyOrder': <MyOrdersPage /> });
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(document.title).toBe('Asha Orders');
    expect(screen.getByText('Total Orders').nextElementSibling?.textContent).toBe('3');
    expect(screen.getByText('Delivered', { selector: 'dt' }).nextElementSibling?.textContent).toBe('1');
    expect(screen.getByText('Shipped', { selector: 'dt' }).nextElementSibling?.textContent).toBe('1');
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Get Order Details' }).getAttribute('href')).toBe(
      '/Order/OrderDetails/o-3',
    );
    expect(within(first).getByText(/Shipping Charge ₹0/)).toBeTruthy();
    expect(within(first).getByText('Total ₹459.75')).toBeTruthy();
    expect(within(first).getByText('Delivered')).toBeTruthy();
    // The order's number, not a piece of its id.
    expect(within(first).getByText('#1003')).toBeTruthy();
    expect(within(first).queryByText(/#o-3/)).toBeNull();
  });

  it('shows the empty state', async () => {
    stubFetch(
      (request) =>
        request.path === '/api/user/my/orders' ? { body: { success: true, myOrders: [], orders: [] } } : undefined,
      { user: shopper },
    );
    renderAt('/Order/MyOrder', { '/Order/MyOrder': <MyOrdersPage /> });
    expect(await screen.findByText(MESSAGES.noOrders)).toBeTruthy();
  });
});

describe('order details page', () => {
  const at = '/Order/OrderDetails/o-3';
  const routes = { '/Order/OrderDetails/:orderId': <OrderDetailsPage /> };

  it('shows each line with weight, rate and amount, plus status and date', async () => {
    stubFetch(
      (request) =>
        request.path === '/api/user/my/order/o-3' ? { body: { success: true, order: orders[0] } } : undefined,
      { user: shopper },
    );
    renderAt(at, routes);
    const items = await screen.findByRole('list', { name: 'Order items' });
    const [mango] = within(items).getAllByRole('listitem') as HTMLElement[];
    expect(within(mango as HTMLElement).getByText('1.5 Kg × ₹180 per Kg')).toBeTruthy();
    expect(within(mango as HTMLElement).getByText('₹270')).toBeTruthy();
    expect(within(mango as HTMLElement).getByRole('img', { name: 'Alphonso Mango' })).toBeTruthy();
    expect(screen.getByText('Total Amount').nextElementSibling?.textContent).toBe('₹459.75');
    expect(screen.getByText('Delivered')).toBeTruthy();
    expect(screen.getByText('12 Mar 2026')).toBeTruthy();
    expect(document.title).toBe('Orders Details');
    expect(screen.getByText('#1003').parentElement?.textContent).toBe('Order #1003');
  });

  it("words the payment by the order's terms: cash at the door, on the khata, or paid", async () => {
    const cases: [Partial<(typeof orders)[number]>, string][] = [
      [{ paymentMethod: 'COD', payment: null }, 'Shipping Charge ₹0 · Cash on delivery'],
      [{ paymentMethod: 'Khata', payment: null }, 'Shipping Charge ₹0 · On the khata'],
      [
        {
          paymentMethod: 'COD',
          payment: { method: 'UPI', reference: '612345678901', paidAt: '2026-03-12T10:00:00.000Z' },
        },
        'Shipping Charge ₹0 · Paid',
      ],
    ];
    for (const [terms, text] of cases) {
      stubFetch(
        (request) =>
          request.path === '/api/user/my/order/o-3'
            ? { body: { success: true, order: { ...orders[0], shippingCharge: 0, ...terms } } }
            : undefined,
        { user: shopper },
      );
      const view = renderAt(at, routes);
      expect(await screen.findByText(text)).toBeTruthy();
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('tells a missing order from a failed load', async () => {
    stubFetch(undefined, { user: shopper });
    const view = renderAt(at, routes);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.orderMissing);
    view.unmount();
    vi.unstubAllGlobals();
    stubFetch(
      (request) =>
        request.path.startsWith('/api/user/my/order/')
          ? { status: 500, body: { success: false, message: 'x' } }
          : undefined,
      { user: shopper },
    );
    renderAt(at, routes);
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(MESSAGES.orderError);
  });
});

describe('order details, sold by weight', () => {
  const at = '/Order/OrderDetails/o-9';
  const routes = { '/Order/OrderDetails/:orderId': <OrderDetailsPage /> };

  function weighed(overrides: Partial<Order> = {}): Order {
    return {
      ...order('o-9', 'Processing', 280),
      orderItems: [
        {
          _id: 'i-1',
          productId: 'p1',
          name: 'Desi Tomato',
          image: '/img/t',
          quantity: 1,
          rate: 120,
          packedQuantity: null,
          amount: 120,
        },
        {
          _id: 'i-2',
          productId: 'p2',
          name: 'Green Peas',
          image: '/img/p',
          quantity: 2,
          rate: 80,
          packedQuantity: null,
          amount: 160,
        },
      ],
      estimatedTotal: 280,
      packedAt: null,
      ...overrides,
    };
  }

  const packed = () =>
    weighed({
      total: 124.8,
      packedAt: '2026-03-13T04:00:00.000Z',
      orderItems: [
        {
          _id: 'i-1',
          productId: 'p1',
          name: 'Desi Tomato',
          image: '/img/t',
          quantity: 1,
          rate: 120,
          packedQuantity: '1.04',
          amount: 124.8,
        },
        {
          _id: 'i-2',
          productId: 'p2',
          name: 'Green Peas',
          image: '/img/p',
          quantity: 2,
          rate: 80,
          packedQuantity: '0',
          amount: 0,
        },
      ],
    });

  it('before packing: ordered kg, packed "—", the estimate and the note about weighing', async () => {
    stubFetch(
      (call) => (call.path === '/api/user/my/order/o-9' ? { body: { success: true, order: weighed() } } : undefined),
      {
        user: shopper,
      },
    );
    renderAt(at, routes);
    const items = await screen.findByRole('list', { name: 'Order items' });
    const [tomato] = within(items).getAllByRole('listitem') as HTMLElement[];
    expect(within(tomato as HTMLElement).getByText('1 Kg × ₹120 per Kg')).toBeTruthy();
    expect(within(tomato as HTMLElement).getByText('—')).toBeTruthy();
    expect(within(tomato as HTMLElement).getByText('₹120')).toBeTruthy();
    expect(screen.getByText(BEFORE_PACKING_NOTE)).toBeTruthy();
    expect(screen.getByText('Total Amount').nextElementSibling?.textContent).toBe('₹280');
    expect(document.querySelector('del')).toBeNull();
  });

  it('once packed: packed kg and amounts per line, the estimate struck through beside the final amount', async () => {
    stubFetch(
      (call) => (call.path === '/api/user/my/order/o-9' ? { body: { success: true, order: packed() } } : undefined),
      {
        user: shopper,
      },
    );
    renderAt(at, routes);
    const items = await screen.findByRole('list', { name: 'Order items' });
    const [tomato, peas] = within(items).getAllByRole('listitem') as HTMLElement[];
    expect(within(tomato as HTMLElement).getByText('1.04 Kg')).toBeTruthy();
    expect(within(tomato as HTMLElement).getByText('₹124.80')).toBeTruthy();
    expect(within(peas as HTMLElement).getByText('Not available')).toBeTruthy();
    expect(within(peas as HTMLElement).getByText('₹0')).toBeTruthy();
    expect(screen.getByText('Total Amount').nextElementSibling?.textContent).toBe('₹124.80');
    const struck = document.querySelector('del') as HTMLElement;
    expect(struck.textContent).toBe('Estimated ₹280');
    expect(within(struck).getByText('Estimated').className).toContain('sr-only');
    expect(screen.queryByText(BEFORE_PACKING_NOTE)).toBeNull();
  });

  it('once billed: the bill number, Download bill and Pay by UPI for the amount due', async () => {
    stubFetch(
      (call) => {
        if (call.path === '/api/user/my/order/o-9') {
          return { body: { success: true, order: { ...packed(), invoiceNumber: 'MANDI/2025-26/000007' } } };
        }
        if (call.path === '/api/user/my/order/o-9/upi') {
          return { body: { success: true, upiUrl: 'upi://pay?pa=mandi%40okaxis&am=124.80&cu=INR', amount: 124.8 } };
        }
        return undefined;
      },
      { user: shopper },
    );
    renderAt(at, routes);
    const bill = await screen.findByRole('region', { name: 'Bill and payment' });
    expect(within(bill).getByText('MANDI/2025-26/000007')).toBeTruthy();
    expect(
      within(bill)
        .getByRole('link', { name: /Download bill/ })
        .getAttribute('href'),
    ).toBe('/api/user/my/order/o-9/invoice?lang=en');
    const upi = await screen.findByRole('region', { name: 'Pay by UPI' });
    expect(await within(upi).findByRole('img', { name: 'QR code to pay ₹124.80 by UPI to mandi@okaxis' })).toBeTruthy();
  });

  it('cancels a Processing order after "Are you sure?", and Keep order or Escape keeps it', async () => {
    let current = weighed();
    const calls = stubFetch(
      (call) => {
        if (call.method === 'PUT' && call.path === '/api/user/my/order/o-9/cancel') {
          current = { ...current, status: 'Cancelled' };
          return { body: { success: true, order: current } };
        }
        if (call.path === '/api/user/my/order/o-9') return { body: { success: true, order: current } };
        return undefined;
      },
      { user: shopper },
    );
    const user = userEvent.setup();
    renderAt(at, routes);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, cancel order' }));
    expect(screen.getByText(/Are you sure\?/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep order' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel order' }));

    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, cancel order' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Yes, cancel order' })).toBeNull();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('This order is cancelled.')).toBeTruthy());
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('shows why a cancel was refused', async () => {
    stubFetch(
      (call) => {
        if (call.method === 'PUT')
          return { status: 409, body: { success: false, message: 'This order is already Shipped' } };
        if (call.path === '/api/user/my/order/o-9') return { body: { success: true, order: weighed() } };
        return undefined;
      },
      { user: shopper },
    );
    const user = userEvent.setup();
    renderAt(at, routes);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This order is already Shipped');
  });

  it('offers no cancel once Shipped', async () => {
    stubFetch(
      (call) =>
        call.path === '/api/user/my/order/o-9'
          ? { body: { success: true, order: weighed({ status: 'Shipped' }) } }
          : undefined,
      { user: shopper },
    );
    renderAt(at, routes);
    await screen.findByRole('list', { name: 'Order items' });
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });
});

describe('my orders, sold by weight', () => {
  it('shows the amount due, whether it is an estimate, and Cancelled', async () => {
    const mine = [
      { ...order('o-7', 'Cancelled', 0), estimatedTotal: 90 },
      { ...order('o-6', 'Processing', 124.8), packedAt: '2026-03-13T04:00:00.000Z', estimatedTotal: 280 },
      { ...order('o-5', 'Processing', 280), packedAt: null, estimatedTotal: 280 },
    ];
    stubFetch(
      (call) =>
        call.path === '/api/user/my/orders' ? { body: { success: true, myOrders: mine, orders: mine } } : undefined,
      { user: shopper },
    );
    renderAt('/Order/MyOrder', { '/Order/MyOrder': <MyOrdersPage /> });
    const list = await screen.findByRole('list', { name: 'Orders' });
    const [cancelled, packedOrder, waiting] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(cancelled as HTMLElement).getByText('Cancelled')).toBeTruthy();
    expect(within(packedOrder as HTMLElement).getByText('Total ₹124.80')).toBeTruthy();
    expect(within(packedOrder as HTMLElement).getByText('Final bill on the packed weights')).toBeTruthy();
    expect(within(waiting as HTMLElement).getByText('Estimate: final amount after weighing')).toBeTruthy();
  });
});
