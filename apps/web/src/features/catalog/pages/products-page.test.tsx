import { MESSAGES } from '@mandi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import type { Category, Product } from '../../../lib/types';
import { type Call, stubFetch } from '../../../test-utils';
import { cartStore } from '../../cart';
import ProductsPage from './products-page';

const fruits: Category = { _id: 'c-fruit', categoryName: 'Fruits', categoryImage: '/img/fruit' };
const dairy: Category = {
  _id: 'c-dairy',
  categoryName: 'Dairy',
  categoryNameHi: 'दूध-दही',
  categoryImage: '/img/dairy',
};

function product(id: string, name: string, rate: number, stocks = 20, category = fruits): Product {
  return {
    _id: id,
    name,
    aliases: [],
    url: `/img/${id}`,
    rate,
    stocks,
    kilogramOption: [{ $numberDecimal: '0.5' }, { $numberDecimal: '1' }, { $numberDecimal: '2' }],
    category,
    createdAt: '2026-01-01T00:00:00.000Z',
    hsnCode: '0709',
    gstRate: 0,
  };
}

const mango = product('p-mango', 'Alphonso Mango', 180);
const apple = product('p-apple', 'Red Apple', 120.5);
const paneer = product('p-paneer', 'Paneer', 380, 0, dairy);

type Handler = (url: URL) => { status?: number; body: unknown };
let handler: Handler;
let calls: Call[] = [];
/** The requests so far, as URLs: the assertions read query parameters. */
const requests = () => calls.map((call) => new URL(call.path, 'http://localhost'));

const catalogue: Handler = (url) => {
  if (url.pathname === '/api/category/get') return { body: { success: true, Categories: [fruits, dairy] } };
  if (url.pathname.startsWith('/api/product/getSingleProduct/')) {
    const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    const found = [mango, apple, paneer].find((entry) => entry._id === id);
    return found
      ? { body: { success: true, product: found } }
      : { status: 404, body: { success: false, message: 'x' } };
  }
  if (url.pathname === '/api/product/getAllProducts') {
    const category = url.searchParams.get('category');
    const list = category
      ? [mango, apple, paneer].filter((p) => category.split(',').includes(p.category._id))
      : [mango, apple, paneer];
    return { body: { success: true, products: list, productsDocCount: list.length } };
  }
  return { status: 404, body: { success: false, message: 'Not found' } };
};

