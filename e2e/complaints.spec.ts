/**
 * Journey, complaint tickets (decision 0030). A shopper places an order and reports a problem on
 * it from the order's page; the ticket number is shown and mailed. The admin finds it on the
 * Complaints screen (oldest open first), acknowledges it, then resolves it with a reply; the
 * shopper sees the reply in the account and gets the mail.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addToCart, adminPage, checkOut, confirmEmail, logIn, NAGPUR, readMailIn, registerShopper } from './support';

/** Waits for a mail to `email` on the shared server whose text contains `needle`, and returns that text. */
const readMail = (email: string, needle: string) =>
  readMailIn(path.join(process.env.E2E_DATA_DIR as string, 'mail'), email, needle);

test('report a problem on an order → ticket → acknowledged → resolved with a reply, seen and mailed', async ({
  browser,
  page,
  request,
}) => {
  // Two people, an order and four mails: longer than the default on a busy machine.
  test.setTimeout(180_000);
  const shopper = await registerShopper(request, 'Farida');
  await confirmEmail(request, shopper.email);
  await logIn(page, shopper.email, shopper.password);
  // A product no other journey counts on the pick list (the weighing journey counts Nagpur Orange).
  await addToCart(page, 'watermelon', 'Kiran Watermelon', '1 Kg');
  const orderId = await checkOut(page, NAGPUR);
  const orderNumber =
    (
      await page
        .getByText(/^#\d+$/)
        .first()
        .textContent()
    )?.trim() ?? '';
  expect(orderNumber).toMatch(/^#\d+$/);

  // From the order's page: the form opens with this order chosen.
  await page.getByRole('link', { name: 'Report a Problem' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/complaints\\?orderId=${orderId}$`));
  await expect(page.getByRole('heading', { name: 'Help & Complaints', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Order (optional)')).toHaveValue(orderId);
  await expect(page.getByLabel('Order (optional)').locator('option:checked')).toContainText(orderNumber);
  // Too short: said at once, nothing sent.
  await page.getByLabel('Subject').fill('No');
  await page.getByRole('button', { name: 'Send Complaint' }).click();
  await expect(page.getByRole('alert')).toHaveText('The subject must be 3 to 120 characters');
  await page.getByLabel('Subject').fill('Watermelon was overripe');
  await page.getByLabel('What happened?').fill('The watermelon was overripe inside. Please replace it.');
  await page.getByRole('button', { name: 'Send Complaint' }).click();
  const sent = page.getByRole('status').filter({ hasText: /^Your ticket is C-\d{6}\./ });
  await expect(sent).toBeVisible();
  const ticket = /C-\d{6}/.exec((await sent.textContent()) ?? '')?.[0] as string;
  const mine = page.getByRole('article').filter({ hasText: ticket });
  await expect(mine).toContainText('Watermelon was overripe');
  await expect(mine).toContainText('Open');
  await expect(mine).toContainText(`About order ${orderNumber}`);
  await expect(mine).toContainText('No reply yet.');

  const madeMail = await readMail(shopper.email, `Your ticket number is ${ticket}`);
  expect(madeMail).toContain('We will acknowledge it by');
  expect(madeMail).toContain('Subject: Watermelon was overripe');

  // The admin: the Complaints screen, in the navigation; the new complaint is open.
  const admin = await adminPage(browser);
  await admin.goto('/admin/home');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Complaints' }).click();
  await expect(admin).toHaveURL(/\/admin\/complaints$/);
  await admin.getByLabel('Show').selectOption('Open');
  const card = admin.getByRole('article').filter({ hasText: ticket });
  await expect(card).toContainText(`${shopper.firstName} ${shopper.lastName}`);
  await expect(card.getByRole('link', { name: orderNumber })).toBeVisible();
  await expect(card).toContainText('Acknowledge by');
  await expect(card).toContainText('Resolve by');
  // Resolving needs words.
  await card.getByRole('button', { name: 'Resolve' }).click();
  await expect(card.getByRole('alert')).toHaveText('Write a reply to resolve the complaint.');
  await card.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `${ticket} acknowledged` })).toBeVisible();

  await admin.getByLabel('Show').selectOption('Acknowledged');
  const acknowledged = admin.getByRole('article').filter({ hasText: ticket });
  await expect(acknowledged).toContainText('Acknowledged.');
  await acknowledged
    .getByLabel(`Reply to ${ticket}`)
    .fill('Sorry about the watermelon: we will bring a fresh one with your next order, free.');
  await acknowledged.getByRole('button', { name: 'Resolve' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `${ticket} resolved` })).toBeVisible();
  await admin.getByLabel('Show').selectOption('Resolved');
  const resolved = admin.getByRole('article').filter({ hasText: ticket });
  await expect(resolved).toContainText('Resolved');
  await expect(resolved.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await admin.context().close();

  // The shopper sees the replies in the account, and has the mail.
  await page.reload();
  const answered = page.getByRole('article').filter({ hasText: ticket });
  await expect(answered).toContainText('Resolved');
  await expect(answered).toContainText('we will bring a fresh one with your next order, free.');
  const replyMail = await readMail(
    shopper.email,
    `The shop has answered your complaint ${ticket}. Its status is now: Resolved.`,
  );
  expect(replyMail).toContain('we will bring a fresh one with your next order, free.');
});
