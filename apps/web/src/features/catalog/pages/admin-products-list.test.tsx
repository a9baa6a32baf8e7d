/** The admin products table at scale: paged, searched and sorted by the server, the state in the address. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../lib/types';
import { type Call, renderRoutes, stubFetch } from '../../../test-utils';
import { product } from '../test-fixtures';
import ProductsTablePage from './products-table-page';
import UpdateProductPage from './update-product-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

const address = () => screen.getByTestId('address').textContent;

function open(url: string) {
  return renderRoutes(
    url,
    <>
      <Route path="/admin/view/products" element={<ProductsTablePage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </>,
    <Address />,
  );
}

/**
 * A small server for the admin products list: filters, sorts and pages like the real one. `gate`,
 * when given, holds back the answer of a list call until the promise it returns settles.
 */
function productServer(count: number, gate?: (url: URL) => Promise<void> | undefined) {
  let products: Product[] = Array.from({ length: count }, (_, index) =>
    product({ _id: `p-${String(index + 1).padStart(3, '0')}`, name: `Product ${index + 1}`, rate: 10 + index }),
  );
  const calls = stubFetch(async (call: Call) => {
    const url = new URL(call.path, 'http://localhost');
    if (call.method === 'DELETE') {
      products = products.filter((one) => !url.pathname.endsWith(`/${one._id}`));
      return { body: { success: true, message: 'Product Deleted' } };
    }
    if (url.pathname !== '/api/admin/products') return undefined;
    await gate?.(url);
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    let rows = products.filter((one) => one.name.toLowerCase().includes(q));
    if (url.searchParams.get('sort') === 'name') {
      rows = [...rows].sort((a, b) => a.name.localeCompare(b.name));
      if (url.searchParams.get('order') === 'desc') rows.reverse();
    }
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    return {
      body: {
        success: true,
        products: rows.slice((page - 1) * limit, page * limit),
        productsDocCount: rows.length,
      },
    };
  });
  const listCalls = () => calls.filter((call) => call.path.startsWith('/api/admin/products'));
  return { calls, listCalls, lastList: () => listCalls().at(-1)?.path };
}

