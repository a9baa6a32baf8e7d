import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, pathnameOf, renderAt, renderRoutes, shopper, stubFetch } from '../../../test-utils';
import { cartStore } from '../../cart';
import { readDeliverySlot, saveDeliverySlot, saveShippingInfo } from '../checkout-storage';
import CheckoutPage from './checkout-page';
import ConfirmOrderPage from './confirm-order-page';
import OrderPlacedPage from './order-placed-page';

const shipping = { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };
const slot = { _id: 's-morning', date: '2026-11-24', start: '07:00', end: '09:00' };
const pune = { _id: 'z-pune', name: 'Pune', pinPrefixes: ['411'], minOrder: 0, deliveryFee: 40, freeAbove: 500 };
const routes = { '/Order/Confirm': <ConfirmOrderPage /> };

const orderCalls = (calls: Call[]) => calls.filter((call) => call.path === '/api/user/new/order');

/** The pin code check of a Pune zone; `placing` answers the order. */
function server(placing: (call: Call) => { status?: number; body: unknown }) {
  return (call: Call) => {
    if (pathnameOf(call).startsWith('/api/delivery/pincode/')) {
      return {
        body: { success: true, serviceable: true, zone: pune, message: 'We deliver to 411001: Pune, free above ₹500' },
      };
    }
    if (call.path === '/api/delivery/slots?pinCode=411001') {
      return {
        body: {
          success: true,
          slots: [
            { ...slot, remaining: 0, isAvailable: false },
            { _id: 's-evening', date: '2026-11-24', start: '18:00', end: '20:00', remaining: 2, isAvailable: true },
          ],
        },
      };
    }
    if (call.path === '/api/user/new/order') return placing(call);
    return undefined;
  };
}

beforeEach(() => {
  cartStore.clear();
  sessionStorage.clear();
  cartStore.addItem({
    id: 'p-mango',
    name: 'Alphonso Mango',
    rate: 180,
    stocks: 20,
    kilogramOption: [0.5, 1, 2],
    image: '/img/p-mango',
    quantity: 1,
  });
  saveShippingInfo(shipping);
  saveDeliverySlot(slot);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('confirm order with a delivery slot', { timeout: 15_000 }, () => {
  it("shows the slot and the zone's fee, sends the slot as slotId and shows it and the order number on the thank-you page", async () => {
    const calls = stubFetch(
      server(() => ({
        status: 201,
        body: {
          success: true,
          message: 'Order placed',
          order: { _id: 'o-1', orderNumber: 1042, deliverySlot: slot, shippingCharge: 40 },
        },
      })),
      { user: shopper },
    );
    const user = userEvent.setup();
    renderAt('/Order/Confirm', { ...routes, '/Order/Placed': <OrderPlacedPage /> });
    const shippingTable = screen.getByRole('region', { name: 'Shipping Info' });
    expect(within(shippingTable).getByRole('rowheader', { name: 'Delivery' }).nextElementSibling?.textContent).toBe(
      'Tue 24 Nov, 7:00–9:00',
    );
    const totals = screen.getByRole('region', { name: 'Order total' });
    expect((await within(totals).findByText('Shipping Charge')).nextElementSibling?.textContent).toBe('₹40');
    expect(within(totals).getByText('Total').nextElementSibling?.textContent).toBe('₹220');

    await within(shippingTable).findByText('Asha Patel');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText('Delivery:', { exact: false })).toBeTruthy();
    expect(screen.getByText('Tue 24 Nov, 7:00–9:00')).toBeTruthy();
    // The number to read out on the phone, not the order's id.
    expect(screen.getByTestId('order-number').textContent).toBe('Your order number: #1042');
    expect(screen.queryByText(/o-1/)).toBeNull();
    const [sent] = orderCalls(calls);
    expect(sent?.body).toMatchObject({ slotId: 's-morning', shippingInfo: shipping });
    expect(readDeliverySlot()).toBeNull();
  });

  it('brings the shopper back to the slot picker on a 409 about the slot, cart intact', async () => {
    const calls = stubFetch(
      server(() => ({
        status: 409,
        body: { success: false, message: 'The delivery slot Tue 24 Nov 07:00–09:00 is full' },
      })),
      { user: shopper },
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAt('/Order/Confirm', { ...routes, '/Order/Checkout': <CheckoutPage /> });
    await within(screen.getByRole('region', { name: 'Shipping Info' })).findByText('Asha Patel');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));

    expect(await screen.findByRole('heading', { name: 'Check Out' })).toBeTruthy();
    const problem = await screen.findByText('The delivery slot Tue 24 Nov 07:00–09:00 is full');
    expect(problem.getAttribute('role')).toBe('alert');
    // The full slot is listed but cannot be had; the other one is offered instead.
    expect(((await screen.findByRole('radio', { name: '18:00–20:00, 2 left' })) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('radio', { name: '7:00–9:00, Full' }) as HTMLInputElement).disabled).toBe(true);
    expect(cartStore.getItems().map((item) => [item.id, item.quantity])).toEqual([['p-mango', 1]]);
    expect((screen.getByLabelText('Pin Code') as HTMLInputElement).value).toBe('411001');
    expect(alert).not.toHaveBeenCalled();
    expect(orderCalls(calls)).toHaveLength(1);
    // A new attempt gets a new key.
    expect(sessionStorage.getItem('mandi-order-key')).toBeNull();
  });

  it("keeps the spec's alert for any other 409 (stock)", async () => {
    stubFetch(
      server(() => ({ status: 409, body: { success: false, message: 'Only 0.5 Kg of Alphonso Mango left' } })),
      {
        user: shopper,
      },
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAt('/Order/Confirm', routes);
    await within(screen.getByRole('region', { name: 'Shipping Info' })).findByText('Asha Patel');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Only 0.5 Kg of Alphonso Mango left'));
    expect(screen.getByRole('heading', { name: 'Confirm Order' })).toBeTruthy();
  });

  it('sends no slotId and shows no delivery row when the shop has no slots', async () => {
    saveDeliverySlot(null);
    const calls = stubFetch(
      (call) =>
        call.path === '/api/user/new/order'
          ? { status: 201, body: { success: true, message: 'Order placed', order: { _id: 'o-2', deliverySlot: null } } }
          : undefined,
      { user: shopper },
    );
    const user = userEvent.setup();
    renderAt('/Order/Confirm', routes);
    const shippingTable = screen.getByRole('region', { name: 'Shipping Info' });
    await within(shippingTable).findByText('Asha Patel');
    expect(within(shippingTable).queryByRole('rowheader', { name: 'Delivery' })).toBeNull();
    expect(screen.getByText('Free Shipping For You')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/Order/Placed {"firstName":"Asha"}');
    expect(orderCalls(calls)[0]?.body).not.toHaveProperty('slotId');
  });
});

describe('the thank-you page', () => {
  it('tells a khata order nothing is due at the door, and a cash order to pay on delivery', () => {
    const placedRoute = <Route path="/Order/Placed" element={<OrderPlacedPage />} />;
    const view = renderRoutes(
      { pathname: '/Order/Placed', state: { firstName: 'Asha', orderNumber: 1042, paymentTerms: 'Khata' } },
      placedRoute,
    );
    expect(
      screen.getByText('This order goes on your khata: nothing to pay at the door. You can follow it under My Orders.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Pay cash on delivery/)).toBeNull();
    view.unmount();
    renderRoutes({ pathname: '/Order/Placed', state: { firstName: 'Asha', orderNumber: 1043 } }, placedRoute);
    expect(screen.getByText('Pay cash on delivery. You can follow your order under My Orders.')).toBeTruthy();
  });
});
