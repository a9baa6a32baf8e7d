/**
 * The checkout and the confirm screen without a network (issue 42): the saved addresses as last
 * read, plain words under the PIN code instead of the browser's "Failed to fetch", Next that does
 * not wait for the network, and a confirm that is queued, said so, and sent once when it returns.
 */
import type { SavedAddress } from '@mandi/shared/schemas';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Call,
  type Handler,
  pathnameOf,
  product,
  renderAt,
  renderRoutes,
  shopper,
  stubFetch,
} from '../../../test-utils';
import { cartStore } from '../../cart';
import { readShippingInfo, saveShippingInfo } from '../checkout-storage';
import { QueuedOrderSlot } from '../components/queued-order-slot';
import CheckoutPage from './checkout-page';
import ConfirmOrderPage from './confirm-order-page';

const home: SavedAddress = {
  _id: 'a-home',
  label: 'Home',
  address: '12 MG Road',
  city: 'Pune',
  mobileNumber: '9876543210',
  pinCode: '411001',
  lastUsedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
};
const mango = product('p-mango', 'Alphonso Mango', 180);

/** The browser's own word for the network, and a server that answers only while there is one. */
let isOnline = true;
function serve(answer: Handler = () => undefined): Call[] {
  return stubFetch(
    (call) => {
      // The session is known to the page (its slot, or the shopper remembered for offline starts).
      if (!isOnline && pathnameOf(call) !== '/api/user/getloggeduser') throw new TypeError('Failed to fetch');
      return answer(call);
    },
    { user: shopper, products: [mango] },
  );
}

function goOnline() {
  isOnline = true;
  window.dispatchEvent(new Event('online'));
}

beforeEach(() => {
  isOnline = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => isOnline);
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
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
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  // The query library's own idea of the network is shared by the files of this worker.
  onlineManager.setOnline(true);
});

describe('checkout without a network', () => {
  it('offers the saved address last read, says plainly what waits for the network, and goes on to confirm', async () => {
    serve((call) =>
      pathnameOf(call) === '/api/user/my/addresses' ? { body: { success: true, addresses: [home] } } : undefined,
    );
    const routes = { '/Order/Checkout': <CheckoutPage /> };
    // Read once online (and so kept), then opened again without a network.
    const online = renderAt('/Order/Checkout', routes);
    await screen.findByRole('radio', { name: /Home.*12 MG Road/ });
    online.unmount();
    isOnline = false;
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    const homeCard = await screen.findByRole('radio', { name: /Home.*12 MG Road/ });
    expect((homeCard as HTMLInputElement).checked).toBe(true);
    expect(
      await screen.findByText(
        'You are offline: the delivery to this PIN code, its charge and the earliest open slot are settled when your order is sent.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();

    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    await user.click(next);
    expect((await screen.findByTestId('location')).textContent).toBe('/Order/Confirm');
    expect(readShippingInfo()).toEqual({
      address: '12 MG Road',
      city: 'Pune',
      mobileNumber: '9876543210',
      pinCode: '411001',
    });
  });
});

describe('confirming without a network', () => {
  const placed = {
    status: 201,
    body: { success: true, message: 'Order placed', order: { orderNumber: 1042, subtotal: 180 } },
  };

  function renderConfirm() {
    return renderRoutes(
      '/Order/Confirm',
      <>
        <Route path="/Order/Confirm" element={<ConfirmOrderPage />} />
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/Order/Checkout" element={<p>Checkout page</p>} />
      </>,
      <QueuedOrderSlot />,
    );
  }

  it('queues the order on this screen, says so, and sends it once with its key when the network returns', async () => {
    saveShippingInfo({ address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' });
    const calls = serve((call) => (call.path === '/api/user/new/order' ? placed : undefined));
    const user = userEvent.setup();
    renderConfirm();
    await screen.findByText('Asha Patel');
    isOnline = false;
    window.dispatchEvent(new Event('offline'));
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));

    // Saved here, not sent, and the notice that sends it is on the page.
    expect(
      await screen.findByText(
        'Your order is saved on this phone. It will be sent by itself as soon as you are back online: there is no need to confirm it again.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('You are offline. Your order will be sent when you are back online.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm Order' })).toBeNull();
    const orders = () => calls.filter((call) => call.path === '/api/user/new/order');
    expect(orders()).toHaveLength(0);

    goOnline();
    expect(await screen.findByText('Your order #1042 has been placed.')).toBeTruthy();
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(orders()).toHaveLength(1);
    expect(orders()[0]?.body).toMatchObject({
      cartItems: [{ id: 'p-mango', quantity: 1 }],
      idempotencyKey: expect.any(String),
    });
    expect(cartStore.getItems()).toEqual([]);
    expect(localStorage.getItem('mandi-queued-order')).toBeNull();
  });

  it('says the delivery charge is added when sent, rather than free, when the PIN code could not be checked', async () => {
    saveShippingInfo({ address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' });
    isOnline = false;
    serve();
    renderConfirm();
    expect(await screen.findByText('Added when your order is sent')).toBeTruthy();
    expect(screen.queryByText('Free Shipping For You')).toBeNull();
  });
});
