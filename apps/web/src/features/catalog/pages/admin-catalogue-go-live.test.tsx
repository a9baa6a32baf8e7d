/**
 * Issue 42 on the admin's catalogue forms: the picture is optional for a real shop (and says what
 * shoppers see without one) while the demo keeps it required (decision 0057); a category's Hindi
 * name is set on the add and update forms and sent with them.
 */
import { MESSAGES } from '@mandi/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, renderWithShop, shopProfile, stubFetch } from '../../../test-utils';
import { fruits, product, vegetables } from '../test-fixtures';
import AddCategoryPage from './add-category-page';
import AddProductPage from './add-product-page';
import UpdateCategoryPage from './update-category-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const realShop = shopProfile({ demo: false });
const PLACEHOLDER_HELP = 'Without a picture, shoppers see its name on a placeholder in the shop’s colours.';
const submit = (button: string) =>
  fireEvent.submit(screen.getByRole('button', { name: button }).closest('form') as HTMLFormElement);

describe('Add Category', () => {
  it('a real shop: the picture is optional and the category is sent without one, with its Hindi name', async () => {
    const calls = stubFetch(() => ({
      status: 201,
      body: { success: true, message: 'Category Added', newCategory: vegetables },
    }));
    const user = userEvent.setup();
    renderWithShop(<AddCategoryPage />, realShop, '/admin/add/category');
    const picture = screen.getByLabelText('Category Image (optional)');
    expect(picture).toHaveProperty('required', false);
    expect(document.getElementById(picture.getAttribute('aria-describedby') ?? '')?.textContent).toBe(PLACEHOLDER_HELP);
    await user.type(screen.getByLabelText('Category Name'), 'Vegetables');
    const hindi = screen.getByLabelText('Name in Hindi (optional)');
    expect(hindi.getAttribute('lang')).toBe('hi');
    expect(hindi.getAttribute('maxLength')).toBe('60');
    await user.type(hindi, 'सब्ज़ियाँ');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));

    expect(await screen.findByText(MESSAGES.categoryAdded)).toBeTruthy();
    const form = calls.find((call) => call.method === 'POST')?.form as FormData;
    expect(form.get('categoryName')).toBe('Vegetables');
    expect(form.get('categoryNameHi')).toBe('सब्ज़ियाँ');
    expect(form.has('categoryImage')).toBe(false);
    // Emptied for the next category, the Hindi name too.
    await waitFor(() => expect(screen.getByLabelText('Name in Hindi (optional)')).toHaveProperty('value', ''));
  });

  it('the demo: the picture stays required, as the spec says', () => {
    stubFetch(() => undefined);
    renderWithShop(<AddCategoryPage />, shopProfile(), '/admin/add/category');
    expect(screen.getByLabelText('Category Image')).toHaveProperty('required', true);
    expect(screen.queryByText(PLACEHOLDER_HELP)).toBeNull();
  });
});

describe('Update Category', () => {
  const update = (category: typeof vegetables) => {
    const calls = stubFetch((call) =>
      call.method === 'PUT'
        ? { body: { success: true, message: 'Category Updated' } }
        : { body: { success: true, Categories: [fruits, category] } },
    );
    renderAdmin(<UpdateCategoryPage />, {
      path: '/admin/update/category/:categoryId',
      url: `/admin/update/category/${category._id}`,
    });
    return calls;
  };

  it('shows the Hindi name and sends it as changed, or empty to clear it', async () => {
    const calls = update({ ...vegetables, categoryNameHi: 'सब्ज़ी' });
    const user = userEvent.setup();
    const hindi = await screen.findByDisplayValue('सब्ज़ी');
    await user.clear(hindi);
    await user.type(hindi, 'ताज़ी सब्ज़ियाँ');
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    expect(await screen.findByText('Category Updated')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.form?.get('categoryNameHi')).toBe('ताज़ी सब्ज़ियाँ');

    await user.clear(hindi);
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.form?.get('categoryNameHi')).toBe('');
  });

  it('leaves a Hindi name it was not told of as it is, unless one is typed', async () => {
    const calls = update(vegetables);
    const user = userEvent.setup();
    await screen.findByDisplayValue('Vegetables');
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    expect(await screen.findByText('Category Updated')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.form?.has('categoryNameHi')).toBe(false);
  });
});

describe('Add Product', () => {
  it('a real shop: the picture is optional, and the product is sent without one', async () => {
    const calls = stubFetch((call) =>
      call.method === 'POST'
        ? { status: 201, body: { success: true, message: 'Product Added', newProduct: product() } }
        : { body: { success: true, Categories: [fruits, vegetables] } },
    );
    const user = userEvent.setup();
    renderWithShop(<AddProductPage />, realShop, '/admin/add/products');
    await screen.findByRole('option', { name: 'Vegetables' });
    const picture = screen.getByLabelText('Product Image (optional)');
    expect(picture).toHaveProperty('required', false);
    expect(screen.getByText(PLACEHOLDER_HELP)).toBeTruthy();
    await user.type(screen.getByLabelText('Product Name'), 'Mango Pickle');
    await user.type(screen.getByLabelText('Rate (₹ per Kg)'), '120');
    await user.type(screen.getByLabelText('Stocks (Kg)'), '8');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Vegetables');
    submit('Add Product');

    expect(await screen.findByText(MESSAGES.productAdded)).toBeTruthy();
    const form = calls.find((call) => call.method === 'POST')?.form as FormData;
    expect(form.get('name')).toBe('Mango Pickle');
    expect(form.has('image')).toBe(false);
  });

  it('the demo: the picture stays required', async () => {
    stubFetch(() => ({ body: { success: true, Categories: [fruits, vegetables] } }));
    renderWithShop(<AddProductPage />, shopProfile(), '/admin/add/products');
    await screen.findByRole('option', { name: 'Vegetables' });
    expect(screen.getByLabelText('Product Image')).toHaveProperty('required', true);
    expect(screen.queryByText(PLACEHOLDER_HELP)).toBeNull();
  });
});
