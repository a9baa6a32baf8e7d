import { MESSAGES } from '@mandi/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { product, renderAt, shopper, stubFetch } from '../../../test-utils';
import { type CartItem, cartStore } from '../../cart';
import { checkoutTexts } from '../checkout.texts';
import { readShippingInfo } from '../checkout-storage';
import CheckoutPage from './checkout-page';

const ESTIMATE_NOTE = checkoutTexts.estimateNote.message;
const UNAVAILABLE_ITEMS_MESSAGE = checkoutTexts.unavailableItems.message;
const SHORT_ITEMS_MESSAGE = checkoutTexts.shortItems.message;

const mango = product('p-mango', 'Alphonso Mango', 180);
const apple = product('p-apple', 'Red Apple', 120.5);

function cartItem(id: string, name: string, rate: number, quantity: number, stocks = 20): CartItem {
  return { id, name, rate, stocks, kilogramOption: [0.5, 1, 2], image: `/img/${id}`, quantity };
}

const routes = { '/Order/Checkout': <CheckoutPage /> };

beforeEach(() => {
  cartStore.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('checkout page', () => {
  it('shows the empty cart with a link to the products', async () => {
    stubFetch(undefined, { user: shopper });
    renderAt('/Order/Checkout', routes);
    expect(await screen.findByText(MESSAGES.cartEmpty)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Products' }).getAttribute('href')).toBe('/products');
    expect(document.title).toBe('Check Out');
  });

  it('shows a visitor with items a Login button instead of the form', async () => {
    cartStore.addItem(cartItem('p-mango', 'Alphonso Mango', 180, 1));
    stubFetch(undefined, { user: null, products: [mango] });
    renderAt('/Order/Checkout', routes);
    expect((await screen.findByRole('link', { name: 'Login' })).getAttribute('href')).toBe('/Login');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('lists the cart with totals, lets the weight change and an item be removed', async () => {
    cartStore.addItem(cartItem('p-mango', 'Alphonso Mango', 180, 1));
    cartStore.addItem(cartItem('p-apple', 'Red Apple', 120.5, 0.5));
    stubFetch(undefined, { user: shopper, products: [mango, apple] });
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);

    const cartToggle = await screen.findByRole('button', { name: /Cart\s*2 items/ });
    expect(cartToggle.getAttribute('aria-expanded')).toBe('true');
    const lines = screen.getAllByTestId('checkout-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0] as HTMLElement).getByText('₹180 per Kg')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Sub Total').nextElementSibling?.textContent).toBe('₹240.25');
    expect(within(summary).getByText('Shipping Charge').nextElementSibling?.textContent).toBe('By your PIN code');

    await user.selectOptions(screen.getByLabelText('Quantity of Alphonso Mango'), '2');
    expect(cartStore.getItems().find((item) => item.id === 'p-mango')?.quantity).toBe(2);
    expect(within(summary).getByText('Total').nextElementSibling?.textContent).toBe('₹420.25');
    // The total is an estimate: produce is billed on the weight packed.
    expect(within(summary).getByText(ESTIMATE_NOTE)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove Red Apple' }));
    expect(cartStore.getItems().map((item) => item.id)).toEqual(['p-mango']);
    expect(screen.getByRole('button', { name: /Cart\s*1 item/ })).toBeTruthy();

    const toggle = screen.getByRole('button', { name: /Cart\s*1 item/ });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('checkout-line').closest('ul')?.hidden).toBe(true);
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('checks the shipping form in its fixed order, then saves it and opens the confirm screen', async () => {
    cartStore.addItem(cartItem('p-mango', 'Alphonso Mango', 180, 1));
    stubFetch(undefined, { user: shopper, products: [mango] });
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);

    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Asha Patel');
    expect((screen.getByLabelText('Name') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByLabelText('Mobile Number').getAttribute('type')).toBe('number');
    expect(screen.getByLabelText('Pin Code').getAttribute('type')).toBe('number');
    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    const alert = () => screen.getByRole('alert').textContent;

    await user.click(next);
    expect(alert()).toBe(MESSAGES.mobileLength);
    await user.type(screen.getByLabelText('Mobile Number'), '987654321');
    await user.click(next);
    expect(alert()).toBe(MESSAGES.mobileLength);
    await user.type(screen.getByLabelText('Mobile Number'), '0');
    await user.click(next);
    expect(alert()).toBe(MESSAGES.pinLength);
    await user.type(screen.getByLabelText('Pin Code'), '411001');
    await user.click(next);
    expect(alert()).toBe(MESSAGES.allFieldsRequired);
    await user.type(screen.getByLabelText('Address'), '   ');
    await user.type(screen.getByLabelText('City'), 'Pune');
    await user.click(next);
    expect(alert()).toBe(MESSAGES.allFieldsRequired);
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), ' 12 MG Road ');
    await user.click(next);

    expect((await screen.findByTestId('location')).textContent).toBe('/Order/Confirm');
    expect(readShippingInfo()).toEqual({
      address: '12 MG Road',
      city: 'Pune',
      mobileNumber: '9876543210',
      pinCode: '411001',
    });
  });

  it('clears a validation message after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    cartStore.addItem(cartItem('p-mango', 'Alphonso Mango', 180, 1));
    stubFetch(undefined, { user: shopper, products: [mango] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/Order/Checkout', routes);
    const next = await screen.findByRole('button', { name: 'Next' });
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    await user.click(next);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.mobileLength);
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.mobileLength);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('keeps the saved shipping form when the page is opened again', async () => {
    sessionStorage.setItem(
      'mandi-shipping-info',
      JSON.stringify({ address: '5 Park Street', city: 'Kolkata', mobileNumber: '9123456780', pinCode: '700016' }),
    );
    cartStore.addItem(cartItem('p-mango', 'Alphonso Mango', 180, 1));
    stubFetch(undefined, { user: shopper, products: [mango] });
    renderAt('/Order/Checkout', routes);
    expect(((await screen.findByLabelText('City')) as HTMLInputElement).value).toBe('Kolkata');
    expect((screen.getByLabelText('Pin Code') as HTMLInputElement).value).toBe('700016');
  });

  it("refreshes items from the server and holds back a product that is gone or sold out until it's removed", async () => {
    cartStore.addItem(cartItem('p-mango', 'Mango (old name)', 150, 1));
    cartStore.addItem(cartItem('p-gone', 'Old Cheese', 400, 0.5));
    cartStore.addItem(cartItem('p-apple', 'Red Apple', 120.5, 0.5));
    stubFetch(undefined, { user: shopper, products: [mango, { ...apple, stocks: 0 }] });
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);

    expect(await screen.findByText('This product is no longer sold. Remove it to continue.')).toBeTruthy();
    expect(screen.getByText('Out of stock. Remove it to continue.')).toBeTruthy();
    const refreshed = cartStore.getItems().find((item) => item.id === 'p-mango');
    expect(refreshed).toMatchObject({ name: 'Alphonso Mango', rate: 180, image: '/img/p-mango' });
    expect(screen.getByText('Alphonso Mango')).toBeTruthy();

    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.type(screen.getByLabelText('Pin Code'), '411001');
    await user.type(screen.getByLabelText('Address'), '12 MG Road');
    await user.type(screen.getByLabelText('City'), 'Pune');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe(UNAVAILABLE_ITEMS_MESSAGE);
    expect(cartStore.getItems()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Remove Old Cheese' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe(UNAVAILABLE_ITEMS_MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Remove Red Apple' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/Order/Confirm');
  });

  it('asks for a smaller weight when less stock is left than chosen', async () => {
    cartStore.addItem(cartItem('p-mango', 'Alphonso Mango', 180, 2));
    stubFetch(undefined, { user: shopper, products: [{ ...mango, stocks: 1.2 }] });
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    expect(await screen.findByText('Only 1.2 Kg left. Choose a smaller quantity or remove it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe(SHORT_ITEMS_MESSAGE);
    await user.selectOptions(screen.getByLabelText('Quantity of Alphonso Mango'), '1');
    expect(screen.queryByText(/Only 1.2 Kg left/)).toBeNull();
  });
});
