/**
 * Journey, the shop's profile (decision 0029), on a server of its own (saving the profile turns the
 * demo identity off for every page): the admin fills Shop settings (name, legal name, contact, FSSAI
 * licence number, grievance officer) and sees the footer change at once; a shopper's new order,
 * packed by the admin, has a bill whose PDF names the new seller and its FSSAI number, and the
 * confirmation and final-bill mails show them; the policy and grievance pages show the profile.
 */
import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import {
  addToCart,
  checkOut,
  confirmEmail,
  E2E_ADMIN,
  logIn,
  NAGPUR,
  type OwnServer,
  pdfText,
  readMailIn,
  registerShopper,
  startOwnServer,
} from './support';

const PROFILE = {
  name: 'Sharma Sabzi Bhandar',
  legalName: 'Sharma Fresh Foods Private Limited',
  phone: '9822011111',
  email: 'care@sharmasabzi.example',
  fssai: '11521999000123',
  officer: { name: 'Ravi Sharma', email: 'grievance@sharmasabzi.example', phone: '9822022222' },
};

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ seed: 'demo' });
});

test.afterAll(async () => {
  await server?.stop();
});

async function fillShopSettings(admin: Page) {
  await admin.goto('/admin/shop');
  await expect(admin.getByRole('heading', { level: 1, name: 'Shop settings' })).toBeVisible();
  const shop = admin.getByRole('group', { name: 'The shop' });
  await shop.getByLabel('Shop name').fill(PROFILE.name);
  await shop.getByLabel('Legal name').fill(PROFILE.legalName);
  await shop.getByLabel('Phone').fill(PROFILE.phone);
  await shop.getByLabel('Email').fill(PROFILE.email);
  const licences = admin.getByRole('group', { name: 'Licences and payments' });
  // A wrong number is refused in the browser first, in the server's words.
  await licences.getByLabel('FSSAI licence number').fill('1152199900012');
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('FSSAI number must be exactly 14 digits')).toBeVisible();
  await expect(licences.getByLabel('FSSAI licence number')).toBeFocused();
  await licences.getByLabel('FSSAI licence number').fill(PROFILE.fssai);
  const officer = admin.getByRole('group', { name: 'Grievance officer' });
  await officer.getByLabel('Name').fill(PROFILE.officer.name);
  await officer.getByLabel('Email').fill(PROFILE.officer.email);
  await officer.getByLabel('Phone').fill(PROFILE.officer.phone);
  // The bill's header as it will print.
  const preview = admin.getByTestId('bill-preview');
  await expect(preview).toContainText(PROFILE.legalName);
  await expect(preview).toContainText(`FSSAI Lic. No. ${PROFILE.fssai}`);
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Shop settings saved.')).toBeVisible();
}

test('the admin fills the profile; the footer, a new bill, its mails and the policy pages show it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: server.baseURL });
  const admin = await context.newPage();
  admin.on('dialog', (dialog) => void dialog.accept());
  await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin.getByRole('link', { name: /AI Mock Interview/ })).toBeVisible();
  await fillShopSettings(admin);

  // The footer and header change at once, without a reload; the demo identity is gone.
  const footer = admin.getByRole('contentinfo');
  await expect(footer.getByText(PROFILE.name, { exact: true })).toBeVisible();
  await expect(footer.getByText(`FSSAI Lic. No. ${PROFILE.fssai}`)).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Phone: +91 98220 11111' })).toHaveAttribute(
    'href',
    'tel:+919822011111',
  );
  await expect(footer.getByRole('link', { name: `Email: ${PROFILE.email}` })).toHaveAttribute(
    'href',
    `mailto:${PROFILE.email}`,
  );
  await expect(footer.getByText(PROFILE.officer.name)).toBeVisible();
  await expect(footer.getByText(/learning project/)).toHaveCount(0);
  await expect(admin.getByRole('link', { name: `${PROFILE.name} home` })).toBeVisible();
  await expect(admin.getByRole('link', { name: /AI Mock Interview/ })).toHaveCount(0);

  // A shopper's order, on a page the server wrote with the new profile.
  const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
  const shopper = await registerShopper(api, 'Farida');
  await confirmEmail(api, shopper.email, server.mailDir);
  await api.dispose();
  const shopperContext = await browser.newContext({ baseURL: server.baseURL });
  const page = await shopperContext.newPage();
  await logIn(page, shopper.email, shopper.password);
  await expect(page.getByRole('contentinfo').getByText(`FSSAI Lic. No. ${PROFILE.fssai}`)).toBeVisible();
  await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');
  const orderId = await checkOut(page, NAGPUR);

  const placedMail = await readMailIn(server.mailDir, shopper.email, PROFILE.name);
  expect(placedMail).toContain(PROFILE.fssai);

  // Packed by the admin: the final bill.
  await admin.goto(`/admin/pack/order/${orderId}`);
  await admin.getByRole('textbox', { name: 'Packed weight of Desi Tomato (kg)' }).fill('1');
  await admin.getByRole('button', { name: 'Save weights' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/update/order/${orderId}$`));
  await expect(admin.getByText(/Order packed: amount due/)).toBeVisible();

  const bill = await page.request.get(`/api/user/my/order/${orderId}/invoice`);
  expect(bill.status()).toBe(200);
  const text = await pdfText(await bill.body());
  expect(text).toContain(PROFILE.legalName);
  expect(text).toContain(PROFILE.fssai);

  const billMail = await readMailIn(server.mailDir, shopper.email, 'Amount due');
  expect(billMail).toContain(PROFILE.name);
  expect(billMail).toContain(PROFILE.fssai);

  // The policy pages, and the grievance page with the officer.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Refunds' }).click();
  await expect(page).toHaveURL(/\/policies\/refunds$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
  // A real shop's tab names the shop (decision 0056).
  await expect(page).toHaveTitle(`Refund Policy | ${PROFILE.name}`);
  await page
    .getByRole('navigation', { name: 'Our policies' })
    .getByRole('link', { name: 'Grievance Redressal' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grievance Redressal' })).toBeVisible();
  const officer = page.getByRole('region', { name: 'Our grievance officer' });
  await expect(officer.getByText(PROFILE.officer.name)).toBeVisible();
  await expect(officer.getByRole('link', { name: PROFILE.officer.email })).toHaveAttribute(
    'href',
    `mailto:${PROFILE.officer.email}`,
  );
  await expect(page.getByRole('link', { name: 'Report a problem' })).toHaveAttribute('href', '/account/complaints');
  await page.goto('/policies/no-such-policy');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

  await shopperContext.close();
  await context.close();
});
