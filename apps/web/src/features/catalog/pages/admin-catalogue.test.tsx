import { MESSAGES } from '@mandi/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '../../../lib/types';
import { renderAdmin, stubFetch } from '../../../test-utils';
import { fruits, vegetables } from '../test-fixtures';
import AddCategoryPage from './add-category-page';
import CategoriesTablePage from './categories-table-page';
import UpdateCategoryPage from './update-category-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('categories', () => {
  it('adds a category with its image and says Category Added..!!', async () => {
    const calls = stubFetch(() => ({
      status: 201,
      body: { success: true, message: 'Category Added', newCategory: vegetables },
    }));
    const user = userEvent.setup();
    renderAdmin(<AddCategoryPage />, { path: '/admin/add/category' });
    await user.type(screen.getByLabelText('Category Name'), 'Vegetables');
    await user.upload(screen.getByLabelText('Category Image'), new File(['x'], 'veg.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'Preview of the chosen image' })).toBeTruthy();
    // jsdom treats a required file input as empty even after an upload, so submit the form directly.
    fireEvent.submit(screen.getByRole('button', { name: 'Add Category' }).closest('form') as HTMLFormElement);
    expect(await screen.findByText(MESSAGES.categoryAdded)).toBeTruthy();
    const form = calls[0]?.form as FormData;
    expect(calls[0]?.path).toBe('/api/category/add');
    expect(form.get('categoryName')).toBe('Vegetables');
    expect((form.get('categoryImage') as File).name).toBe('veg.png');
    await waitFor(() => expect(screen.getByLabelText('Category Name')).toHaveProperty('value', ''));
  });

  it('shows the server message when a category cannot be added', async () => {
    stubFetch(() => ({ status: 409, body: { success: false, message: 'A category named Fruits already exists' } }));
    const user = userEvent.setup();
    renderAdmin(<AddCategoryPage />, { path: '/admin/add/category' });
    await user.type(screen.getByLabelText('Category Name'), 'Fruits');
    fireEvent.submit(screen.getByRole('button', { name: 'Add Category' }).closest('form') as HTMLFormElement);
    expect((await screen.findByRole('alert')).textContent).toBe('A category named Fruits already exists');
  });

  it('lists categories; a refused delete shows the reason, a delete refreshes the list', async () => {
    let categories: Category[] = [fruits, vegetables];
    let isRefused = true;
    stubFetch((call) => {
      if (call.method === 'DELETE') {
        if (isRefused) {
          isRefused = false;
          return {
            status: 409,
            body: { success: false, message: 'Category still has 3 products: move or delete them first' },
          };
        }
        categories = categories.filter((one) => !call.path.endsWith(one._id));
        return { body: { success: true, message: 'Category Deleted', DeletedCategory: fruits } };
      }
      return { body: { success: true, message: 'Categories', Categories: categories } };
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAdmin(<CategoriesTablePage />, { path: '/admin/view/category' });
    const row = (await screen.findByText('Fruits')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Edit Fruits' }).getAttribute('href')).toBe(
      '/admin/update/category/c-fruit',
    );
    await user.click(within(row).getByRole('button', { name: 'Delete Fruits' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Category still has 3 products: move or delete them first',
    );
    await user.click(within(row).getByRole('button', { name: 'Delete Fruits' }));
    expect(await screen.findByText('Category Deleted')).toBeTruthy();
    // Both at once: while the table reloads, neither row is on screen.
    await waitFor(() => {
      expect(screen.queryByText('Fruits')).toBeNull();
      expect(screen.getByText('Vegetables')).toBeTruthy();
    });
  });

  it('updates a category name without sending an image unless one is chosen', async () => {
    const calls = stubFetch((call) =>
      call.method === 'PUT'
        ? { body: { success: true, message: 'Category Updated' } }
        : { body: { success: true, Categories: [fruits, vegetables] } },
    );
    const user = userEvent.setup();
    renderAdmin(<UpdateCategoryPage />, {
      path: '/admin/update/category/:categoryId',
      url: '/admin/update/category/c-veg',
    });
    const name = await screen.findByDisplayValue('Vegetables');
    expect(screen.getByRole('img', { name: 'Current image' }).getAttribute('src')).toBe('/api/images/c1');
    await user.clear(name);
    await user.type(name, 'Fresh Vegetables');
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    expect(await screen.findByText('Category Updated')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/category/update/c-veg');
    expect(put?.form?.get('categoryName')).toBe('Fresh Vegetables');
    expect(put?.form?.has('categoryImage')).toBe(false);
  });
});
