/**
 * Admin at scale (decision 0015): with 10,000 products and 20,000 users the admin tables open on their
 * first 50 rows, find a product by name, page and sort, all on the server.
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, logIn } from '../support';

const productRows = (page: Page) => page.getByRole('table', { name: 'All products' }).locator('tbody tr');

test('admin products table finds a product by name among 10,000 and pages', async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/view/products');
  const pages = page.getByRole('navigation', { name: 'Products pages' });
  await expect(pages.getByText('Products 1–50 of 10,000')).toBeVisible();
  await expect(productRows(page)).toHaveCount(50);

  // Pages on the server, the page in the address.
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/admin\/view\/products\?page=2$/);
  await expect(pages.getByText('Products 51–100 of 10,000')).toBeVisible();
  await expect(productRows(page)).toHaveCount(50);

  // One product deep in the catalogue, named as the table shows it.
  const answer = await page.request.get('/api/admin/products?page=4321&limit=1');
  expect(answer.status()).toBe(200);
  const target = ((await answer.json()) as { products: { name: string }[] }).products[0]?.name as string;
  expect(target).toMatch(/ \d+$/);

  const search = page.getByRole('searchbox', { name: 'Search products by name' });
  await search.fill(target.toUpperCase());
  await expect(page).toHaveURL(/[?&]q=/);
  // Other names may hold this one ("… 12" in "… 126"), so the count is small, not always 1.
  await expect(page.getByRole('table', { name: 'All products' }).getByText(target, { exact: true })).toBeVisible();
  expect(await productRows(page).count()).toBeLessThan(50);

  // A wider search pages through its own matches.
  const noun = target.split(' ')[1] as string;
  await search.fill(noun);
  await expect(pages.getByText(/^Products 1–50 of [\d,]+$/)).toBeVisible();
  const firstPageNames = await productRows(page).locator('td:nth-child(2)').allTextContents();
  expect(firstPageNames).toHaveLength(50);
  for (const name of firstPageNames) expect(name.toLowerCase()).toContain(noun.toLowerCase());
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${noun}.*page=2|page=2.*q=${noun}`));
  await expect(pages.getByText(/^Products 51–100 of [\d,]+$/)).toBeVisible();
  const secondPageNames = await productRows(page).locator('td:nth-child(2)').allTextContents();
  for (const name of secondPageNames) expect(name.toLowerCase()).toContain(noun.toLowerCase());
  expect(secondPageNames.some((name) => firstPageNames.includes(name))).toBe(false);

  // Sorted by rate on the server, from page 1.
  const rateHeader = page.getByRole('columnheader', { name: 'Rate' });
  await rateHeader.getByRole('button').click();
  await expect(rateHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(pages.getByText(/^Products 1–50 of [\d,]+$/)).toBeVisible();
  const rates = (await productRows(page).locator('td:nth-child(4)').allTextContents()).map((text) =>
    Number(text.replace(/[^\d.]/g, '')),
  );
  expect(rates).toEqual([...rates].sort((a, b) => a - b));
});

test('admin users table finds a shopper among 20,000 by email', async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/view/users');
  const pages = page.getByRole('navigation', { name: 'Users pages' });
  await expect(pages.getByText(/^Users 1–50 of [\d,]+$/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill('shopper12345@');
  const rows = page.getByRole('table', { name: 'All users' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('shopper12345@scale.mandi.local');
});
