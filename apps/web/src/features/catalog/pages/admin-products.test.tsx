import { MESSAGES } from '@mandi/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, shopProfile, stubFetch } from '../../../test-utils';
import { fruits, product, vegetables } from '../test-fixtures';
import AddProductPage from './add-product-page';
import ProductsTablePage from './products-table-page';
import UpdateProductPage from './update-product-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const categoriesAnswer = { body: { success: true, Categories: [fruits, vegetables] } };
/**
 * Submits the add form as its button would. jsdom judges a required file input empty even after
 * userEvent.upload, so the click itself would be blocked by constraint validation there.
 */
function submitAddForm() {
  fireEvent.submit(screen.getByRole('button', { name: 'Add Product' }).closest('form') as HTMLFormElement);
}

const picture = () => new File([new Uint8Array([137, 80, 78, 71])], 'tomato.png', { type: 'image/png' });

describe('Add Product', () => {
  async function fillForm(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Product Name'), 'Desi Tomato');
    await user.click(screen.getByRole('textbox', { name: 'Other names' }));
    await user.paste('tamatar, टमाटर');
    await user.type(screen.getByLabelText('Rate (₹ per Kg)'), '38.5');
    await user.type(screen.getByLabelText('Stocks (Kg)'), '120');
    await user.upload(screen.getByLabelText('Product Image'), picture());
  }

  it('shows the category message for 5 seconds and sends nothing when no category is chosen', async () => {
    const calls = stubFetch(() => categoriesAnswer);
    const user = userEvent.setup();
    renderAdmin(<AddProductPage />, { path: '/admin/add/products' });
    await screen.findByRole('option', { name: 'Vegetables' });
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveProperty('value', '');
    expect(screen.getByRole('option', { name: 'Choose Category' })).toBeTruthy();
    await fillForm(user);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    submitAddForm();
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.categoryMissing);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText(MESSAGES.categoryMissing)).toBeNull();
  });

  it('sells by the dozen: the unit’s usual quantities, editable, checked as the API checks them, sent with the unit', async () => {
    const calls = stubFetch((call) =>
      call.method === 'POST'
        ? { status: 201, body: { success: true, message: 'Product Added', newProduct: product() } }
        : categoriesAnswer,
    );
    const user = userEvent.setup();
    renderAdmin(<AddProductPage />, { path: '/admin/add/products' });
    await screen.findByRole('option', { name: 'Vegetables' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sold by the' }), 'dozen');
    expect(screen.getByRole('checkbox', { name: '1 dozen' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: '2 dozen' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: '3 dozen' })).toHaveProperty('checked', false);
    expect(screen.queryByRole('checkbox', { name: '0.5 KG' })).toBeNull();
    await user.type(screen.getByLabelText('Product Name'), 'Farm Fresh Eggs');
    await user.type(screen.getByLabelText('Rate (₹ per dozen)'), '84');
    await user.type(screen.getByLabelText('Stocks (dozen)'), '40');
    await user.upload(screen.getByLabelText('Product Image'), picture());
    // Half a dozen is not a whole number: refused before anything is sent.
    await user.type(screen.getByLabelText('Another quantity (dozen)'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Add quantity' }));
    expect(screen.getByRole('alert').textContent).toBe('1.5 is not a whole number from 1 to 50');
    await user.clear(screen.getByLabelText('Another quantity (dozen)'));
    await user.type(screen.getByLabelText('Another quantity (dozen)'), '6');
    await user.click(screen.getByRole('button', { name: 'Add quantity' }));
    expect(screen.getByRole('checkbox', { name: '6 dozen' })).toHaveProperty('checked', true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Vegetables');
    submitAddForm();

    expect(await screen.findByText(MESSAGES.productAdded)).toBeTruthy();
    const form = calls.find((call) => call.method === 'POST')?.form as FormData;
    expect(form.get('unit')).toBe('dozen');
    expect(form.getAll('kilogramOption')).toEqual(['1', '2', '6']);
  });

  it('sends every field as multipart, one kilogramOption per weight, and says Product Added..!!', async () => {
    const calls = stubFetch((call) =>
      call.method === 'POST'
        ? { status: 201, body: { success: true, message: 'Product Added', newProduct: product() } }
        : categoriesAnswer,
    );
    const user = userEvent.setup();
    renderAdmin(<AddProductPage />, { path: '/admin/add/products' });
    await screen.findByRole('option', { name: 'Vegetables' });
    await fillForm(user);
    expect(screen.getByRole('checkbox', { name: '0.5 KG' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('checkbox', { name: '2 KG' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Vegetables');
    submitAddForm();

    expect(await screen.findByText(MESSAGES.productAdded)).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/product/add');
    const form = post?.form as FormData;
    expect(form.get('name')).toBe('Desi Tomato');
    expect(form.get('aliases')).toBe('tamatar, टमाटर');
    expect(form.get('rate')).toBe('38.5');
    expect(form.get('stocks')).toBe('120');
    expect(form.get('category')).toBe('c-veg');
    expect(form.getAll('kilogramOption')).toEqual(['0.5', '2']);
    expect((form.get('image') as File).name).toBe('tomato.png');
    // The form is emptied for the next product.
    await waitFor(() => expect(screen.getByLabelText('Product Name')).toHaveProperty('value', ''));
  });

  it('shows each server problem on its own line', async () => {
    stubFetch((call) =>
      call.method === 'POST'
        ? { status: 400, body: { success: false, message: ['Name is required', 'Rate must be a number, 0 or more'] } }
        : categoriesAnswer,
    );
    const user = userEvent.setup();
    renderAdmin(<AddProductPage />, { path: '/admin/add/products' });
    await screen.findByRole('option', { name: 'Vegetables' });
    await fillForm(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Vegetables');
    submitAddForm();
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByText(/./)
        .map((line) => line.textContent),
    ).toEqual(['Name is required', 'Rate must be a number, 0 or more']);
  });
});

describe('Products table', () => {
  it('lists products with rate per Kg, category, stock status and actions; delete confirms and refreshes', async () => {
    let products = [product(), product({ _id: 'p-2', name: 'Green Peas', stocks: 0, rate: 99, category: fruits })];
    const calls = stubFetch((call) => {
      if (call.method === 'DELETE') {
        products = products.filter((one) => !call.path.endsWith(one._id));
        return { body: { success: true, message: 'Product Deleted' } };
      }
      return { body: { success: true, products, productsDocCount: products.length } };
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAdmin(<ProductsTablePage />, { path: '/admin/view/products' });

    const tomatoRow = (await screen.findByText('Desi Tomato')).closest('tr') as HTMLElement;
    expect(within(tomatoRow).getByText('₹38.50/Kg')).toBeTruthy();
    expect(within(tomatoRow).getByText('Vegetables')).toBeTruthy();
    expect(within(tomatoRow).getByText('In Stock').className).toContain('text-green');
    const peasRow = screen.getByText('Green Peas').closest('tr') as HTMLElement;
    expect(within(peasRow).getByText('Out Of Stock').className).toContain('text-red');
    expect(within(peasRow).getByRole('link', { name: 'Edit Green Peas' }).getAttribute('href')).toBe(
      '/admin/update/products/p-2',
    );

    await user.click(within(peasRow).getByRole('button', { name: 'Delete Green Peas' }));
    expect(confirm).toHaveBeenCalled();
    expect(await screen.findByText(MESSAGES.productDeleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Green Peas')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/product/delete/p-2')).toBe(true);
  });

  it('shows the server message when a delete fails, and sends nothing when not confirmed', async () => {
    const calls = stubFetch((call) =>
      call.method === 'DELETE'
        ? { status: 404, body: { success: false, message: 'Product not found' } }
        : { body: { success: true, products: [product()], productsDocCount: 1 } },
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderAdmin(<ProductsTablePage />, { path: '/admin/view/products' });
    const button = await screen.findByRole('button', { name: 'Delete Desi Tomato' });
    await user.click(button);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await user.click(button);
    expect(confirm).toHaveBeenCalledTimes(2);
    expect((await screen.findByRole('alert')).textContent).toBe('Product not found');
  });
});

describe('Update Product', () => {
  it('is prefilled from the values passed along, with 0.5 KG pre-checked, and shows the server message', async () => {
    const calls = stubFetch((call) =>
      call.method === 'PUT' ? { body: { success: true, message: 'Product Updated' } } : categoriesAnswer,
    );
    const user = userEvent.setup();
    renderAdmin(<UpdateProductPage />, {
      path: '/admin/update/products/:productId',
      url: '/admin/update/products/p-1',
      state: { product: product({ aliases: ['tamatar', 'टमाटर'] }) },
    });
    await screen.findByRole('option', { name: 'Vegetables' });
    expect(screen.getByLabelText('Product Name')).toHaveProperty('value', 'Desi Tomato');
    const otherNames = screen.getByRole('textbox', { name: 'Other names' });
    expect(otherNames).toHaveProperty('value', 'tamatar, टमाटर');
    expect(otherNames.getAttribute('placeholder')).toBe('e.g. aloo, आलू');
    expect(screen.getByText('Hindi and local names, separated by commas').id).toBe(
      otherNames.getAttribute('aria-describedby'),
    );
    expect(screen.getByLabelText('Rate (₹ per Kg)')).toHaveProperty('value', '38.5');
    expect(screen.getByLabelText('Stocks (Kg)')).toHaveProperty('value', '12');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveProperty('value', 'c-veg');
    for (const weight of ['0.5 KG', '1 KG', '2 KG']) {
      expect(screen.getByRole('checkbox', { name: weight })).toHaveProperty('checked', true);
    }
    expect(screen.getByRole('checkbox', { name: '1.5 KG' })).toHaveProperty('checked', false);
    expect(calls.some((call) => call.path.includes('getSingleProduct'))).toBe(false);

    await user.clear(screen.getByLabelText('Rate (₹ per Kg)'));
    await user.type(screen.getByLabelText('Rate (₹ per Kg)'), '40');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product Updated')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/product/update/p-1');
    expect(put?.form?.get('rate')).toBe('40');
    expect(put?.form?.get('aliases')).toBe('tamatar, टमाटर');
    // No new picture chosen: no image part, the server keeps the current one.
    expect(put?.form?.has('image')).toBe(false);
  });

  it('reads the product from the server on a deep link, and alerts when the category is emptied', async () => {
    const calls = stubFetch((call) =>
      call.path.startsWith('/api/admin/products/')
        ? { body: { success: true, product: { ...product({ name: 'Okra' }), plu: 42, costRate: null } } }
        : categoriesAnswer,
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAdmin(<UpdateProductPage />, {
      path: '/admin/update/products/:productId',
      url: '/admin/update/products/p-1',
    });
    expect(await screen.findByDisplayValue('Okra')).toBeTruthy();
    // The admin's read carries the PLU, so saving keeps it.
    expect(screen.getByLabelText('PLU (optional)')).toHaveProperty('value', '42');
    await screen.findByRole('option', { name: 'Vegetables' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Choose Category');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(alert).toHaveBeenCalledWith(MESSAGES.categoryMissing);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });
});

describe('Product tax fields (HSN code, GST rate)', () => {
  const taxHelp =
    'HSN is the tax code of the goods printed on the bill (4 to 8 digits, e.g. 0702 for tomatoes). ' +
    'Prices include GST. Fresh fruit and vegetables are 0 %. Left empty, both take the category’s default.';

  it('adds a product without them (the category default applies), or with the ones chosen', async () => {
    const calls = stubFetch((call) =>
      call.method === 'POST'
        ? { status: 201, body: { success: true, message: 'Product Added', newProduct: product() } }
        : categoriesAnswer,
    );
    const user = userEvent.setup();
    renderAdmin(<AddProductPage />, { path: '/admin/add/products' });
    await screen.findByRole('option', { name: 'Vegetables' });
    const hsn = screen.getByRole('textbox', { name: 'HSN code' });
    const gst = screen.getByRole('combobox', { name: 'GST rate' });
    expect(hsn).toHaveProperty('value', '');
    expect(hsn.getAttribute('inputmode')).toBe('numeric');
    expect(gst).toHaveProperty('value', '');
    expect(
      within(gst)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Category default', '0 % (exempt)', '5 %', '12 %', '18 %', '40 %']);
    const help = screen.getByText(taxHelp);
    expect(hsn.getAttribute('aria-describedby')).toBe(help.id);
    expect(gst.getAttribute('aria-describedby')).toBe(help.id);

    const fill = async (name: string) => {
      await user.type(screen.getByLabelText('Product Name'), name);
      await user.type(screen.getByLabelText('Rate (₹ per Kg)'), '560');
      await user.type(screen.getByLabelText('Stocks (Kg)'), '10');
      await user.upload(screen.getByLabelText('Product Image'), picture());
      await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Vegetables');
    };
    await fill('Plain Curd');
    submitAddForm();
    await screen.findByText(MESSAGES.productAdded);
    const first = calls.filter((call) => call.method === 'POST')[0]?.form as FormData;
    expect(first.has('hsnCode')).toBe(false);
    expect(first.has('gstRate')).toBe(false);

    await waitFor(() => expect(screen.getByLabelText('Product Name')).toHaveProperty('value', ''));
    await fill('Desi Ghee');
    await user.type(screen.getByRole('textbox', { name: 'HSN code' }), ' 0405 ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'GST rate' }), '5 %');
    submitAddForm();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    const second = calls.filter((call) => call.method === 'POST')[1]?.form as FormData;
    expect(second.get('hsnCode')).toBe('0405');
    expect(second.get('gstRate')).toBe('5');
  });

  it('opens an edit with the product’s own code and rate, and sends the changed rate', async () => {
    const calls = stubFetch((call) =>
      call.method === 'PUT' ? { body: { success: true, message: 'Product Updated' } } : categoriesAnswer,
    );
    const user = userEvent.setup();
    renderAdmin(<UpdateProductPage />, {
      path: '/admin/update/products/:productId',
      url: '/admin/update/products/p-1',
      state: { product: product({ name: 'Amul Butter', hsnCode: '0405', gstRate: 12 }) },
    });
    await screen.findByRole('option', { name: 'Vegetables' });
    expect(screen.getByRole('textbox', { name: 'HSN code' })).toHaveProperty('value', '0405');
    expect(screen.getByRole('combobox', { name: 'GST rate' })).toHaveProperty('value', '12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'GST rate' }), '5 %');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product Updated')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.form?.get('hsnCode')).toBe('0405');
    expect(put?.form?.get('gstRate')).toBe('5');
  });

  it('a real shop’s products table opens on the name, the Id cut short before the actions with a Copy button', async () => {
    stubFetch(() => ({ body: { success: true, products: [product()], productsDocCount: 1 } }));
    const user = userEvent.setup();
    renderAdmin(<ProductsTablePage />, { path: '/admin/view/products', shop: shopProfile({ demo: false }) });
    const row = (await screen.findByText('Desi Tomato')).closest('tr') as HTMLElement;
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers[0]).toBe('Name');
    expect(headers.slice(-2)).toEqual(['Id', 'Actions']);
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]?.textContent).toBe('Desi Tomato');
    const id = product()._id;
    expect(within(cells.at(-2) as HTMLElement).getByTitle(id).textContent).toBe(id);
    await user.click(within(row).getByRole('button', { name: 'Copy the id of Desi Tomato' }));
    expect(await navigator.clipboard.readText()).toBe(id);
  });

  it('shows each product’s GST rate in the products table', async () => {
    stubFetch(() => ({
      body: {
        success: true,
        products: [product(), product({ _id: 'p-2', name: 'Desi Ghee', gstRate: 5, hsnCode: '0405' })],
        productsDocCount: 2,
      },
    }));
    renderAdmin(<ProductsTablePage />, { path: '/admin/view/products' });
    const ghee = (await screen.findByText('Desi Ghee')).closest('tr') as HTMLElement;
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    // The demo's columns are the spec's, Id first.
    const column = headers.indexOf('GST');
    expect(column).toBe(4);
    expect(within(ghee).getAllByRole('cell')[column]?.textContent).toBe('5%');
    const tomato = screen.getByText('Desi Tomato').closest('tr') as HTMLElement;
    expect(within(tomato).getAllByRole('cell')[column]?.textContent).toBe('0%');
  });
});
