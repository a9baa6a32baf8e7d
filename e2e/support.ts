/** Shared helpers for the browser journeys. */
import { randomBytes } from 'node:crypto';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';

/** The admin the e2e server is seeded with (see playwright.config.ts). */
export const E2E_ADMIN = { email: 'admin@mandi.test', password: 'e2e-admin-password' };
export const DEMO_SHOPPER = { email: 'priya.sharma@example.com', password: 'mandi-shopper-2026' };

export interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Registers a brand-new shopper through the API, so journeys never share an account. */
export async function registerShopper(request: APIRequestContext, firstName = 'Kavya'): Promise<Shopper> {
  const shopper = {
    firstName,
    lastName: 'Menon',
    email: `${firstName.toLowerCase()}.${randomBytes(4).toString('hex')}@example.com`,
    password: 'fresh-mango-2026',
  };
  const response = await request.post('/api/user/register', {
    data: { ...shopper, confirmPassword: shopper.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return shopper;
}

/** Logs in through the Login screen. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/Login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** An API context logged in as the admin (dispose it when done). */
export async function adminApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const response = await api.post('/api/user/login', { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  return api;
}

/** A page of its own, logged in as the admin, that accepts confirmation dialogs. */
export async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  return page;
}

export interface CheckoutAddress {
  address: string;
  city: string;
  mobileNumber: string;
  pinCode: string;
}

/** The delivery address the journeys check out to (a demo zone with slots). */
export const NAGPUR: CheckoutAddress = {
  address: '7, Sitabuldi Main Road',
  city: 'Nagpur',
  mobileNumber: '9822012345',
  pinCode: '440012',
};

/** Fills the checkout's shipping form and waits until the PIN code is served and a slot chosen. */
export async function fillShipping(page: Page, to: CheckoutAddress): Promise<void> {
  await page.getByLabel('Address', { exact: true }).fill(to.address);
  await page.getByLabel('City').fill(to.city);
  await page.getByLabel('Mobile Number').fill(to.mobileNumber);
  await page.getByLabel('Pin Code').fill(to.pinCode);
  // Next waits for the PIN code check and a delivery slot: clicking before them only shows why not.
  await expect(page.getByRole('status').filter({ hasText: `We deliver to ${to.pinCode}` })).toBeVisible();
  await expect(page.getByRole('radio', { checked: true }).first()).toBeVisible();
}

/** Checks out the cart with cash on delivery and opens the new order's page; returns its id. */
export async function checkOut(page: Page, to: CheckoutAddress): Promise<string> {
  await page.goto('/Order/Checkout');
  await fillShipping(page, to);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveTitle('Confirm Order');
  // Sold by weight: what the shopper confirms is an estimate until the order is weighed.
  await expect(page.getByText(/This total is an estimate/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveTitle('Order Place..!!');
  await page.goto('/Order/MyOrder');
  // Newest first: the order just placed.
  await page.getByRole('link', { name: 'Get Order Details' }).first().click();
  await expect(page).toHaveURL(/\/Order\/OrderDetails\//);
  return page.url().split('/').pop() as string;
}

/** Waits for the newest mail to `email` in the SMTP sink and returns the first link in it. */
export async function readMailLink(email: string): Promise<string> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const dir = path.join(process.env.E2E_DATA_DIR as string, 'mail');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
        for (const file of files) {
          const raw = fs.readFileSync(path.join(dir, file), 'utf8');
          if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
          // Quoted-printable soft line breaks would split a long link.
          const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          link = /https?:\/\/[^\s"<>]+\/reset-password\/[^\s"<>]+/.exec(text)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

/** Adds a product found by keyword to the cart at the weight shown in its select, as a shopper does. */
export async function addToCart(page: Page, keyword: string, productName: string, weight: string): Promise<void> {
  await page.goto(`/products/${encodeURIComponent(keyword)}`);
  const card = page.getByRole('article').filter({ hasText: productName }).first();
  await card.getByRole('combobox').selectOption({ label: weight });
  await card.getByRole('button', { name: 'Add To Cart' }).click();
  // A kg product's badge is the spec's '{quantity} kg in cart'; other units read '1 dozen in cart'.
  await expect(card.getByText(`${weight.replace(/ Kg$/, ' kg')} in cart`)).toBeVisible();
}