beforeEach(() => {
  cartStore.clear();
  handler = catalogue;
  calls = stubFetch((call) => handler(new URL(call.path, 'http://localhost')));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/products" element={<ProductsPage />} />
          <Route path="/products/category/:categoryId" element={<ProductsPage />} />
          <Route path="/products/:keyword" element={<ProductsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const listRequests = () => requests().filter((url) => url.pathname === '/api/product/getAllProducts');
const card = (name: string) => screen.getByRole('article', { name });

describe('products page', () => {
  it('lists every product with its rate, weight choices and an OUT OF STOCK marker', async () => {
    renderAt('/products');
    await screen.findByRole('article', { name: 'Alphonso Mango' });
    expect(screen.getByRole('heading', { level: 1, name: 'Fresh Products' })).toBeDefined();
    expect(within(card('Alphonso Mango')).getByText('₹ 180/Kg')).toBeDefined();
    expect(within(card('Red Apple')).getByText('₹ 120.50/Kg')).toBeDefined();
    const select = within(card('Alphonso Mango')).getByLabelText('Quantity') as HTMLSelectElement;
    expect(select.value).toBe('0.5');
    expect([...select.options].map((option) => option.text)).toEqual(['0.5 Kg', '1 Kg', '2 Kg']);
    expect(within(card('Paneer')).getByText('OUT OF STOCK')).toBeDefined();
    expect(within(card('Paneer')).queryByRole('button', { name: 'Add To Cart' })).toBeNull();
    expect(listRequests()[0]?.search).toBe('');
  });

  it('adds the fetched product to the cart and shows the cart badge; adding again replaces the quantity', async () => {
    const user = userEvent.setup();
    renderAt('/products');
    const mangoCard = await screen.findByRole('article', { name: 'Alphonso Mango' });
    await user.click(within(mangoCard).getByRole('button', { name: 'Add To Cart' }));
    expect(await within(mangoCard).findByText('0.5 kg in cart')).toBeDefined();
    expect(requests().some((url) => url.pathname === '/api/product/getSingleProduct/p-mango')).toBe(true);
    expect(cartStore.getItems()).toEqual([
      {
        id: 'p-mango',
        name: 'Alphonso Mango',
        aliases: [],
        rate: 180,
        stocks: 20,
        kilogramOption: [0.5, 1, 2],
        image: '/img/p-mango',
        quantity: 0.5,
        unit: 'kg',
      },
    ]);
    await user.selectOptions(within(mangoCard).getByLabelText('Quantity'), '2');
    await user.click(within(mangoCard).getByRole('button', { name: 'Add To Cart' }));
    expect(await within(mangoCard).findByText('2 kg in cart')).toBeDefined();
    expect(cartStore.getItems()).toHaveLength(1);
  });

  it('asks for a selection before filtering, and the message clears after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/products');
    await screen.findByRole('article', { name: 'Red Apple' });
    await user.click(screen.getByRole('button', { name: 'Filter', expanded: false }));
    await user.click(screen.getByRole('button', { name: 'Apply Filter' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.filterFirst);
    expect(listRequests()).toHaveLength(1);
    vi.advanceTimersByTime(5000);
    await waitFor(() => expect(screen.queryByText(MESSAGES.filterFirst)).toBeNull());
  });

  it('filters by the chosen categories and price, then Clear Filter reloads everything', async () => {
    const user = userEvent.setup();
    renderAt('/products');
    await screen.findByRole('article', { name: 'Red Apple' });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.queryByRole('button', { name: 'Clear Filter' })).toBeNull();

    const dairyButton = screen.getByRole('button', { name: 'Dairy', pressed: false });
    await user.click(dairyButton);
    expect(dairyButton.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Apply Filter' }));
    // Both at once: while the filtered list loads, neither card is on screen.
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Red Apple' })).toBeNull();
      expect(screen.getByRole('article', { name: 'Paneer' })).toBeDefined();
    });
    const filtered = listRequests().at(-1);
    expect(filtered?.searchParams.get('category')).toBe('c-dairy');
    expect(filtered?.searchParams.get('gte')).toBe('0');
    expect(filtered?.searchParams.get('lte')).toBe('10000');
    expect(dairyButton.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fresh Products');

    await user.selectOptions(screen.getByLabelText('Price (per Kg)'), '100-120');
    expect(screen.getByRole('option', { name: '₹100 - ₹120' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Apply Filter' }));
    await waitFor(() => expect(listRequests().at(-1)?.searchParams.get('lte')).toBe('120'));
    expect(listRequests().at(-1)?.searchParams.get('gte')).toBe('100');
    expect(listRequests().at(-1)?.searchParams.has('category')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Clear Filter' }));
    expect(await screen.findByRole('article', { name: 'Red Apple' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Clear Filter' })).toBeNull();
  });

  it('names the heading after a category chosen on the home page and lists only that category', async () => {
    renderAt('/products?categoryId=c-dairy&categoryName=Dairy');
    expect(await screen.findByRole('article', { name: 'Paneer' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fresh Dairy');
    expect(screen.queryByRole('article', { name: 'Alphonso Mango' })).toBeNull();
    expect(listRequests()[0]?.searchParams.get('category')).toBe('c-dairy');
  });

  it('looks up the category name for /products/category/{id}', async () => {
    renderAt('/products/category/c-fruit');
    expect(await screen.findByRole('article', { name: 'Red Apple' })).toBeDefined();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fresh Fruits'));
  });

  it('searches by keyword', async () => {
    renderAt('/products/green%20chilli');
    await screen.findByRole('heading', { level: 1, name: 'Fresh Products' });
    await waitFor(() => expect(listRequests()[0]?.searchParams.get('keyword')).toBe('green chilli'));
  });

  it('asks "Did you mean" with the closest names under an empty keyword search', async () => {
    const suggestion = (id: string, name: string) => ({ _id: id, name, url: `/img/${id}`, rate: 40 });
    handler = (url) => {
      if (url.pathname === '/api/product/getAllProducts') {
        return { body: { success: true, products: [], productsDocCount: 0 } };
      }
      if (url.pathname === '/api/product/suggest') {
        const closest = [
          suggestion('p-1', 'Desi Tomato'),
          suggestion('p-2', 'Tomato Ketchup'),
          suggestion('p-3', 'Cherry Tomato'),
          suggestion('p-4', 'Tomatillo'),
        ];
        return { body: { success: true, suggestions: url.searchParams.get('q') === 'tomtao' ? closest : [] } };
      }
      return catalogue(url);
    };
    const view = renderAt('/products/tomtao');
    expect(await screen.findByText(MESSAGES.productsEmpty)).toBeDefined();
    const hints = await screen.findByRole('list', { name: 'Did you mean' });
    const items = within(hints).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Did you mean Desi Tomato?',
      'Did you mean Tomato Ketchup?',
      'Did you mean Cherry Tomato?',
    ]);
    expect(within(hints).getByRole('link', { name: 'Desi Tomato' }).getAttribute('href')).toBe(
      '/products/Desi%20Tomato',
    );
    view.unmount();

    // Nothing close: the page says only the spec's text.
    renderAt('/products/qqqq');
    expect(await screen.findByText(MESSAGES.productsEmpty)).toBeDefined();
    await waitFor(() =>
      expect(requests().some((url) => url.pathname === '/api/product/suggest' && url.search === '?q=qqqq')).toBe(true),
    );
    expect(screen.queryByRole('list', { name: 'Did you mean' })).toBeNull();
  });

  it('shows the empty and the error texts', async () => {
    handler = (url) =>
      url.pathname === '/api/product/getAllProducts'
        ? { body: { success: true, products: [], productsDocCount: 0 } }
        : catalogue(url);
    const first = renderAt('/products');
    expect(await screen.findByText(MESSAGES.productsEmpty)).toBeDefined();
    first.unmount();

    handler = (url) =>
      url.pathname === '/api/product/getAllProducts'
        ? { status: 500, body: { success: false, message: 'Internal' } }
        : catalogue(url);
    renderAt('/products');
    expect(await screen.findByText(MESSAGES.productsError)).toBeDefined();
  });

  it('in Hindi, names the chosen category and the filter’s categories by their Hindi names where they have one', async () => {
    await setLanguage('hi', { remember: false });
    try {
      renderAt('/products?categoryId=c-dairy&categoryName=Dairy');
      expect(await screen.findByRole('article', { name: 'Paneer' })).toBeDefined();
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ताज़ा दूध-दही'));
      const filter = screen.getByRole('complementary');
      await userEvent.setup().click(within(filter).getByRole('button', { name: 'फ़िल्टर' }));
      expect(within(filter).getByRole('button', { name: 'दूध-दही' })).toBeDefined();
      expect(within(filter).getByRole('button', { name: 'Fruits' })).toBeDefined();
    } finally {
      await setLanguage('en', { remember: false });
    }
  });

  it('shows the placeholder of a product without a picture as the server gives it, never resized', async () => {
    const placeholder = '/api/images/placeholder/v1.svg?name=Paneer';
    handler = (url) =>
      url.pathname === '/api/product/getAllProducts'
        ? { body: { success: true, products: [{ ...paneer, url: placeholder }], productsDocCount: 1 } }
        : catalogue(url);
    renderAt('/products');
    const picture = within(await screen.findByRole('article', { name: 'Paneer' })).getByRole('img', { name: 'Paneer' });
    expect(picture.getAttribute('src')).toBe(placeholder);
    expect(picture.hasAttribute('srcset')).toBe(false);
  });
});
