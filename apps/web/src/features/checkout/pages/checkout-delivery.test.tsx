import { MESSAGES } from '@mandi/shared';
import type { Slot, Zone } from '@mandi/shared/delivery';
import { addDays, shopDateOf } from '@mandi/shared/kernel';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, pathnameOf, product, renderAdmin, renderAt, shopper, stubFetch } from '../../../test-utils';
import { cartStore } from '../../cart';
import { readDeliverySlot, readShippingInfo, saveDeliverySlot, saveShippingInfo } from '../checkout-storage';
import { minimumShortfall } from '../components/price-summary';
import CheckoutPage from './checkout-page';

const mango = product('p-mango', 'Alphonso Mango', 180);
const routes = { '/Order/Checkout': <CheckoutPage /> };

const shopDate = (offsetDays: number) => addDays(shopDateOf(new Date()), offsetDays);
const today = shopDate(0);
const tomorrow = shopDate(1);

// Typed by the server's answer schemas, so a fixture cannot drift from what the API sends.
const pune = {
  _id: 'z-pune',
  name: 'Pune',
  pinPrefixes: ['411'],
  minOrder: 100,
  deliveryFee: 40,
  freeAbove: 500,
} satisfies Zone;
const slots: Slot[] = [
  { _id: 's-full', date: today, start: '07:00', end: '09:00', remaining: 0, isAvailable: false },
  { _id: 's-closed', date: today, start: '18:00', end: '20:00', remaining: null, isAvailable: false },
  { _id: 's-morning', date: tomorrow, start: '07:00', end: '09:00', remaining: 3, isAvailable: true },
  { _id: 's-evening', date: tomorrow, start: '18:00', end: '20:00', remaining: null, isAvailable: true },
];

/** The delivery routes of a shop with a Pune zone (411…) and the slots above. */
function deliveryServer(call: Call) {
  const pathname = pathnameOf(call);
  const pin = pathname.match(/^\/api\/delivery\/pincode\/(.*)$/)?.[1];
  if (pin === '411001') {
    return {
      body: { success: true, serviceable: true, zone: pune, message: 'We deliver to 411001: Pune, free above ₹500' },
    };
  }
  if (pin === '400000')
    return { status: 400, body: { success: false, message: 'pinCode: Pin Code Should Be 6 Digit..!!' } };
  if (pin) {
    return {
      body: { success: true, serviceable: false, zone: null, message: `Sorry, we do not deliver to ${pin} yet` },
    };
  }
  if (pathname === '/api/delivery/slots') return { body: { success: true, slots } };
  return undefined;
}

