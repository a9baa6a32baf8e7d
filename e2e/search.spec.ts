/** Search journeys (decision 0009): the header search suggests products the way shoppers type them. */
import { expect, test } from '@playwright/test';

async function openSearch(page: import('@playwright/test').Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  return page.getByRole('combobox', { name: 'Search products' });
}

test('typing "tamat" suggests Desi Tomato; arrow keys and Enter open its product page', async ({ page }) => {
  const box = await openSearch(page);
  await box.pressSequentially('tamat');
  const listbox = page.getByRole('listbox', { name: 'Suggestions' });
  const tomato = listbox.getByRole('option', { name: /Desi Tomato/ });
  await expect(tomato).toBeVisible();
  await expect(tomato).toContainText('₹ 38/Kg');
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  await box.press('ArrowDown');
  await expect(tomato).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await tomato.getAttribute('id')) ?? '');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Desi Tomato' })).toBeVisible();
});

test('"aloo" and "आलू" find potatoes; Enter without a highlight searches the text', async ({ page }) => {
  const box = await openSearch(page);
  await box.pressSequentially('aloo');
  await expect(
    page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /Agra Potato/ }),
  ).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\/aloo$/);
  await expect(page.getByRole('article', { name: 'Agra Potato' })).toBeVisible();

  await page.goto(`/products/${encodeURIComponent('आलू')}`);
  await expect(page.getByRole('article', { name: 'Agra Potato' })).toBeVisible();
});

test('a typo still finds the product, and an empty search asks "Did you mean"', async ({ page }) => {
  await page.goto('/products/tomatos');
  await expect(page.getByRole('article', { name: 'Desi Tomato' })).toBeVisible();

  await page.goto('/products/tomtao');
  await expect(page.getByText('Sorry Products Not Found..!')).toBeVisible();
  const hints = page.getByRole('list', { name: 'Did you mean' });
  await hints.getByRole('link', { name: 'Desi Tomato' }).click();
  await expect(page).toHaveURL(/\/products\/Desi%20Tomato$/);
  await expect(page.getByRole('article', { name: 'Desi Tomato' })).toBeVisible();
});
