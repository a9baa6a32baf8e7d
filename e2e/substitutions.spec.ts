/**
 * Journey: substitutions (issue 30, decision 0043). A shopper puts 1 Kg of Desi Tomato in the cart
 * and, at checkout, chooses "Send a similar item" if it is short; the packer sees the wish on the
 * packing screen, sends 1 Kg of Cherry Tomato at its lower rate instead, and saves; the admin's and
 * the shopper's order pages read "ordered Desi Tomato → sent Cherry Tomato", the bill (PDF, English
 * and Hindi) and the final-bill mail say it too, and the stock of both products moves. The cherry
 * tomatoes are a product of this journey's own (no other journey buys them), made through the
 * admin API the first time; the Desi Tomato stock it takes comes back at packing.
 */
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  addToCart,
  adminApi,
  adminPage,
  checkOut,
  confirmEmail,
  expectAccessible,
  logIn,
  NAGPUR,
  pdfText,
  readMailIn,
  registerShopper,
} from './support';

const CHERRY = 'Cherry Tomato';
/** A 1×1 picture, enough for the product form. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface Listed {
  _id: string;
  name: string;
  stocks: number;
  rate: number;
  category: { _id: string } | string;
}

async function findProduct(request: APIRequestContext, name: string): Promise<Listed | undefined> {
  const response = await request.get(`/api/product/getAllProducts?keyword=${encodeURIComponent(name)}`);
  const { products } = (await response.json()) as { products: Listed[] };
  return products.find((product) => product.name === name);
}

const stockOf = async (request: APIRequestContext, id: string) =>
  ((await (await request.get(`/api/product/getSingleProduct/${id}`)).json()) as { product: { stocks: number } }).product
    .stocks;

/** The cherry tomatoes: ₹30/kg against the Desi Tomato's ₹38, same unit (kg), made once on the shared server. */
async function cherryTomatoes(baseURL: string | undefined, request: APIRequestContext): Promise<Listed> {
  const existing = await findProduct(request, CHERRY);
  if (existing) return existing;
  const desi = (await findProduct(request, 'Desi Tomato')) as Listed;
  const single = (await (await request.get(`/api/product/getSingleProduct/${desi._id}`)).json()) as {
    product: { category: { _id: string } };
  };
  const admin = await adminApi(baseURL);
  const answer = await admin.post('/api/product/add', {
    data: {
      name: CHERRY,
      rate: 30,
      stocks: 20,
      unit: 'kg',
      kilogramOption: [0.5, 1],
      category: single.product.category._id,
      image: PIXEL,
      hsnCode: '0702',
      gstRate: 0,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  await admin.dispose();
  return (await findProduct(request, CHERRY)) as Listed;
}

test('similar item: the packer sends cherry tomatoes at a lower rate and the bill says ordered → sent', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const cherry = await cherryTomatoes(baseURL, request);
  const desi = (await findProduct(request, 'Desi Tomato')) as Listed;

  const shopper = await registerShopper(request, 'Farhan');

  await confirmEmail(request, shopper.email);
  await logIn(page, shopper.email, shopper.password);
  await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');

  // The cart line's choice, at checkout: skip by default.
  await page.goto('/Order/Checkout');
  const choice = page.getByRole('combobox', { name: 'If Desi Tomato is out of stock' });
  await expect(choice).toHaveValue('skip');
  await choice.selectOption({ label: 'Send a similar item' });
  await expect(choice).toHaveValue('similar');
  const orderId = await checkOut(page, NAGPUR);
  const line = page.getByRole('list', { name: 'Order items' }).getByRole('listitem').filter({ hasText: 'Desi Tomato' });
  await expect(line.getByTestId('substitution-wish')).toHaveText('If short: a similar item');

  const desiBefore = await stockOf(request, desi._id);
  const cherryBefore = await stockOf(request, cherry._id);

  // The packer: the wish on the packing screen, and the cherry tomatoes offered in its place.
  const admin = await adminPage(browser);
  await admin.goto(`/admin/pack/order/${orderId}`);
  await expect(admin.getByRole('heading', { name: 'Pack Order' })).toBeVisible();
  await expect(admin.getByTestId('pack-wish')).toHaveText(
    'If short: send a similar item (same category and unit, no dearer)',
  );
  const sendInstead = admin.getByRole('combobox', { name: 'Send instead of Desi Tomato' });
  await expect(sendInstead.getByRole('option', { name: 'Cherry Tomato · ₹30/Kg' })).toBeAttached();
  await sendInstead.selectOption({ label: 'Cherry Tomato · ₹30/Kg' });
  await expect(admin.getByTestId('pack-sending')).toHaveText('Sending Cherry Tomato at ₹30/Kg');
  await admin.getByRole('textbox', { name: 'Packed weight of Desi Tomato (kg)' }).fill('1');
  await expect(admin.getByTestId('pack-total')).toHaveText('₹30');
  await expectAccessible(admin, 'the packing screen with a substitute');
  await admin.getByRole('button', { name: 'Save weights' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/update/order/${orderId}$`));
  await expect(admin.getByText('Order packed: amount due ₹30')).toBeVisible();
  await expect(admin.getByTestId('substitution-sent')).toContainText('ordered Desi Tomato → sent Cherry Tomato');

  // Stock for both: the tomatoes come back, the cherry tomatoes leave.
  expect(await stockOf(request, desi._id)).toBeCloseTo(desiBefore + 1, 3);
  expect(await stockOf(request, cherry._id)).toBeCloseTo(cherryBefore - 1, 3);

  // The shopper's order page, the bill and the mail.
  await page.goto(`/Order/OrderDetails/${orderId}`);
  const sent = page.getByRole('list', { name: 'Order items' }).getByTestId('substitution-sent');
  await expect(sent).toContainText('ordered Desi Tomato → sent Cherry Tomato');
  await expect(sent).toContainText('Cherry Tomato at ₹30/Kg');
  await expect(page.getByText('Total Amount').locator('..')).toContainText('₹30');
  await expectAccessible(page, 'the shopper order page with a substitute');

  const bill = await page.request.get(`/api/user/my/order/${orderId}/invoice?lang=en`);
  expect(bill.status()).toBe(200);
  const text = await pdfText(await bill.body());
  expect(text).toContain('Ordered Desi Tomato → sent Cherry Tomato');
  const hindi = await page.request.get(`/api/user/my/order/${orderId}/invoice?lang=hi`);
  expect(await pdfText(await hindi.body())).toContain('भेजा Cherry Tomato');

  const mail = await readMailIn(
    path.join(process.env.E2E_DATA_DIR as string, 'mail'),
    shopper.email,
    'ordered Desi Tomato',
  );
  expect(mail).toContain('ordered Desi Tomato → sent Cherry Tomato');
});
