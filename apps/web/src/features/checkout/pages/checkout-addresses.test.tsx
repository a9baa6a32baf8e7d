/** The shipping step with saved addresses (decision 0025): offered as radio cards, or a new one saved. */
import type { SavedAddress } from '@mandi/shared/schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, pathnameOf, product, renderAt, shopper, stubFetch } from '../../../test-utils';
import { cartStore } from '../../cart';
import { readShippingInfo, saveShippingInfo } from '../checkout-storage';
import CheckoutPage from './checkout-page';

const mango = product('p-mango', 'Alphonso Mango', 180);
const routes = { '/Order/Checkout': <CheckoutPage /> };

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
const office: SavedAddress = {
  ...home,
  _id: 'a-office',
  label: 'Office',
  address: '4 FC Road',
  pinCode: '411004',
  lastUsedAt: null,
};

function serve(addresses: SavedAddress[]): Call[] {
  return stubFetch(
    (call) => {
      if (pathnameOf(call) !== '/api/user/my/addresses') return undefined;
      if (call.method === 'POST') {
        const address = { ...office, _id: 'a-new', ...(call.body as object) };
        return { status: 201, body: { success: true, message: 'Address saved', address } };
      }
      return { body: { success: true, addresses } };
    },
    { user: shopper, products: [mango] },
  );
}

beforeEach(() => {
  cartStore.clear();
  sessionStorage.clear();
  cartStore.addItem({
    id: 'p-mango',
    name: 'Alphonso Mango',
    rate: 180,
    stocks: 20,
    kilogramOption: [0.5, 1],
    image: '/img/p-mango',
    quantity: 1,
  });
});
afterEach(() => vi.unstubAllGlobals());

const next = async () => {
  const button = await screen.findByRole('button', { name: 'Next' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  return button;
};

describe('checkout with saved addresses', () => {
  it('offers them with the last used chosen and filled in; Next takes it to the confirm screen', async () => {
    serve([home, office]);
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    const homeCard = await screen.findByRole('radio', { name: /Home.*12 MG Road/ });
    expect((homeCard as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Deliver to' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Office/ })).toBeTruthy();
    // The fields come from the card: the form's own inputs are not shown.
    expect(screen.queryByLabelText('Address')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Remember it for my next order' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: /Office/ }));
    await user.click(await next());
    expect((await screen.findByTestId('location')).textContent).toBe('/Order/Confirm');
    expect(readShippingInfo()).toEqual({
      address: '4 FC Road',
      city: 'Pune',
      mobileNumber: '9876543210',
      pinCode: '411004',
    });
  });

  it('shows the spec’s form for a new address and saves it when asked, named Office after Home', async () => {
    const calls = serve([home]);
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    await user.click(await screen.findByRole('radio', { name: 'Use a new address' }));
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('Pin Code').getAttribute('type')).toBe('number');
    await user.type(screen.getByLabelText('Pin Code'), '411038');
    await user.type(screen.getByLabelText('Address'), '7 Law College Road');
    await user.type(screen.getByLabelText('City'), 'Pune');
    await user.type(screen.getByLabelText('Mobile Number'), '9000000001');
    await user.click(screen.getByRole('checkbox', { name: 'Remember it for my next order' }));
    expect((screen.getByLabelText('Save it as') as HTMLInputElement).value).toBe('Office');

    // Back to the saved one and again to the new one: what was typed is still there.
    await user.click(screen.getByRole('radio', { name: /Home/ }));
    await user.click(screen.getByRole('radio', { name: 'Use a new address' }));
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('7 Law College Road');

    await user.click(await next());
    expect((await screen.findByTestId('location')).textContent).toBe('/Order/Confirm');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { label: 'Office', address: '7 Law College Road', city: 'Pune', mobileNumber: '9000000001', pinCode: '411038' },
    ]);
  });

  it('shows the spec’s form with "Remember it for my next order" when none are saved; unchecked, nothing is saved', async () => {
    const calls = serve([]);
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    expect(await screen.findByRole('checkbox', { name: 'Remember it for my next order' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    await user.type(screen.getByLabelText('Pin Code'), '411001');
    await user.type(screen.getByLabelText('Address'), '12 MG Road');
    await user.type(screen.getByLabelText('City'), 'Pune');
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.click(await next());
    expect((await screen.findByTestId('location')).textContent).toBe('/Order/Confirm');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('back from the confirm screen, keeps the address of this checkout chosen', async () => {
    saveShippingInfo({ address: '4 FC Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411004' });
    serve([home, office]);
    renderAt('/Order/Checkout', routes);
    expect(((await screen.findByRole('radio', { name: /Office/ })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Home/ }) as HTMLInputElement).checked).toBe(false);
  });
});
