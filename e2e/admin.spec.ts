/** Journey: an admin runs the catalogue, an order, a user and a review from the dashboard. */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN, logIn } from './support';

async function pngFile(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 96, height: 96, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function dashboardTotal(page: Page): Promise<string> {
  await page.goto('/admin/home');
  await expect(page).toHaveTitle('Admin Dashboard');
  const box = page
    .locator('a, div, section')
    .filter({ hasText: /^Total Amount/ })
    .last();
  await expect(box).toContainText('₹');
  return ((await box.textContent()) ?? '').replace(/\s+/g, ' ');
}

test('admin: category and product with pictures, stock to zero, order to Delivered, role change, review removed', async ({
  page,
}) => {
  page.on('dialog', (dialog) => void dialog.accept());
  const stamp = Date.now().toString(36);
  const categoryName = `Herbs ${stamp}`;
  const productName = `Tulsi Leaves ${stamp}`;

  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);

  // A category with an image.
  await page.goto('/admin/add/category');
  await page.getByLabel('Category Name').fill(categoryName);
  await page.getByLabel('Category Image').setInputFiles(await pngFile('herbs.png', '#2f855a'));
  await page.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText('Category Added..!!')).toBeVisible();

  // A product in it.
  await page.goto('/admin/add/products');
  await page.getByLabel('Product Name').fill(productName);
  await page.getByLabel('Rate (₹ per Kg)').fill('85');
  await page.getByLabel('Stocks (kg)').fill('12');
  await page.getByLabel('1 KG', { exact: true }).check();
  await page.getByLabel('Category').selectOption({ label: categoryName });
  await page.getByLabel('Product Image').setInputFiles(await pngFile('tulsi.png', '#38a169'));
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product Added..!!')).toBeVisible();

  // The shop shows it with its picture.
  await page.goto(`/products/${encodeURIComponent(productName)}`);
  const card = page.getByRole('article').filter({ hasText: productName });
  await expect(card).toBeVisible();
  const picture = card.locator('img').first();
  await expect(picture).toHaveAttribute('src', /\/api\/images\//);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(card.getByRole('button', { name: 'Add To Cart' })).toBeVisible();

  // Edit its rate and take its stock to zero.
  await page.goto('/admin/view/products');
  await page.getByRole('link', { name: `Edit ${productName}` }).click();
  await expect(page.getByLabel('Product Name')).toHaveValue(productName);
  await page.getByLabel('Rate (₹ per Kg)').fill('90');
  await page.getByLabel('Stocks (kg)').fill('0');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page.getByText(/updated/i).first()).toBeVisible();
  await page.goto(`/products/${encodeURIComponent(productName)}`);
  await expect(card.getByText('OUT OF STOCK')).toBeVisible();
  await expect(card.getByText(/90/)).toBeVisible();

  // Move a Processing order to Shipped, then Delivered, and watch the Total Amount change.
  const before = await dashboardTotal(page);
  await page.goto('/admin/view/orders');
  const processingRow = page.getByRole('row').filter({ hasText: 'Processing' }).first();
  await processingRow.getByRole('link').first().click();
  await expect(page.getByText('Processing').first()).toBeVisible();
  await page.getByRole('button', { name: 'Update Status' }).click(); // empty choice: alert, nothing sent
  await page.getByLabel('Order Status').selectOption('Shipped');
  await page.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByLabel('Order Status').locator('option', { hasText: 'Delivered' })).toBeAttached();
  await page.getByLabel('Order Status').selectOption('Delivered');
  await page.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByRole('button', { name: 'Update Status' })).toHaveCount(0);
  const after = await dashboardTotal(page);
  expect(after).not.toBe(before);

  // Change a user's role.
  await page.goto('/admin/view/users');
  await page.getByRole('link', { name: /Edit Meera Nair/ }).click();
  await page.getByLabel('Role', { exact: true }).selectOption('Admin');
  await page.getByRole('button', { name: 'Update Role' }).click();
  await expect(page.getByText(/updated|role/i).first()).toBeVisible();
  await page.goto('/admin/view/users');
  await expect(page.getByRole('row').filter({ hasText: 'meera.nair@example.com' })).toContainText('Admin');

  // Delete a review.
  await page.goto('/admin/view/reviews');
  const reviewRow = page.getByRole('row').filter({ hasText: 'Arjun' });
  await expect(reviewRow).toHaveCount(1);
  await page.getByRole('button', { name: /Delete the review by Arjun Reddy/ }).click();
  await expect(reviewRow).toHaveCount(0);
  await page.goto('/reviews/all');
  await expect(page.getByText('Arjun Reddy')).toHaveCount(0);
});

test('a shopper cannot reach admin screens', async ({ page, request }) => {
  const { registerShopper } = await import('./support');
  const shopper = await registerShopper(request, 'Isha');
  await logIn(page, shopper.email, shopper.password);
  await page.goto('/admin/home');
  await expect(page.getByText('404 Page Not Found').first()).toBeVisible();
  const response = await page.request.get('/api/user/admin/user');
  expect(response.status()).toBe(403);
});
