/**
 * The admin's catalogue screens with Hindi on: their titles, headings, labels and buttons in Hindi,
 * and the server's messages (sent in English) shown in Hindi, names and numbers kept as sent.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderAdmin, stubFetch } from '../../../test-utils';
import { fruits, product, vegetables } from '../test-fixtures';
import AddCategoryPage from './add-category-page';
import AddProductPage from './add-product-page';
import CategoriesTablePage from './categories-table-page';
import ProductsMenuPage from './products-menu-page';
import ProductsTablePage from './products-table-page';
import UpdateCategoryPage from './update-category-page';
import UpdateProductPage from './update-product-page';

beforeEach(() => setLanguage('hi', { remember: false }));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('en', { remember: false });
});

const categoriesAnswer = { body: { success: true, message: 'Categories', Categories: [fruits, vegetables] } };

describe('the admin catalogue screens in Hindi', () => {
  it('Products menu: its three ways in', async () => {
    stubFetch();
    renderAdmin(<ProductsMenuPage />, { path: '/admin/products' });
    expect(await screen.findByRole('link', { name: /सामान जोड़ें/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /सामान देखें/ })).toBeTruthy();
    expect(screen.getByText('नया सामान बिक्री पर लगाएँ')).toBeTruthy();
    expect(document.title).toBe('सामान');
  });

  it('Add Product: Hindi labels, and the server’s problems in Hindi', async () => {
    stubFetch((call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              success: false,
              message: [
                'Image is required',
                'Rate must be at most 1000000 rupees per Kg',
                'HSN code must be 4 to 8 digits',
              ],
              code: 'imageRequired',
              values: {},
              errors: [
                { code: 'imageRequired', values: {}, message: 'Image is required' },
                {
                  code: 'rateTooLarge',
                  values: { max: 1000000 },
                  message: 'Rate must be at most 1000000 rupees per Kg',
                },
                { code: 'hsnCodeDigits', values: {}, message: 'HSN code must be 4 to 8 digits' },
              ],
            },
          }
        : categoriesAnswer,
    );
    const user = userEvent.setup();
    renderAdmin(<AddProductPage />, { path: '/admin/add/products' });
    await screen.findByRole('option', { name: 'Vegetables' });
    expect(document.title).toBe('सामान जोड़ें');
    expect(screen.getByRole('option', { name: 'श्रेणी चुनें' })).toBeTruthy();
    await user.type(screen.getByLabelText('सामान का नाम'), 'Desi Tomato');
    await user.type(screen.getByLabelText('भाव (₹ प्रति किलो)'), '38.5');
    await user.type(screen.getByLabelText('स्टॉक (किलो)'), '120');
    await user.selectOptions(screen.getByRole('combobox', { name: 'श्रेणी' }), 'Vegetables');
    fireEvent.submit(screen.getByRole('button', { name: 'सामान जोड़ें' }).closest('form') as HTMLFormElement);
    const problems = await screen.findByRole('alert');
    expect(within(problems).getByText('तस्वीर ज़रूरी है')).toBeTruthy();
    expect(within(problems).getByText('HSN कोड 4 से 8 अंकों का होना चाहिए')).toBeTruthy();
    expect(within(problems).getByText('भाव ज़्यादा से ज़्यादा 1000000 रुपये प्रति किलो हो सकता है')).toBeTruthy();
  });

  it('Products table: Hindi columns and stock, a refused delete in Hindi', async () => {
    stubFetch((call) =>
      call.method === 'DELETE'
        ? { status: 404, body: { success: false, message: 'Product not found', code: 'productNotFound', values: {} } }
        : { body: { success: true, products: [product()], productsDocCount: 1 } },
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdmin(<ProductsTablePage />, { path: '/admin/view/products' });
    const row = (await screen.findByText('Desi Tomato')).closest('tr') as HTMLElement;
    expect(document.title).toBe('सभी सामान');
    expect(within(row).getByText('स्टॉक में')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'नाम से सामान खोजें' })).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'हटाएँ: Desi Tomato' }));
    expect((await screen.findByRole('alert')).textContent).toBe('सामान नहीं मिला');
  });

  it('Update Product: Hindi labels and the server’s answer in Hindi', async () => {
    stubFetch((call) =>
      call.method === 'PUT'
        ? { body: { success: true, message: 'Product Updated', code: 'productUpdated', values: {} } }
        : categoriesAnswer,
    );
    renderAdmin(<UpdateProductPage />, {
      path: '/admin/update/products/:productId',
      url: '/admin/update/products/p-1',
      state: { product: product() },
    });
    expect(await screen.findByDisplayValue('Desi Tomato')).toBeTruthy();
    await screen.findByRole('option', { name: 'Vegetables' });
    expect(document.title).toBe('सामान बदलें');
    expect(screen.getByLabelText('सामान की तस्वीर (ज़रूरी नहीं)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'सामान बदलें' }));
    expect(await screen.findByText('सामान बदल दिया गया')).toBeTruthy();
  });

  it('Add Category: Hindi labels, and a taken name refused in Hindi with the name kept', async () => {
    stubFetch(() => ({
      status: 409,
      body: {
        success: false,
        message: 'A category named Fruits already exists',
        code: 'categoryNameTaken',
        values: { name: 'Fruits' },
      },
    }));
    const user = userEvent.setup();
    renderAdmin(<AddCategoryPage />, { path: '/admin/add/category' });
    expect(document.title).toBe('श्रेणी जोड़ें');
    await user.type(screen.getByLabelText('श्रेणी का नाम'), 'Fruits');
    expect(screen.getByLabelText('श्रेणी की तस्वीर')).toBeTruthy();
    fireEvent.submit(screen.getByRole('button', { name: 'श्रेणी जोड़ें' }).closest('form') as HTMLFormElement);
    expect((await screen.findByRole('alert')).textContent).toBe('Fruits नाम की श्रेणी पहले से है');
  });

  it('Categories table: Hindi actions, and a refused delete in Hindi with its count', async () => {
    stubFetch((call) =>
      call.method === 'DELETE'
        ? {
            status: 409,
            body: {
              success: false,
              message: 'Category still has 3 products: move or delete them first',
              code: 'categoryHasProducts',
              values: { count: 3 },
            },
          }
        : categoriesAnswer,
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdmin(<CategoriesTablePage />, { path: '/admin/view/category' });
    const row = (await screen.findByText('Fruits')).closest('tr') as HTMLElement;
    expect(document.title).toBe('सभी श्रेणियाँ');
    expect(within(row).getByRole('link', { name: 'बदलें: Fruits' })).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'हटाएँ: Fruits' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'इस श्रेणी में अभी 3 सामान हैं: पहले उन्हें दूसरी श्रेणी में डालें या हटाएँ',
    );
  });

  it('Update Category: Hindi labels and the server’s answer in Hindi', async () => {
    stubFetch((call) =>
      call.method === 'PUT'
        ? { body: { success: true, message: 'Category Updated', code: 'categoryUpdated', values: {} } }
        : categoriesAnswer,
    );
    renderAdmin(<UpdateCategoryPage />, {
      path: '/admin/update/category/:categoryId',
      url: '/admin/update/category/c-veg',
    });
    expect(await screen.findByDisplayValue('Vegetables')).toBeTruthy();
    expect(document.title).toBe('श्रेणी बदलें');
    expect(screen.getByRole('img', { name: 'अभी की तस्वीर' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'श्रेणी बदलें' }));
    expect(await screen.findByText('श्रेणी बदल दी गई')).toBeTruthy();
  });
});