async function fillShipping(user: ReturnType<typeof userEvent.setup>, pinCode: string) {
  await user.type(await screen.findByLabelText('Pin Code'), pinCode);
  await user.type(screen.getByLabelText('Address'), '12 MG Road');
  await user.type(screen.getByLabelText('City'), 'Pune');
  await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
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
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// Typing a whole form is slow on a busy machine; the first test also warms the page up.
describe('checkout delivery', { timeout: 15_000 }, () => {
  it('checks a served PIN code as soon as it has 6 digits: message, fee and minimum in the summary, slots offered', async () => {
    const calls = stubFetch(deliveryServer, { user: shopper, products: [mango] });
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    const pin = await screen.findByLabelText('Pin Code');
    await user.type(pin, '41100');
    expect(calls.some((call) => call.path.startsWith('/api/delivery'))).toBe(false);
    await user.type(pin, '1');

    const status = await screen.findByText('We deliver to 411001: Pune, free above ₹500');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(pin.getAttribute('aria-describedby')).toContain(status.id);

    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Shipping Charge').nextElementSibling?.textContent).toBe('₹40');
    expect(within(summary).getByText('Total').nextElementSibling?.textContent).toBe('₹220');
    // The minimum is a note under the totals, not a line among the charges: reached, it only says itself.
    const totals = within(summary).getByText('Total').closest('dl') as HTMLElement;
    expect(within(totals).queryByText('Minimum order')).toBeNull();
    expect(within(summary).getByTestId('minimum-order-note').textContent).toBe('Minimum order ₹100');

    // The first available slot is chosen, on its own day's tab.
    const morning = await screen.findByRole('radio', { name: '7:00–9:00, 3 left' });
    expect((morning as HTMLInputElement).checked).toBe(true);
    // Its day of the month, as the tab writes it ("24", "5").
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain(String(Number(tomorrow.slice(8))));
    expect(calls.filter((call) => call.path === '/api/delivery/slots?pinCode=411001')).toHaveLength(1);
  });

  it('makes the fee Free above the zone\'s "free above"', async () => {
    cartStore.clear();
    cartStore.addItem({
      id: 'p-mango',
      name: 'Alphonso Mango',
      rate: 180,
      stocks: 20,
      kilogramOption: [0.5, 1, 2, 3],
      image: '',
      quantity: 3,
    });
    stubFetch(deliveryServer, {
      user: shopper,
      products: [product('p-mango', 'Alphonso Mango', 180, 20, ['0.5', '1', '2', '3'])],
    });
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    await user.type(await screen.findByLabelText('Pin Code'), '411001');
    await screen.findByText('We deliver to 411001: Pune, free above ₹500');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Shipping Charge').nextElementSibling?.textContent).toBe('Free');
    expect(within(summary).getByText('Total').nextElementSibling?.textContent).toBe('₹540');
  });

  it('says when the shop does not deliver to a PIN code, offers no slot and refuses Next', async () => {
    const calls = stubFetch(deliveryServer, { user: shopper, products: [mango] });
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    await fillShipping(user, '560001');
    const status = await screen.findByText('Sorry, we do not deliver to 560001 yet');
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(calls.some((call) => pathnameOf(call) === '/api/delivery/slots')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = screen.getAllByRole('alert').find((element) => element.textContent);
    expect(alert?.textContent).toBe('Sorry, we do not deliver to 560001 yet');
    expect(readShippingInfo()).toBeNull();
  });

  it("shows the server's 400 and, for a short or not Indian PIN code, its message on Check without asking the server", async () => {
    const calls = stubFetch(deliveryServer, { user: shopper, products: [mango] });
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    const pin = await screen.findByLabelText('Pin Code');
    await user.type(pin, '4110');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(MESSAGES.pinLength)).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/delivery'))).toBe(false);

    // Six digits no Indian PIN code has: said at once in the status line and on Check, never asked.
    const notIndian = 'This is not an Indian PIN code: a PIN code has 6 digits and starts with 1 to 8';
    for (const code of ['000123', '912345']) {
      await user.clear(pin);
      await user.type(pin, code);
      expect(screen.getByRole('status').textContent).toBe(notIndian);
      await user.click(screen.getByRole('button', { name: 'Check' }));
      await waitFor(() => expect(screen.getAllByText(notIndian)).toHaveLength(2));
    }
    expect(calls.some((call) => call.path.startsWith('/api/delivery'))).toBe(false);

    await user.clear(pin);
    await user.type(pin, '400000');
    expect(await screen.findByText('pinCode: Pin Code Should Be 6 Digit..!!')).toBeTruthy();
  });

  it('marks full and closed slots and keeps them out of reach', async () => {
    stubFetch(deliveryServer, { user: shopper, products: [mango] });
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    await user.type(await screen.findByLabelText('Pin Code'), '411001');
    await screen.findByRole('radio', { name: '7:00–9:00, 3 left' });
    const [todayTab] = screen.getAllByRole('tab');
    await user.click(todayTab as HTMLElement);
    const full = screen.getByRole('radio', { name: '7:00–9:00, Full' }) as HTMLInputElement;
    const closed = screen.getByRole('radio', { name: '18:00–20:00, Closed' }) as HTMLInputElement;
    expect(full.disabled).toBe(true);
    expect(closed.disabled).toBe(true);
    await user.click(full);
    expect(full.checked).toBe(false);
  });

  it('keeps the chosen slot with the shipping info and opens the confirm screen', async () => {
    stubFetch(deliveryServer, { user: shopper, products: [mango] });
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    await fillShipping(user, '411001');
    await user.click(await screen.findByRole('radio', { name: '18:00–20:00, No limit' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/Order/Confirm');
    expect(readShippingInfo()?.pinCode).toBe('411001');
    expect(readDeliverySlot()).toEqual({ _id: 's-evening', date: tomorrow, start: '18:00', end: '20:00' });
  });

  it("says what a cart below the zone's minimum lacks as soon as the zone is known, and Next refuses it", async () => {
    cartStore.clear();
    cartStore.addItem({
      id: 'p-mango',
      name: 'Alphonso Mango',
      rate: 180,
      stocks: 20,
      kilogramOption: [0.5, 1, 2],
      image: '',
      quantity: 0.5,
    });
    stubFetch(deliveryServer, { user: shopper, products: [mango] });
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    const summary = screen.getByRole('region', { name: 'Summary' });
    // Before the PIN code, the zone and its minimum are not known.
    expect(within(summary).queryByTestId('minimum-order-note')).toBeNull();
    await user.type(await screen.findByLabelText('Pin Code'), '411001');
    await screen.findByText('We deliver to 411001: Pune, free above ₹500');
    // ₹90 of mango against a ₹100 minimum, said before Next, under the Total.
    const note = await within(summary).findByTestId('minimum-order-note');
    expect(note.textContent).toBe('Minimum order ₹100: add ₹10 more to order');
    expect(within(note).getByRole('term').textContent).toBe('Minimum order');
    expect(within(note).getByRole('definition').textContent).toBe('₹100: add ₹10 more to order');
    const total = within(summary).getByText('Total');
    expect(total.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(screen.getByLabelText('Address'), '12 MG Road');
    await user.type(screen.getByLabelText('City'), 'Pune');
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await screen.findByRole('radio', { name: '7:00–9:00, 3 left' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const refusal = await screen.findByText('The minimum order for Pune is ₹100: add ₹10 more to order.');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('location')).toBeNull();
    expect(readShippingInfo()).toBeNull();
  });

  it('counts the shortfall in paise, as the server does', () => {
    expect(minimumShortfall(90, 100)).toBe(10);
    expect(minimumShortfall(149.9, 150)).toBe(0.1);
    expect(minimumShortfall(0.1 + 0.2, 0.3)).toBe(0);
    expect(minimumShortfall(150, 150)).toBe(0);
    expect(minimumShortfall(200, 150)).toBe(0);
  });

  it('asks nothing more of a shopper when the shop has no zones and no slots', async () => {
    stubFetch(
      (call) =>
        pathnameOf(call).startsWith('/api/delivery/pincode/')
          ? { body: { success: true, serviceable: true, zone: null, message: '' } }
          : pathnameOf(call) === '/api/delivery/slots'
            ? { body: { success: true, slots: [] } }
            : undefined,
      { user: shopper, products: [mango] },
    );
    const user = userEvent.setup();
    renderAt('/Order/Checkout', routes);
    await fillShipping(user, '560001');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Shipping Charge').nextElementSibling?.textContent).toBe('Free');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/Order/Confirm');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(readDeliverySlot()).toBeNull();
  });

  it('brings a shopper whose slot filled up back to the picker with the message and a fresh choice', async () => {
    saveShippingInfo({ address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' });
    saveDeliverySlot({ _id: 's-evening', date: tomorrow, start: '18:00', end: '20:00' });
    stubFetch(deliveryServer, { user: shopper, products: [mango] });
    renderAdmin(<CheckoutPage />, {
      path: '/Order/Checkout',
      state: { slotProblem: 'The slot 18:00–20:00 is full: pick another' },
    });
    const problem = await screen.findByText('The slot 18:00–20:00 is full: pick another');
    expect(problem.getAttribute('role')).toBe('alert');
    // The stored choice is dropped: the first available slot is offered again.
    const morning = await screen.findByRole('radio', { name: '7:00–9:00, 3 left' });
    await waitFor(() => expect((morning as HTMLInputElement).checked).toBe(true));
    expect(cartStore.getItems()).toHaveLength(1);
  });
});
