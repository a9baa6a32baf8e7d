/** Journey: register, log in, change password, log out, forget it, reset it from the mail, log in again. */
import { expect, test } from '@playwright/test';
import { readMailLink } from './support';

test('register → log in → change password → log out → forgot password → reset → log in', async ({ page }) => {
  const email = `neha.${Date.now()}@example.com`;
  const first = 'first-password-1';
  const second = 'second-password-2';
  const third = 'third-password-3';

  await page.goto('/Signup');
  await expect(page).toHaveTitle('User Register');
  await page.getByLabel('First Name').fill('Neha');
  await page.getByLabel('Last Name').fill('Kapoor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(first);
  await page.getByLabel('Confirm Password', { exact: true }).fill(first);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Register SuccessFully..!!')).toBeVisible();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: 'Login' })
    .or(page.getByRole('dialog').getByRole('button', { name: 'Login' }))
    .click();

  await expect(page).toHaveURL(/\/Login$/);
  await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(/invalid email or password/i)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(first);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // A logged-in user opening /Login is sent home.
  await page.goto('/Login');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/RestPassword');
  await expect(page).toHaveTitle('Update Password');
  await page.getByLabel('New Password', { exact: true }).fill(second);
  await page.getByLabel('Confirm Password', { exact: true }).fill(second);
  await page.getByRole('button', { name: /update/i }).click();
  await expect(page.getByText('Password Updated..!!')).toBeVisible();

  await page.goto('/');
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Logout Success..!!');
    void dialog.accept();
  });
  await page.getByRole('button', { name: /account of neha/i }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();

  await page.goto('/Forget/Password');
  await expect(page).toHaveTitle('Forget Password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('button', { name: 'Check Email' })).toBeVisible();

  const link = await readMailLink(email);
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveTitle('Reset Password');
  await page.getByLabel('New Password', { exact: true }).fill(third);
  await page.getByLabel('Confirm Password', { exact: true }).fill(third);
  await page.getByRole('button', { name: /reset/i }).click();
  await expect(page.getByRole('dialog')).toBeVisible();

  await page.goto('/Login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(second);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(/invalid email or password/i)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(third);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /account of neha/i })).toBeVisible();
});

test('user-only pages show the login screen to a visitor, admin pages do not exist for them', async ({ page }) => {
  for (const path of ['/Order/MyOrder', '/review/add', '/RestPassword']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'User Login' })).toBeVisible();
  }
  await page.goto('/admin/home');
  await expect(page.getByText('404 Page Not Found').first()).toBeVisible();
});
