/**
 * The Hindi interface (decision 0011): a shopper switches to हिन्दी, browses, fills the cart, checks out and
 * reads their orders, all in Hindi; the choice survives a reload and <html lang> follows it.
 * Screenshots go to test-results/ for a person to look at (Devanagari must render).
 */
import { expect, type Page, test } from '@playwright/test';
import { registerShopper } from './support';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`hindi-${name}.png`), fullPage: false });

test('switch to Hindi, browse, add to cart, check out and see my orders, all in Hindi', async ({ page, request }) => {
  const shopper = await registerShopper(request, 'Meena');

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Home');
  await page.getByRole('banner').getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page).toHaveTitle('होम');
  await expect(page.getByRole('link', { name: 'अभी खरीदें' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'नया सामान' })).toBeVisible();
  await shot(page, '1-home');

  // Remembered across a reload, with no English flash: the title is Hindi from the first render.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page).toHaveTitle('होम');

  await page.goto('/Login');
  await expect(page).toHaveTitle('लॉग इन');
  await page.getByLabel('ईमेल').fill(shopper.email);
  await page.getByLabel('पासवर्ड', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'लॉग इन', exact: true }).click();
  // The server answers in English; the page shows its Hindi.
  await expect(page.getByText('ईमेल या पासवर्ड गलत है')).toBeVisible();
  await page.getByLabel('पासवर्ड', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'लॉग इन', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/products/tomato');
  await expect(page).toHaveTitle('ताज़ा सामान');
  const tomato = page.getByRole('article').filter({ hasText: 'Desi Tomato' }).first();
  await expect(tomato.getByText('टमाटर', { exact: true })).toBeVisible();
  await expect(tomato.getByText(/₹ \d+\/किलो/)).toBeVisible();
  await tomato.getByRole('combobox').selectOption({ label: '1 किलो' });
  await tomato.getByRole('button', { name: 'कार्ट में डालें' }).click();
  await expect(tomato.getByText('कार्ट में 1 किलो')).toBeVisible();
  await shot(page, '2-products');

  await page.goto('/products/aloo');
  const potato = page.getByRole('article').filter({ hasText: 'आलू' }).first();
  await potato.getByRole('button', { name: 'कार्ट में डालें' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.getByRole('button', { name: 'कार्ट, 2 सामान' }).click();
  await expect(page.getByRole('link', { name: 'कार्ट पर जाएँ' })).toBeVisible();
  await shot(page, '3-cart');
  await page.getByRole('link', { name: 'कार्ट पर जाएँ' }).click();

  await expect(page).toHaveTitle('चेकआउट');
  await expect(page.getByRole('heading', { name: 'चेकआउट' })).toBeVisible();
  await expect(page.getByText('टमाटर').first()).toBeVisible();
  await expect(page.getByText('यह कुल अनुमान है', { exact: false })).toBeVisible();
  const next = page.getByRole('button', { name: 'आगे बढ़ें' });
  await page.getByLabel('शहर').fill('Lucknow');
  await page.getByLabel('मोबाइल नंबर').fill('98390');
  await page.getByLabel('पिन कोड').fill('226001');
  await next.click();
  await expect(page.getByText('मोबाइल नंबर 10 अंकों का होना चाहिए..!!')).toBeVisible();
  await page.getByLabel('मोबाइल नंबर').fill('9839012345');
  await next.click();
  await expect(page.getByText('सभी जानकारी भरना ज़रूरी है..!!')).toBeVisible();
  await page.getByLabel('पता', { exact: true }).fill('14, हज़रतगंज');
  await shot(page, '4-checkout');
  await next.click();

  await expect(page).toHaveTitle('ऑर्डर पक्का करें');
  await expect(page.getByRole('heading', { name: 'ऑर्डर का सारांश' })).toBeVisible();
  await expect(page.getByText('14, हज़रतगंज')).toBeVisible();
  await shot(page, '5-confirm');
  await page.getByRole('button', { name: 'ऑर्डर करें' }).click();

  await expect(page).toHaveTitle('ऑर्डर हो गया..!!');
  await expect(page.getByText('आपका ऑर्डर सफलतापूर्वक हो गया..!!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'धन्यवाद Meena..!!' })).toBeVisible();
  await shot(page, '6-placed');

  await page.getByRole('link', { name: 'मेरे ऑर्डर' }).click();
  await expect(page).toHaveTitle('Meena के ऑर्डर');
  await expect(page.getByText('कुल ऑर्डर')).toBeVisible();
  await expect(page.getByText('तैयार हो रहा है').first()).toBeVisible();
  await expect(page.getByText('अनुमान: तौलने के बाद पक्की रकम')).toBeVisible();
  await shot(page, '7-my-orders');
  await page.getByRole('link', { name: 'ऑर्डर की जानकारी देखें' }).first().click();

  await expect(page).toHaveTitle('ऑर्डर की जानकारी');
  await expect(page.getByText('ऑर्डर की स्थिति')).toBeVisible();
  await expect(page.getByText('Desi Tomato')).toBeVisible();
  await expect(page.getByRole('button', { name: 'ऑर्डर रद्द करें' })).toBeVisible();
  await shot(page, '8-order-details');

  // The footer's switch brings English back, the spec's text exactly.
  await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Orders Details');
  await expect(page.getByText('Order Status')).toBeVisible();
});
