import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, logIn } from './support';

const account = (o: Record<string, unknown> = {}) => ({
  userId: 'u-1',
  name: 'Priya Sharma',
  email: 'p@example.com',
  mobile: '9822012345',
  language: 'en',
  creditLimit: 1000,
  balance: 452.5,
  pending: 120,
  available: 427.5,
  oldestUnpaidDays: 12,
  aging: { days0to7: 200, days8to30: 252.5, days31plus: 0 },
  reminderUrl: 'https://wa.me/919822012345?text=x',
  openedAt: '2026-11-01T04:30:00.000Z',
  ...o,
});
const entries = [
  {
    _id: 'e1',
    date: '2026-11-14T06:30:00.000Z',
    kind: 'bill',
    orderId: 'o',
    orderNumber: 1042,
    invoiceNumber: 'MND/2026-27/000042',
    amount: 652.5,
    balanceAfter: 652.5,
    method: null,
    reference: null,
    note: '',
  },
  {
    _id: 'e2',
    date: '2026-11-20T06:30:00.000Z',
    kind: 'payment',
    orderId: null,
    orderNumber: null,
    invoiceNumber: null,
    amount: -200,
    balanceAfter: 452.5,
    method: 'UPI',
    reference: '412345678901',
    note: 'Part payment by GPay',
  },
];
async function stub(page: Page) {
  await page.route('**/api/admin/khata', (r) =>
    r.fulfill({
      json: {
        success: true,
        accounts: [
          account(),
          account({
            userId: 'u-2',
            name: 'Ravi Kumar',
            balance: 0,
            reminderUrl: null,
            mobile: null,
            oldestUnpaidDays: null,
          }),
        ],
        totals: { balance: 452.5, aging: { days0to7: 200, days8to30: 252.5, days31plus: 0 }, accounts: 2 },
      },
    }),
  );
  await page.route('**/api/admin/khata/u-1', (r) =>
    r.fulfill({ json: { success: true, account: account(), entries } }),
  );
  await page.route('**/api/user/my/khata', (r) => r.fulfill({ json: { success: true, account: account(), entries } }));
}
test('preview', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await ctx.newPage();
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await stub(page);
  await page.goto('/admin/khata');
  await expect(page.getByRole('heading', { name: 'Khata', level: 1 })).toBeVisible();
  await page.screenshot({ path: '/tmp/khata-shots/admin-khata.png', fullPage: false });
  await page.getByRole('button', { name: /Manage the khata of Priya/ }).click();
  for (const y of [0, 800, 1600, 2400]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.screenshot({ path: `/tmp/khata-shots/manage-${y}.png` });
  }
  await page.goto('/admin/khata/u-1');
  await expect(page.getByRole('heading', { name: /Khata of/ })).toBeVisible();
  for (const y of [0, 800, 1600, 2400, 3000]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.screenshot({ path: `/tmp/khata-shots/account-${y}.png` });
  }
  await page.goto('/account/khata');
  await expect(page.getByText('You owe')).toBeVisible();
  for (const y of [0, 800, 1600]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.screenshot({ path: `/tmp/khata-shots/my-${y}.png` });
  }
  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/khata-shots/my-khata-360.png', fullPage: false });
  await page.goto('/admin/home');
  await page.screenshot({ path: '/tmp/khata-shots/admin-nav-360.png' });
  await page.setViewportSize({ width: 500, height: 800 });
  await page.screenshot({ path: '/tmp/khata-shots/admin-nav-500.png' });
});
