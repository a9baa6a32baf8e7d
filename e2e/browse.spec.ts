/** Journeys: a visitor browses the seeded shop. */
import { expect, test } from '@playwright/test';

test('home shows new products, categories and customer reviews', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home');
  await expect(page.getByRole('heading', { name: 'New Products' })).toBeVisible();
  // The newest seeded product leads the New Products slider.
  await expect(page.getByText('Roasted Chestnuts').first()).toBeVisible();
  await expect(page.getByText('Fresh Dairy')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
  await expect(page.getByText(/Priya\s+Sharma/).first()).toBeAttached();
  await expect(page.getByRole('link', { name: /shop now/i }).first()).toBeVisible();
});

test('a category card leads to that category’s products', async ({ page }) => {
  await page.goto('/');
  const dairyCard = page.locator('a[href*="categoryName=Dairy"]').first();
  await dairyCard.click();
  await expect(page).toHaveURL(/\/products\?categoryId=.+&categoryName=Dairy/);
  await expect(page).toHaveTitle('Fresh Products');
  await expect(page.getByRole('heading', { name: 'Fresh Dairy' })).toBeVisible();
  await expect(page.getByText('Malai Paneer')).toBeVisible();
  await expect(page.getByText('Robusta Banana')).toHaveCount(0);
});

test('the header search goes to the keyword listing, trimmed', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('button', { name: /search/i })
    .first()
    .click();
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('  mango  ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\/mango$/);
  await expect(page.getByText('Alphonso Mango')).toBeVisible();
  await expect(page.getByText('Robusta Banana')).toHaveCount(0);

  await page
    .getByRole('button', { name: /search/i })
    .first()
    .click();
  await page.getByRole('combobox', { name: 'Search products' }).fill('   ');
  await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL(/\/products$/);
});

test('filter by category and price, then clear the filter', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Fresh Products' })).toBeVisible();
  await expect(page.getByText('Robusta Banana')).toBeVisible();

  await page
    .getByRole('button', { name: /filter/i })
    .first()
    .click();
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(page.getByText('Please Select Filter First..!!')).toBeVisible();

  await page.getByRole('button', { name: 'Dairy', exact: true }).click();
  await page
    .getByRole('combobox')
    .filter({ has: page.locator('option', { hasText: '60' }) })
    .first()
    .selectOption('40-60');
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(page.getByText('Cow Milk (A2)')).toBeVisible();
  await expect(page.getByText('Malai Paneer')).toHaveCount(0);
  await expect(page.getByText('Robusta Banana')).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear Filter' }).click();
  await expect(page.getByText('Robusta Banana')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear Filter' })).toHaveCount(0);
});

test('out-of-stock products are marked and cannot be added', async ({ page }) => {
  await page.goto('/products/coconut');
  await expect(page.getByText('Tender Coconut')).toBeVisible();
  await expect(page.getByText('OUT OF STOCK')).toBeVisible();
  await expect(page.getByRole('button', { name: /add to cart/i })).toHaveCount(0);
});

test('adding to the cart shows the badge, the in-cart marker and the dropdown', async ({ page }) => {
  await page.goto('/products/banana');
  await page.getByRole('combobox').first().selectOption({ label: '1.5 Kg' });
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await expect(page.getByText('1.5 kg in cart')).toBeVisible();
  await page.getByRole('button', { name: /cart/i }).first().click();
  await expect(page.getByRole('link', { name: 'Go To Cart' })).toBeVisible();
  // 48 ₹/kg × 1.5 Kg
  await expect(page.getByText('₹72').first()).toBeVisible();

  // The cart survives a reload (local storage).
  await page.reload();
  await expect(page.getByText('1.5 kg in cart')).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/aisle');
  await expect(page.getByText('404 Page Not Found').first()).toBeVisible();
  const api = await page.request.get('/api/no/such/route');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ success: false });
});

test('the About page says it is a sample site', async ({ page }) => {
  await page.goto('/about');
  await expect(page).toHaveTitle('About Us');
  await expect(page.getByText(/sample/i).first()).toBeVisible();
});
