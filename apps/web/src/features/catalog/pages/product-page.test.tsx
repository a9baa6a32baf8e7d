/** The product page: what it shows, choosing a quantity with the keyboard, adding to the cart, the title, a missing product. */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import type { Product, Review } from '../../../lib/types';
import { product, renderRoutes, shopper, stubFetch } from '../../../test-utils';
import { cartStore } from '../../cart';
import ProductPage from './product-page';

const tomato: Product = {
  ...product('p-1', 'Desi Tomato', 40, 20, ['0.25', '0.5', '1', '2']),
  aliases: ['tamatar', 'टमाटर'],
  url: '/api/images/i-1',
  category: { _id: 'c-9', categoryName: 'Vegetables', categoryImage: '' },
};
const review: Review = {
  _id: 'r-1',
  user: { _id: 'u-1', firstName: 'Priya', lastName: 'Sharma' },
  comment: 'Tomatoes as red as the market’s.',
  ratings: 5,
  createdAt: '2026-01-02T00:00:00.000Z',
};

let products: Record<string, Product>;

beforeEach(() => {
  localStorage.clear();
  cartStore.clear();
  products = { 'p-1': tomato };
  stubFetch((call) => {
    const single = /^\/api\/product\/getSingleProduct\/(.+)$/.exec(call.path);
    if (single) {
      const found = products[decodeURIComponent(single[1] ?? '')];
      return found
        ? { body: { success: true, product: found } }
        : { status: 404, body: { success: false, message: 'Product Not Found', code: 'productNotFound' } };
    }
    if (call.path.startsWith('/api/user/get/reviews')) {
      return { body: { success: true, reviews: [review], total: 1, page: 1, limit: 10 } };
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(id = 'p-1') {
  return renderRoutes(
    `/product/${id}`,
    <>
      <Route path="/product/:productId" element={<ProductPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </>,
  );
}

describe('the product page', () => {
  it('shows the picture, both names, the rate per unit, stock, breadcrumbs to the category, and the shop’s reviews', async () => {
    renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Desi Tomato' });
    expect(heading).toBeDefined();
    expect(screen.getByText('टमाटर').getAttribute('lang')).toBe('hi');
    expect(screen.getByText('₹ 40/Kg')).toBeDefined();
    expect(screen.getByText('In stock')).toBeDefined();
    const picture = screen.getByRole('img', { name: 'Desi Tomato' });
    expect(picture.getAttribute('src')).toBe('/api/images/i-1');
    expect(picture.getAttribute('srcset')).toContain('/api/images/i-1?w=400 400w');

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(crumbs).getByRole('link', { name: 'Products' }).getAttribute('href')).toBe('/products');
    expect(within(crumbs).getByRole('link', { name: 'Vegetables' }).getAttribute('href')).toBe(
      '/products?categoryId=c-9&categoryName=Vegetables',
    );
    expect(within(crumbs).getByText('Desi Tomato').getAttribute('aria-current')).toBe('page');

    const reviews = screen.getByRole('region', { name: 'What our shoppers say' });
    expect(await within(reviews).findByText('“Tomatoes as red as the market’s.”')).toBeDefined();
    expect(within(reviews).getByRole('link', { name: 'Read all reviews' }).getAttribute('href')).toBe('/reviews/all');
    await waitFor(() => expect(document.title).toBe('Desi Tomato (टमाटर), ₹ 40/Kg | Mandi'));
  });

  it('offers the quantities as a radio group the arrow keys move through, and adds the chosen one to the cart', async () => {
    renderPage();
    const group = await screen.findByRole('group', { name: 'Choose a quantity' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['0.25 Kg', '0.5 Kg', '1 Kg', '2 Kg']);
    const checked = radios.find((radio) => (radio as HTMLInputElement).checked);
    expect(checked).toBeDefined();

    // user-event walks a radio group with CSS.escape, which jsdom lacks.
    vi.stubGlobal('CSS', { escape: (text: string) => text.replace(/[^\w-]/g, (char) => `\\${char}`) });
    const user = userEvent.setup();
    await user.click(within(group).getByRole('radio', { name: '0.25 Kg' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect((within(group).getByRole('radio', { name: '1 Kg' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    await screen.findByText('Added to your cart.');
    expect(screen.getByRole('link', { name: 'Go to checkout' }).getAttribute('href')).toBe('/Order/Checkout');
    expect(cartStore.getItems()).toMatchObject([{ id: 'p-1', name: 'Desi Tomato', rate: 40, quantity: 1 }]);
  });

  it('offers a logged-in shopper "Every day" beside Add To Cart: a standing order at the chosen quantity', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Add To Cart' });
    // A visitor is not offered it.
    expect(screen.queryByRole('link', { name: /^Every day/ })).toBeNull();
    cleanup();
    stubFetch(
      (call) =>
        call.path.startsWith('/api/product/getSingleProduct/')
          ? { body: { success: true, product: tomato } }
          : undefined,
      { user: shopper },
    );
    renderPage();
    const everyDay = await screen.findByRole('link', { name: 'Every day: a standing order of Desi Tomato' });
    expect(everyDay.getAttribute('href')).toBe('/subscriptions/new?productId=p-1&quantity=0.5');
    await userEvent.setup().click(screen.getByRole('radio', { name: '2 Kg' }));
    expect(everyDay.getAttribute('href')).toBe('/subscriptions/new?productId=p-1&quantity=2');
  });

  it('says when a product is out of stock, with no Add To Cart', async () => {
    products['p-2'] = { ...tomato, _id: 'p-2', name: 'Alphonso Mango', stocks: 0 };
    renderPage('p-2');
    await screen.findByRole('heading', { level: 1, name: 'Alphonso Mango' });
    expect(screen.getByText('OUT OF STOCK')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Add To Cart' })).toBeNull();
  });

  it('writes the rate in the product’s own unit when it has one', async () => {
    products['p-3'] = { ...tomato, _id: 'p-3', name: 'Eggs', aliases: [], rate: 84, unit: 'dozen' } as Product;
    renderPage('p-3');
    await screen.findByRole('heading', { level: 1, name: 'Eggs' });
    expect(screen.getByText('₹ 84/dozen')).toBeDefined();
  });

  it('answers an unknown product with a not-found page and a way back to the products', async () => {
    renderPage('p-missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Browse all products' }).getAttribute('href')).toBe('/products');
    await waitFor(() => expect(document.title).toBe('404 Page Not Found'));
  });

  it('in Hindi, the breadcrumbs name the category in Hindi, and in English once it has none', async () => {
    products['p-1'] = { ...tomato, category: { ...tomato.category, categoryNameHi: 'सब्ज़ियाँ' } };
    products['p-2'] = { ...tomato, _id: 'p-2' };
    await setLanguage('hi', { remember: false });
    try {
      const first = renderPage('p-1');
      const crumbs = await screen.findByRole('navigation', { name: 'आप यहाँ हैं' });
      expect(within(crumbs).getByRole('link', { name: 'सब्ज़ियाँ' }).getAttribute('href')).toBe(
        '/products?categoryId=c-9&categoryName=Vegetables',
      );
      first.unmount();
      renderPage('p-2');
      const english = await screen.findByRole('navigation', { name: 'आप यहाँ हैं' });
      expect(within(english).getByRole('link', { name: 'Vegetables' })).toBeDefined();
    } finally {
      await setLanguage('en', { remember: false });
    }
  });
});
