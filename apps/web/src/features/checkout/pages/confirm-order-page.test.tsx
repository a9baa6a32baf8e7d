import { MESSAGES } from '@mandi/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, renderAt, shopper, stubFetch } from '../../../test-utils';
import { cartStore } from '../../cart';
import { checkoutTexts } from '../checkout.texts';
import { readShippingInfo, saveShippingInfo } from '../checkout-storage';
import ConfirmOrderPage from './confirm-order-page';

const ESTIMATE_NOTE = checkoutTexts.estimateNote.message;

const shipping = { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };
const routes = { '/Order/Confirm': <ConfirmOrderPage /> };

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
    quantity: 1.5,
  });
  saveShippingInfo(shipping);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const orders = (requests: Call[]) => requests.filter((r) => r.path === '/api/user/new/order');

describe('confirm order page', () => {
  it('shows the order and shipping tables and the totals', async () => {
    stubFetch(undefined, { user: shopper });
    renderAt('/Order/Confirm', routes);
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    const row = within(summary).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Alphonso Mango', '1.5 Kg', '₹180/Kg', '₹270']);
    const shippingTable = screen.getByRole('region', { name: 'Shipping Info' });
    expect(await within(shippingTable).findByText('Asha Patel')).toBeTruthy();
    for (const value of Object.values(shipping)) expect(within(shippingTable).getByText(value)).toBeTruthy();
    expect(screen.getByText('Free Shipping For You')).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Order total' });
    expect(within(totals).getByText('Subtotal').nextElementSibling?.textContent).toBe('₹270');
    expect(within(totals).getByText('Total').nextElementSibling?.textContent).toBe('₹270');
    expect(within(totals).getByText(ESTIMATE_NOTE)).toBeTruthy();
    expect(document.title).toBe('Confirm Order');
  });

  it("reads today's rates into the cart and says so when the rates changed since the page opened; nothing is placed", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const message =
      'Rates changed since you opened this page: the items now come to ₹300 (not ₹270). Check the new total and confirm again';
    stubFetch(
      (request) => {
        if (request.path === '/api/user/new/order') {
          return {
            status: 409,
            body: {
              success: false,
              message,
              code: 'ratesChangedSinceConfirm',
              values: { subtotal: '₹300', shown: '₹270' },
            },
          };
        }
        if (request.path.startsWith('/api/product/getSingleProduct/p-mango')) {
          return {
            body: {
              success: true,
              product: {
                _id: 'p-mango',
                name: 'Alphonso Mango',
                rate: 200,
                stocks: 20,
                url: '/img/p-mango',
                kilogramOption: [{ $numberDecimal: '0.5' }, { $numberDecimal: '1.5' }, { $numberDecimal: '2' }],
                unit: 'kg',
              },
            },
          };
        }
        return undefined;
      },
      { user: shopper },
    );
    const user = userEvent.setup();
    renderAt('/Order/Confirm', routes);
    await within(screen.getByRole('region', { name: 'Shipping Info' })).findByText('Asha Patel');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
    expect(cartStore.getItems()[0]?.rate).toBe(200);
    const totals = screen.getByRole('region', { name: 'Order total' });
    expect(within(totals).getByText('Subtotal').nextElementSibling?.textContent).toBe('₹300');
    expect(screen.getByRole('heading', { name: /Confirm/ })).toBeTruthy();
  });

  it('sends only ids and weights with one key, then clears the cart and says thanks', async () => {
    const requests = stubFetch(
      (request) =>
        request.path === '/api/user/new/order'
          ? { status: 201, body: { success: true, message: 'Order placed', order: { _id: 'o-1' } } }
          : undefined,
      { user: shopper },
    );
    const user = userEvent.setup();
    renderAt('/Order/Confirm', routes);
    await within(screen.getByRole('region', { name: 'Shipping Info' })).findByText('Asha Patel');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/Order/Placed {"firstName":"Asha"}');
    const [sent] = orders(requests);
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({
      cartItems: [{ id: 'p-mango', quantity: 1.5 }],
      shippingInfo: shipping,
      userId: 'u-1',
      total: 270,
      idempotencyKey: expect.any(String),
      // The subtotal on screen: another amount at today's rates is refused (decision 0055).
      expectedSubtotal: 270,
    });
    expect(cartStore.getItems()).toEqual([]);
    expect(readShippingInfo()).toBeNull();
    expect(sessionStorage.getItem('mandi-order-key')).toBeNull();
  });

  it('offers a shopper with a khata the choice, and sends Khata when chosen', async () => {
    const khata = {
      userId: 'u-1',
      name: 'Asha Patel',
      email: 'asha@example.com',
      mobile: '9876543210',
      language: 'en',
      creditLimit: 1000,
      balance: 0,
      pending: 0,
      available: 1000,
      oldestUnpaidDays: null,
      aging: { days0to7: 0, days8to30: 0, days31plus: 0 },
      reminderUrl: null,
      openedAt: '2026-11-01T04:30:00.000Z',
    };
    const requests = stubFetch(
      (request) =>
        request.path === '/api/user/my/khata?orNone=true'
          ? { body: { success: true, account: khata, entries: [] } }
          : request.path === '/api/user/new/order'
            ? { status: 201, body: { success: true, message: 'Order placed', order: { _id: 'o-1' } } }
            : undefined,
      { user: shopper },
    );
    const user = userEvent.setup();
    renderAt('/Order/Confirm', routes);
    const cod = (await screen.findByRole('radio', { name: 'Cash on delivery' })) as HTMLInputElement;
    expect(cod.checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Khata (₹1,000 available)' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await screen.findByTestId('location');
    expect(orders(requests)[0]?.body).toMatchObject({ paymentMethod: 'Khata', total: 270 });
  });

  it('alerts the server message on failure, stays, and retries with the same key', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const requests = stubFetch(
      (request) =>
        request.path === '/api/user/new/order'
          ? { status: 409, body: { success: false, message: 'Not enough stock for Alphonso Mango' } }
          : undefined,
      { user: shopper },
    );
    const user = userEvent.setup();
    renderAt('/Order/Confirm', routes);
    await within(screen.getByRole('region', { name: 'Shipping Info' })).findByText('Asha Patel');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Not enough stock for Alphonso Mango'));
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
    const keys = orders(requests).map((request) => (request.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(screen.getByRole('heading', { name: 'Confirm Order' })).toBeTruthy();
    expect(cartStore.getItems()).toHaveLength(1);
  });

  it('asks a visitor to log in instead of ordering', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const requests = stubFetch(undefined, { user: null });
    const user = userEvent.setup();
    renderAt('/Order/Confirm', routes);
    await waitFor(() => expect(requests.some((r) => r.path === '/api/user/getloggeduser')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(alert).toHaveBeenCalledWith(MESSAGES.loginPlease);
    expect(orders(requests)).toEqual([]);
  });

  it('sends Cancel back to the checkout, and a deep link without shipping info or cart too', async () => {
    stubFetch(undefined, { user: shopper });
    const user = userEvent.setup();
    const view = renderAt('/Order/Confirm', routes);
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    expect(screen.getByTestId('location').textContent).toBe('/Order/Checkout');
    view.unmount();

    sessionStorage.clear();
    const again = renderAt('/Order/Confirm', routes);
    expect(screen.getByTestId('location').textContent).toBe('/Order/Checkout');
    again.unmount();

    saveShippingInfo(shipping);
    cartStore.clear();
    renderAt('/Order/Confirm', routes);
    expect(screen.getByTestId('location').textContent).toBe('/Order/Checkout');
  });
});