describe('Admin products table at scale', () => {
  it('asks the server for 50 a page and pages with Previous and Next', async () => {
    const server = productServer(120);
    const user = userEvent.setup();
    open('/admin/view/products');
    expect(await screen.findByText('Product 1')).toBeTruthy();
    expect(server.lastList()).toBe('/api/admin/products?page=1&limit=50');
    const pages = screen.getByRole('navigation', { name: 'Products pages' });
    expect(within(pages).getByText('Products 1–50 of 120')).toBeTruthy();
    expect(within(pages).queryByRole('link', { name: 'Previous' })).toBeNull();

    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Product 51')).toBeTruthy();
    expect(server.lastList()).toBe('/api/admin/products?page=2&limit=50');
    expect(address()).toBe('/admin/view/products?page=2');
    expect(within(pages).getByText('Products 51–100 of 120')).toBeTruthy();
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Products 101–120 of 120')).toBeTruthy();
    expect(within(pages).queryByRole('link', { name: 'Next' })).toBeNull();
    await user.click(within(pages).getByRole('link', { name: 'Previous' }));
    expect(await screen.findByText('Product 51')).toBeTruthy();
  });

  it('keeps the page links and their text with the rows on screen while the next page loads', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    productServer(120, (url) => (url.searchParams.get('page') === '2' ? held : undefined));
    const user = userEvent.setup();
    open('/admin/view/products');
    expect(await screen.findByText('Product 1')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Products pages' });

    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(address()).toBe('/admin/view/products?page=2'));
    // Page 2 is asked for but not there yet: page 1's rows stay, and so does the text that names them.
    expect(screen.getByText('Product 50')).toBeTruthy();
    expect(within(pages).getByText('Products 1–50 of 120')).toBeTruthy();
    expect(within(pages).queryByText('Products 51–100 of 120')).toBeNull();

    release();
    expect(await within(pages).findByText('Products 51–100 of 120')).toBeTruthy();
    expect(screen.getByText('Product 51')).toBeTruthy();
    expect(screen.queryByText('Product 50')).toBeNull();
  });

  it('searches once typing pauses, from page 1, with the search in the address', async () => {
    const server = productServer(120);
    const user = userEvent.setup();
    open('/admin/view/products?page=2');
    expect(await screen.findByText('Product 51')).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Search products by name' });
    await user.type(box, 'product 11');
    await waitFor(() => expect(server.lastList()).toBe('/api/admin/products?page=1&limit=50&q=product+11'));
    expect(await screen.findByText('Product 110')).toBeTruthy();
    expect(screen.queryByText('Product 51')).toBeNull();
    expect(address()).toBe('/admin/view/products?q=product+11');
    // One request for the whole word, not one per key.
    expect(server.listCalls().filter((call) => call.path.includes('q='))).toHaveLength(1);
    // 11 and 110–119: one page, so no page links.
    expect(screen.queryByRole('navigation', { name: 'Products pages' })).toBeNull();

    await user.clear(box);
    await user.type(box, 'zzz{Enter}');
    expect(await screen.findByText('No products match “zzz”')).toBeTruthy();
  });

  it('opens with the search and page of the address', async () => {
    const server = productServer(120);
    open('/admin/view/products?q=product&page=3');
    expect(await screen.findByText('Products 101–120 of 120')).toBeTruthy();
    expect(server.lastList()).toBe('/api/admin/products?page=3&limit=50&q=product');
    expect(screen.getByRole('searchbox', { name: 'Search products by name' })).toHaveProperty('value', 'product');
  });

  it('sorts by a column header button, and turns the order round on a second click', async () => {
    const server = productServer(60);
    const user = userEvent.setup();
    open('/admin/view/products?page=2');
    await screen.findByText('Product 51');
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    // Columns that cannot be sorted are plain headers.
    expect(within(screen.getByRole('columnheader', { name: 'Image' })).queryByRole('button')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Image' }).hasAttribute('aria-sort')).toBe(false);

    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(server.lastList()).toBe('/api/admin/products?page=1&limit=50&sort=name&order=asc'));
    expect(address()).toBe('/admin/view/products?sort=name');
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending'),
    );
    await user.click(within(screen.getByRole('columnheader', { name: 'Name' })).getByRole('button'));
    await waitFor(() => expect(server.lastList()).toBe('/api/admin/products?page=1&limit=50&sort=name&order=desc'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending'),
    );
    expect(screen.getByRole('columnheader', { name: 'Rate' }).getAttribute('aria-sort')).toBe('none');
  });

  it('stays on the page after a delete', async () => {
    const server = productServer(120);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    open('/admin/view/products?page=2');
    await user.click(await screen.findByRole('button', { name: 'Delete Product 60' }));
    await waitFor(() => expect(screen.queryByText('Product 60')).toBeNull());
    expect(await screen.findByText('Products 51–100 of 119')).toBeTruthy();
    expect(server.lastList()).toBe('/api/admin/products?page=2&limit=50');
    expect(address()).toBe('/admin/view/products?page=2');
  });

  it('steps back a page when the last row of the last page is deleted', async () => {
    const server = productServer(101);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    open('/admin/view/products?page=3');
    await user.click(await screen.findByRole('button', { name: 'Delete Product 101' }));
    await waitFor(() => expect(address()).toBe('/admin/view/products?page=2'));
    expect(await screen.findByText('Products 51–100 of 100')).toBeTruthy();
    expect(server.lastList()).toBe('/api/admin/products?page=2&limit=50');
  });

  it('passes its page to the edit screen, whose way back returns there', async () => {
    productServer(120);
    const user = userEvent.setup();
    renderRoutes(
      '/admin/view/products?q=product&page=2',
      <>
        <Route path="/admin/view/products" element={<ProductsTablePage />} />
        <Route path="/admin/update/products/:productId" element={<UpdateProductPage />} />
      </>,
      <Address />,
    );
    await user.click(await screen.findByRole('link', { name: 'Edit Product 51' }));
    expect(await screen.findByDisplayValue('Product 51')).toBeTruthy();
    expect(address()).toBe('/admin/update/products/p-051');
    await user.click(screen.getByRole('link', { name: /All products/ }));
    await waitFor(() => expect(address()).toBe('/admin/view/products?q=product&page=2'));
    expect(await screen.findByText('Products 51–100 of 120')).toBeTruthy();
  });
});
