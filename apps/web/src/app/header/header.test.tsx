import { MESSAGES } from '@mandi/shared';
import type { Shop } from '@mandi/shared/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../features/cart';
import type { User } from '../../lib/types';
import { type Call, shopProfile, stubFetch } from '../../test-utils';
import { Header } from './header';

let sessionUser: User | null = null;
let requests: Call[] = [];
/** What GET /api/shop answers; undefined: it never answers (the shop not known yet). */
let shop: Shop | undefined;

beforeEach(() => {
  cartStore.clear();
  sessionUser = null;
  shop = shopProfile({ demo: true });
  requests = stubFetch((call) => {
    if (call.path === '/api/shop') return shop ? { body: { success: true, shop } } : new Promise(() => {});
    if (call.path === '/api/user/getloggeduser') {
      return sessionUser
        ? { body: { success: true, user: sessionUser } }
        : { status: 401, body: { success: false, user: null, message: '' } };
    }
    if (call.path === '/api/user/logOut') return { body: { success: true, message: 'Logged out' } };
    return undefined;
  });
});

afterEach(() => vi.unstubAllGlobals());

function ShowLocation() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderHeader() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/about']}>
        <Header />
        <Routes>
          <Route path="*" element={<ShowLocation />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('header', () => {
  it('links to every page and, in the demo, opens the mock-interview tool in a new tab', async () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Features', '/#features'],
      ['Products', '/products'],
      ['Reviews', '/reviews/all'],
      ['About Us', '/about'],
    ]) {
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const external = await within(nav).findByRole('link', { name: /AI Mock Interview/ });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(external.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('names the home link after the shop', async () => {
    shop = shopProfile({ demo: false, name: 'Sharma Sabzi' });
    renderHeader();
    const home = await screen.findByRole('link', { name: 'Sharma Sabzi home' });
    expect(home.getAttribute('href')).toBe('/');
    expect(home.textContent).toBe('Sharma Sabzi');
  });

  it('shows no mock-interview link for a real shop, on the wide bar or in the phone menu', async () => {
    const user = userEvent.setup();
    shop = shopProfile({ demo: false });
    renderHeader();
    await screen.findByRole('link', { name: 'Mandi home' });
    expect(screen.queryByRole('link', { name: /AI Mock Interview/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const phoneMenu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(phoneMenu).getByRole('link', { name: 'About Us' })).toBeDefined();
    expect(within(phoneMenu).queryByRole('link', { name: /AI Mock Interview/ })).toBeNull();
  });

  it('shows the demo link in the phone menu too', async () => {
    const user = userEvent.setup();
    renderHeader();
    await screen.findByRole('link', { name: 'Mandi home' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const phoneMenu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(
      within(phoneMenu)
        .getByRole('link', { name: /AI Mock Interview/ })
        .getAttribute('target'),
    ).toBe('_blank');
  });

  it('while the shop is not known: no mock-interview link, the name’s room kept but hidden', () => {
    shop = undefined;
    renderHeader();
    expect(screen.queryByRole('link', { name: /AI Mock Interview/ })).toBeNull();
    const home = screen.getByRole('link', { name: 'Shop home' });
    expect(home.querySelector('span[aria-hidden="true"]')?.className).toContain('invisible');
  });

  it('searches with trimmed text, and goes to all products when the text is empty', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Search', expanded: false }));
    const input = screen.getByLabelText('Search products');
    expect(document.activeElement).toBe(input);
    await user.type(input, '  green chilli  {Enter}');
    expect(location()).toBe('/products/green%20chilli');
    expect(screen.queryByLabelText('Search products')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Search', expanded: false }));
    await user.type(screen.getByLabelText('Search products'), '   ');
    await user.click(within(screen.getByRole('region', { name: 'Search' })).getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/products');
  });

  it('keeps one panel open at a time; Escape and scrolling close them', async () => {
    const user = userEvent.setup();
    renderHeader();
    const searchButton = screen.getByRole('button', { name: 'Search' });
    const cartButton = screen.getByRole('button', { name: /^Cart/ });
    await user.click(searchButton);
    expect(searchButton.getAttribute('aria-expanded')).toBe('true');
    await user.click(cartButton);
    expect(searchButton.getAttribute('aria-expanded')).toBe('false');
    expect(cartButton.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(MESSAGES.cartEmpty)).toBeDefined();

    await user.keyboard('{Escape}');
    expect(cartButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(cartButton);

    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('region', { name: 'Account' })).toBeDefined();
    Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
    fireEvent.scroll(window);
    expect(screen.queryByRole('region', { name: 'Account' })).toBeNull();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('shows the cart: distinct item count, line prices, weights, removal and total', async () => {
    const user = userEvent.setup();
    cartStore.addItem({
      id: 'a',
      name: 'Tomato',
      rate: 38,
      stocks: 5,
      kilogramOption: [0.5, 1.5],
      image: '/t',
      quantity: 1.5,
    });
    cartStore.addItem({
      id: 'b',
      name: 'Paneer',
      rate: 379.5,
      stocks: 5,
      kilogramOption: [0.5],
      image: '/p',
      quantity: 0.5,
    });
    renderHeader();
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Cart, 2 items' }));
    const panel = screen.getByRole('region', { name: 'Cart' });
    expect(within(panel).getByText('₹57')).toBeDefined();
    expect(within(panel).getByText('1.5 Kg')).toBeDefined();
    expect(within(panel).getByText('₹189.75')).toBeDefined();
    expect(within(panel).getByTestId('cart-total').textContent).toBe('₹246.75');
    expect(within(panel).getByRole('link', { name: 'Go To Cart' }).getAttribute('href')).toBe('/Order/Checkout');

    await user.click(within(panel).getByRole('button', { name: 'Remove Tomato' }));
    expect(within(panel).queryByText('Tomato')).toBeNull();
    expect(within(panel).getByTestId('cart-total').textContent).toBe('₹189.75');
    expect(screen.getByTestId('cart-count').textContent).toBe('1');
    expect(cartStore.getItems().map((item) => item.id)).toEqual(['b']);
  });

  it('offers Login and Sign Up to a visitor', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const panel = screen.getByRole('region', { name: 'Account' });
    expect(within(panel).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/Login');
    expect(within(panel).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/Signup');
    expect(within(panel).queryByRole('button', { name: 'Log Out' })).toBeNull();
  });

  it('gives an admin the Dashboard, a shopper the account links, and logs out with the logout alert', async () => {
    const user = userEvent.setup();
    sessionUser = { _id: 'u1', firstName: 'Priya', lastName: 'Sharma', email: 'p@example.com', role: 'User' };
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderHeader();
    const accountButton = await screen.findByRole('button', { name: 'Account of Priya' });
    await user.click(accountButton);
    const panel = screen.getByRole('region', { name: 'Account' });
    expect(within(panel).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(panel).getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/Order/MyOrder');
    expect(within(panel).getByRole('link', { name: 'Change Password' }).getAttribute('href')).toBe('/RestPassword');
    expect(within(panel).getByRole('link', { name: 'Add Reviews' }).getAttribute('href')).toBe('/review/add');

    await user.click(within(panel).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(requests.map((call) => call.path)).toContain('/api/user/logOut');
    expect(alert).toHaveBeenCalledWith(MESSAGES.logoutSuccess);
    alert.mockRestore();
  });

  it('shows the Dashboard link to an admin', async () => {
    const user = userEvent.setup();
    sessionUser = { _id: 'u2', firstName: 'Asha', lastName: 'Rao', email: 'a@example.com', role: 'Admin' };
    renderHeader();
    await user.click(await screen.findByRole('button', { name: 'Account of Asha' }));
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin/home');
  });
});
