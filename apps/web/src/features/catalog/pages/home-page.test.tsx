import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import type { Category, Product, Review } from '../../../lib/types';
import { renderWithShop, shopProfile, stubFetch } from '../../../test-utils';
import HomePage from './home-page';

const dairy: Category = { _id: 'c-1', categoryName: 'Dairy & Eggs', categoryImage: '/img/dairy' };
const mango: Product = {
  _id: 'p-1',
  name: 'Alphonso Mango',
  aliases: [],
  url: '/img/mango',
  rate: 180,
  stocks: 10,
  kilogramOption: [{ $numberDecimal: '1' }],
  category: dairy,
  createdAt: '2026-01-01T00:00:00.000Z',
  hsnCode: '0709',
  gstRate: 0,
};
const review: Review = {
  _id: 'r-1',
  user: { _id: 'u-1', firstName: 'Priya', lastName: 'Sharma' },
  comment: 'Sweetest mangoes this season.',
  ratings: 4,
  createdAt: '2026-01-02T00:00:00.000Z',
};

let responses: Record<string, { status: number; body: unknown }>;

beforeEach(() => {
  responses = {
    '/api/user/getloggeduser': { status: 401, body: { success: false, user: null, message: '' } },
    '/api/product/recent/products': { status: 200, body: { success: true, products: [mango] } },
    '/api/category/get': { status: 200, body: { success: true, message: 'Categories', Categories: [dairy] } },
    // Only the reviews the slider shows.
    '/api/user/get/reviews?page=1&limit=10': {
      status: 200,
      body: { success: true, reviews: [review], total: 1, page: 1, limit: 10 },
    },
  };
  // The slider asks matchMedia about reduced motion, which jsdom lacks.
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: false,
    media,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
  stubFetch((call) => responses[call.path]);
});

afterEach(() => vi.unstubAllGlobals());

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('home page', () => {
  it('shows the hero, the promises, new products, categories and reviews once loaded', async () => {
    renderHome();
    expect(screen.getByRole('status').textContent).toBe('Loading..!!');
    expect(await screen.findByRole('heading', { name: 'New Products' })).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(document.title).toBe('Home');

    expect(screen.getAllByRole('link', { name: 'Shop Now' })[0]?.getAttribute('href')).toBe('/products');
    const features = document.getElementById('features');
    for (const title of ['Fresh and Organic', 'Free Delivery', 'Cash On Delivery']) {
      expect(within(features as HTMLElement).getByRole('heading', { name: title })).toBeDefined();
    }

    const newProducts = screen.getByRole('region', { name: 'New Products' });
    expect(within(newProducts).getAllByText('Alphonso Mango').length).toBeGreaterThan(0);
    expect(within(newProducts).getAllByText('₹ 180/Kg').length).toBeGreaterThan(0);
    expect(within(newProducts).getAllByRole('link', { name: 'View Product' })[0]?.getAttribute('href')).toBe(
      '/products/Alphonso%20Mango',
    );

    const categories = screen.getByRole('region', { name: 'Categories' });
    expect(within(categories).getByRole('heading', { name: 'Fresh Dairy & Eggs' })).toBeDefined();
    expect(within(categories).getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe(
      '/products?categoryId=c-1&categoryName=Dairy%20%26%20Eggs',
    );

    const reviews = screen.getByRole('region', { name: 'Customer Reviews' });
    expect(within(reviews).getAllByText('Priya Sharma').length).toBeGreaterThan(0);
    expect(within(reviews).getAllByText('“Sweetest mangoes this season.”').length).toBeGreaterThan(0);
    expect(within(reviews).getAllByRole('img', { name: '4 out of 5 stars' }).length).toBeGreaterThan(0);
  });

  it('leaves out the reviews block when reviews cannot be loaded', async () => {
    responses['/api/user/get/reviews?page=1&limit=10'] = { status: 500, body: { success: false, message: 'Error' } };
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Fresh Dairy & Eggs' })).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Customer Reviews' })).toBeNull();
  });

  it('shows nothing after the promises when the recent products fail', async () => {
    responses['/api/product/recent/products'] = { status: 500, body: { success: false, message: 'Error' } };
    renderHome();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Cash On Delivery' })).toBeDefined();
    expect(screen.queryByRole('region', { name: 'New Products' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Categories' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Customer Reviews' })).toBeNull();
  });

  it('a real shop says only what its profile and zones make true (decision 0056)', async () => {
    responses['/api/delivery/terms'] = {
      status: 200,
      body: {
        success: true,
        terms: {
          everyPinCode: false,
          areas: 1,
          deliveryFee: { min: 20, max: 20 },
          minOrder: { min: 100, max: 100 },
          freeAbove: null,
        },
      },
    };
    const shop = shopProfile({
      demo: false,
      name: 'Sharma Sabzi Bhandar',
      tagline: 'Greens from our own farm, every morning.',
      upiId: 'sharma@okaxis',
    });
    renderWithShop(<HomePage />, shop);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sharma Sabzi Bhandar' })).toBeDefined();
    expect(screen.getByText('Greens from our own farm, every morning.')).toBeDefined();
    const features = document.getElementById('features') as HTMLElement;
    await waitFor(() =>
      expect(
        within(features).getByText('Delivery ₹20; minimum order ₹100. Check your PIN code at checkout.'),
      ).toBeDefined(),
    );
    expect(within(features).getByText('Pay in cash or by UPI when your order reaches you.')).toBeDefined();
    const page = document.body.textContent ?? '';
    expect(page).not.toMatch(/free|organic|Mandi|all over India/i);
    await waitFor(() => expect(document.title).toBe('Home | Sharma Sabzi Bhandar'));
  });

  it('names each category in Hindi by its Hindi name, or by its English one when it has none', async () => {
    const vegetables: Category = {
      _id: 'c-2',
      categoryName: 'Vegetables',
      categoryNameHi: 'सब्ज़ियाँ',
      categoryImage: '/api/images/placeholder/v1.svg?name=Vegetables',
    };
    responses['/api/category/get'] = {
      status: 200,
      body: { success: true, message: 'Categories', Categories: [dairy, vegetables] },
    };
    await setLanguage('hi', { remember: false });
    try {
      renderHome();
      const grid = await screen.findByRole('region', { name: 'श्रेणियाँ' });
      expect(within(grid).getByRole('heading', { name: 'ताज़ा सब्ज़ियाँ' })).toBeDefined();
      expect(within(grid).getByRole('heading', { name: 'ताज़ा Dairy & Eggs' })).toBeDefined();
      // The link stays the spec's, with the English name the products page is opened with.
      const link = within(grid).getAllByRole('link')[1];
      expect(link?.getAttribute('href')).toBe('/products?categoryId=c-2&categoryName=Vegetables');
      // A category without a picture shows the server's placeholder as it is.
      const picture = grid.querySelectorAll('img')[1];
      expect(picture?.getAttribute('src')).toBe('/api/images/placeholder/v1.svg?name=Vegetables');
      expect(picture?.hasAttribute('srcset')).toBe(false);
    } finally {
      await setLanguage('en', { remember: false });
    }
  });
});
