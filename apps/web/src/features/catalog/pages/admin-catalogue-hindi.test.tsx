/**
 * Every admin screen with Hindi on: its title, headings, labels and buttons in Hindi, and the
 * server's messages (sent in English) shown in Hindi, names and numbers kept as sent.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '../../components/admin/admin-layout';
import { setLanguage } from '../../lib/i18n';
import type { User } from '../../lib/types';
import { order, renderAdmin, renderRoute, stubFetch } from '../../test-utils';
import AddCategoryPage from './pages/add-category-page';
import AddProductPage from './pages/add-product-page';
import CategoriesTablePage from './pages/categories-table-page';
import DashboardPage from './pages/dashboard-page';
import OrdersTablePage from './pages/orders-table-page';
import ProductsMenuPage from './pages/products-menu-page';
import ProductsTablePage from './pages/products-table-page';
import ReviewsTablePage from './pages/reviews-table-page';
import UpdateCategoryPage from './pages/update-category-page';
import UpdateOrderPage from './pages/update-order-page';
import UpdateProductPage from './pages/update-product-page';
import UpdateUserPage from './pages/update-user-page';
import UsersTablePage from './pages/users-table-page';
import { fruits, product, vegetables } from './test-fixtures';

// jsdom has no canvas: the charts are stood in for by their titles and data.
vi.mock('react-chartjs-2', () => import('../../test-utils/chart-stand-in'));

beforeEach(() => setLanguage('hi', { remember: false }));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('en', { remember: false });
});

const categoriesAnswer = { body: { success: true, message: 'Categories', Categories: [fruits, vegetables] } };

describe('the admin screens in Hindi', () => {
  it('Dashboard: the counts, amounts and stock in Hindi, inside the Hindi admin frame', async () => {
    stubFetch(() => ({
      body: {
        success: true,
        productsCount: 48,
        usersCount: 6,
        ordersCount: 9,
        deliveredAmount: 5363.5,
        outOfStockCount: 3,
        inStockCount: 45,
      },
    }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/admin/home']}>
          <Routes>
            <Route path="/admin" element={<AdminLayout />}>
              <Route path="home" element={<DashboardPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('link', { name: /सामान\s*48/ })).toBeTruthy();
    expect(document.title).toBe('एडमिन डैशबोर्ड');
    expect(screen.getByText('कुल रकम').nextSibling?.textContent).toBe('₹5,363.50');
    expect(screen.getByText('पहुँचाए गए ऑर्डर, अब तक के सभी (₹)')).toBeTruthy();
    expect(screen.getByText('रकम में बढ़त')).toBeTruthy();
    expect(screen.getByText('सामान का स्टॉक')).toBeTruthy();
    const sidebar = screen.getByRole('navigation', { name: 'एडमिन' });
    expect(within(sidebar).getByRole('link', { name: 'उपयोगकर्ता' })).toBeTruthy();
    expect(within(sidebar).getByRole('link', { name: 'समीक्षाएँ' })).toBeTruthy();
  });

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

  it('Orders table: Hindi columns and status', async () => {
    stubFetch(() => ({ body: { success: true, AllOrders: [order()], ordersCounts: 1, OrdersCount: 1 } }));
    renderAdmin(<OrdersTablePage />, { path: '/admin/view/orders' });
    const row = (await screen.findByText('Meera Nair')).closest('tr') as HTMLElement;
    expect(document.title).toBe('सभी ऑर्डर');
    expect(within(row).getByText('तैयार हो रहा है')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'ऑर्डर #1042 पैक करें' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'नंबर (#1042), नाम या मोबाइल से ऑर्डर खोजें' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'ऑर्डर आईडी' })).toBeTruthy();
  });

  it('Update Order: Hindi details, and a status change answered in Hindi', async () => {
    let current = order();
    stubFetch((call) => {
      if (call.method === 'PUT') {
        current = { ...current, status: 'Shipped' };
        return {
          body: {
            success: true,
            message: 'Order Shipped',
            code: 'orderShipped',
            values: {},
            Order: current,
            updatedOrder: current,
          },
        };
      }
      return { body: { success: true, order: current } };
    });
    const user = userEvent.setup();
    renderAdmin(<UpdateOrderPage />, { path: '/admin/update/order/:orderId', url: '/admin/update/order/o-1' });
    expect(await screen.findByText('सामान (1)')).toBeTruthy();
    expect(document.title).toBe('ऑर्डर बदलें');
    expect(screen.getByText('कुल रकम')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'ऑर्डर की स्थिति' }), 'Shipped');
    await user.click(screen.getByRole('button', { name: 'स्थिति बदलें' }));
    expect(await screen.findByText('ऑर्डर भेज दिया गया')).toBeTruthy();
  });

  it('Reviews table: Hindi columns, and the delete answered in Hindi', async () => {
    stubFetch((call) =>
      call.method === 'DELETE'
        ? { body: { success: true, message: 'Review deleted', code: 'reviewDeleted', values: {} } }
        : {
            body: {
              success: true,
              reviews: [
                {
                  _id: 'r-1',
                  user: { _id: 'u-1', firstName: 'Asha', lastName: 'Patel' },
                  comment: 'Lovely mangoes',
                  ratings: 4,
                  createdAt: '2026-01-01T00:00:00.000Z',
                },
              ],
            },
          },
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdmin(<ReviewsTablePage />, { path: '/admin/view/reviews' });
    const row = (await screen.findByText('Asha Patel')).closest('tr') as HTMLElement;
    expect(document.title).toBe('सभी समीक्षाएँ');
    expect(screen.getByRole('columnheader', { name: 'टिप्पणी' })).toBeTruthy();
    await userEvent.click(within(row).getByRole('button'));
    expect(await screen.findByText('समीक्षा हटा दी गई')).toBeTruthy();
  });

  describe('users', () => {
    const admin: User = { _id: 'a1', firstName: 'Anil', lastName: 'Admin', email: 'anil@example.com', role: 'Admin' };
    const sita: User = { _id: 'u1', firstName: 'Sita', lastName: 'Rao', email: 'sita@example.com', role: 'User' };

    it('Users table: Hindi columns, and refusing to delete oneself in Hindi', async () => {
      stubFetch((call) => {
        if (call.path === '/api/user/getloggeduser') return { body: { success: true, user: admin } };
        if (call.method === 'DELETE') {
          return {
            status: 409,
            body: {
              success: false,
              message: 'You cannot delete your own account',
              code: 'cannotDeleteSelf',
              values: {},
            },
          };
        }
        return { body: { success: true, AllUsers: [admin, sita], userDocCount: 2 } };
      });
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      renderRoute(<UsersTablePage />, { path: '/admin/view/users' });
      const row = (await screen.findByText('anil@example.com')).closest('tr') as HTMLElement;
      expect(document.title).toBe('सभी उपयोगकर्ता');
      expect(screen.getByRole('columnheader', { name: 'पहला नाम' })).toBeTruthy();
      // The roles in Hindi (the wire keeps Admin and User).
      expect(within(row).getByText('एडमिन')).toBeTruthy();
      const sitaRow = screen.getByText('sita@example.com').closest('tr') as HTMLElement;
      expect(within(sitaRow).getByText('उपयोगकर्ता')).toBeTruthy();
      expect(screen.queryByText(/^(Admin|User)$/, { selector: 'span' })).toBeNull();
      await userEvent.click(within(row).getByRole('button', { name: /हटाएँ/ }));
      expect((await screen.findByRole('alert')).textContent).toBe('आप अपना खुद का खाता नहीं हटा सकते');
    });

    it('Update User: Hindi labels and the role change answered in Hindi', async () => {
      stubFetch((call) =>
        call.method === 'PUT'
          ? {
              body: {
                success: true,
                message: 'User role updated',
                code: 'roleUpdated',
                values: {},
                isUserExit: { ...sita, role: 'Admin' },
              },
            }
          : { body: { success: true, user: sita } },
      );
      renderRoute(<UpdateUserPage />, { path: '/admin/update/:userId', url: '/admin/update/u1' });
      expect(((await screen.findByLabelText('नाम')) as HTMLInputElement).value).toBe('Sita Rao');
      expect(document.title).toBe('उपयोगकर्ता बदलें');
      expect((screen.getByLabelText('अभी की भूमिका') as HTMLInputElement).value).toBe('उपयोगकर्ता');
      await userEvent.selectOptions(screen.getByLabelText('भूमिका'), 'Admin');
      await userEvent.click(screen.getByRole('button', { name: 'भूमिका बदलें' }));
      expect(await screen.findByText('उपयोगकर्ता की भूमिका बदल दी गई')).toBeTruthy();
    });
  });
});
