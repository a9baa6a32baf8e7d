/**
 * The product page on a phone (decision 0024): a shopper types "tamat" in the header search, sees
 * the suggestions whole (not clipped by the search panel), taps one through to its product page
 * and adds it to the cart; the page is axe clean and no wider than the phone. At 360 and 412 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { axe } from './support';

/** Serious and critical axe findings of the page as it is now. */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await axe(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const width of [360, 412]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, hasTouch: true, isMobile: true });

    test('"tamat" in the header search, a tap on the suggestion, its product page, Add To Cart', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Search', exact: true }).first().tap();
      const box = page.getByRole('combobox', { name: 'Search products' });
      await box.pressSequentially('tamat');
      const listbox = page.getByRole('listbox', { name: 'Suggestions' });
      const tomato = listbox.getByRole('option', { name: /Desi Tomato/ });
      await expect(tomato).toBeVisible();
      await expect(tomato).toContainText('₹ 38/Kg');

      // Seen whole: the option's middle is the option itself (nothing clips or covers it), inside the viewport.
      const bounds = await tomato.boundingBox();
      expect(bounds).not.toBeNull();
      if (!bounds) return;
      expect(bounds.height).toBeGreaterThanOrEqual(44);
      expect(bounds.y + bounds.height).toBeLessThanOrEqual(800);
      const isOnTop = await tomato.evaluate((option) => {
        const box = option.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && option.contains(hit);
      });
      expect(isOnTop).toBe(true);
      await expect(tomato).toHaveAttribute('href', /^\/product\/[0-9a-f-]{36}$/);

      await tomato.tap();
      await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Desi Tomato' })).toBeVisible();
      await expect(page).toHaveTitle('Desi Tomato (टमाटर), ₹ 38/Kg | Mandi');
      await expect(page.getByText('₹ 38/Kg', { exact: true })).toBeVisible();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
      await expect(crumbs.getByRole('link', { name: 'Vegetables' })).toBeVisible();

      const quantities = page.getByRole('group', { name: 'Choose a quantity' });
      await quantities.getByText('1 Kg', { exact: true }).tap();
      await expect(quantities.getByRole('radio', { name: '1 Kg', exact: true })).toBeChecked();
      await page.getByRole('button', { name: 'Add To Cart' }).tap();
      await expect(page.getByText('Added to your cart.')).toBeVisible();
      const cart = await page.evaluate(() => localStorage.getItem('user-cart') ?? '');
      expect(cart).toContain('Desi Tomato');

      // No wider than the phone, and axe clean.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await axeFindings(page)).toEqual([]);
    });
  });
}

test('the served page carries the product’s title, Open Graph tags and JSON-LD; an unknown product is a 404 with a not-found page', async ({
  page,
  request,
}) => {
  const { suggestions } = await (await request.get('/api/product/suggest?q=tamat')).json();
  const id = suggestions[0]._id as string;
  const served = await request.get(`/product/${id}`);
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).toContain('<title>Desi Tomato (टमाटर), ₹ 38/Kg | Mandi</title>');
  expect(html).toContain('<meta property="og:type" content="product">');
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/api\/images\/[^"]+">/);
  expect(html).toContain('"@type":"Product"');
  expect(html).toContain('"priceCurrency":"INR"');

  const missing = await request.get('/product/00000000-0000-4000-8000-000000000000');
  expect(missing.status()).toBe(404);
  await page.goto('/product/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
});
