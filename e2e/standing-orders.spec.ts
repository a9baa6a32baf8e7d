/**
 * Journey, standing orders (issue 46; contract "Standing orders"), on the shared demo server:
 * - a new shopper with a khata and a saved address sets 1 litre of milk every day from the
 *   product page's "Every day", on the khata, and curd on weekdays found by name on the form;
 * - on My standing orders skips the first Sunday still open and pauses the week after it; the
 *   calendar says so in words, and a change before the cut-off is refused with the server's words;
 * - the admin, on Standing orders, reads the first open date's quantities per product, makes its
 *   orders by hand ("the (test) cut-off") and finds the order there and in the pick list;
 * - the admin packs it, and the shopper's khata and its statement (the PDF) show the bill.
 * The three new pages are checked with axe, measured at 360 px (no sideways scroll) and kept as
 * screenshots at 412 and 1280 px in the test's output folder.
 */
import { readFileSync } from 'node:fs';
import { addDays, shopTimeFormat, weekdayOf } from '@mandi/shared/kernel';
import { expect, type Page, test } from '@playwright/test';
import { adminApi, adminPage, expectAccessible, logIn, NAGPUR, pdfText, registerShopper } from './support';

const MILK = 'Cow Milk (A2)';
const CURD = 'Thick Curd (Dahi)';

/** "Sun 6 Dec", as the pages write a shop date. */
function dayText(date: string): string {
  const parts = shopTimeFormat({ weekday: 'short', day: 'numeric', month: 'short' }, 'en').formatToParts(
    new Date(`${date}T06:30:00Z`),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}`;
}

test('milk every day and curd on weekdays → skip a Sunday, pause a week → made by hand → pick list → packed → khata statement', async ({
  browser,
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  /** No wider than a 360 px phone, then kept as screenshots at 412 and 1280 px. */
  const shot = async (on: Page, name: string) => {
    await on.setViewportSize({ width: 360, height: 800 });
    await expect
      .poll(() => on.evaluate(() => document.documentElement.scrollWidth), { message: `${name} at 360 px` })
      .toBeLessThanOrEqual(360);
    for (const [width, height] of [
      [412, 915],
      [1280, 800],
    ] as const) {
      await on.setViewportSize({ width, height });
      await on.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    }
    await on.setViewportSize({ width: 1280, height: 720 });
  };

  // A new shopper with a khata of ₹5,000 and a saved address in a served PIN code.
  const shopper = await registerShopper(request, 'Lakshmi');
  const name = `${shopper.firstName} ${shopper.lastName}`;
  await logIn(page, shopper.email, shopper.password);
  const { user } = await (await page.request.get('/api/user/getloggeduser')).json();
  const api = await adminApi(baseURL);
  const opened = await api.put(`/api/admin/khata/${user._id}`, { data: { creditLimit: 5000 } });
  expect(opened.ok(), await opened.text()).toBe(true);
  await api.dispose();
  const saved = await page.request.post('/api/user/my/addresses', { data: { label: 'Home', ...NAGPUR } });
  expect(saved.status(), await saved.text()).toBe(201);

  // No standing order yet; the menu leads there.
  await page.getByRole('button', { name: /^Account/ }).click();
  await page.getByRole('link', { name: 'My standing orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My standing orders' })).toBeVisible();
  await expect(page.getByText(/^You have no standing orders yet\./)).toBeVisible();
  const { changesOpenFrom } = await (await page.request.get('/api/user/my/subscriptions')).json();
  // The first Sunday after the first open day is skipped, the week after it paused; the first open day is made.
  let sunday = addDays(changesOpenFrom, 1);
  while (weekdayOf(sunday) !== 0) sunday = addDays(sunday, 1);
  const pauseFrom = addDays(sunday, 1);
  const pauseTo = addDays(sunday, 7);
  const made = changesOpenFrom as string;
  const isWeekday = weekdayOf(made) >= 1 && weekdayOf(made) <= 5;

  // 1 litre of milk every day, from the product page's "Every day", on the khata.
  const { suggestions } = await (await page.request.get('/api/product/suggest?q=milk')).json();
  await page.goto(`/product/${suggestions.find((one: { name: string }) => one.name === MILK)._id}`);
  await expect(page.getByRole('heading', { level: 1, name: MILK })).toBeVisible();
  await page.getByRole('radio', { name: '1 litre', exact: true }).check({ force: true });
  await shot(page, 'product-every-day');
  await page.getByRole('link', { name: `Every day: a standing order of ${MILK}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Start a standing order' })).toBeVisible();
  await expect(page.getByText(MILK, { exact: true })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Quantity each delivery' }).getByRole('radio', { name: '1 litre', exact: true }),
  ).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Every day' })).toBeChecked();
  await expect(page.getByLabel('First delivery')).toHaveValue(made);
  await expect(page.getByRole('radio', { name: /^Home/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Khata \(₹5,000(\.00)? available\)/ }).check();
  await expectAccessible(page, 'the standing order form');
  await shot(page, 'new-standing-order');
  await page.getByRole('button', { name: 'Start standing order' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Standing order started: ${MILK}.` })).toBeVisible();

  // Curd on weekdays, found by name on the form.
  await page.getByRole('link', { name: 'Start a standing order' }).click();
  await page.getByLabel('Find a product').fill('dahi');
  await page.getByRole('button', { name: new RegExp(CURD.replace(/[()]/g, '\\$&')) }).click();
  await expect(page.getByRole('button', { name: 'Choose another product' })).toBeVisible();
  await page.getByRole('radio', { name: 'On chosen days of the week' }).check();
  const days = page.getByRole('group', { name: 'Days of the week' });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await expect(days.getByRole('checkbox', { name: day })).toBeChecked();
  }
  await expect(days.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
  await expect(days.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
  await page.getByRole('radio', { name: /^Khata/ }).check();
  await shot(page, 'new-standing-order-weekdays');
  await page.getByRole('button', { name: 'Start standing order' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Standing order started: ${CURD}.` })).toBeVisible();

  // Both are listed in words.
  const milk = page.getByRole('article', { name: MILK });
  const curd = page.getByRole('article', { name: CURD });
  await expect(milk.getByText('1 litre each delivery')).toBeVisible();
  await expect(curd.getByText('Weekdays (Mon–Fri)')).toBeVisible();
  await expect(milk.getByText('Khata (pay at the end of the month)')).toBeVisible();

  // Skip the Sunday: choose it in the calendar, then Skip.
  const calendar = milk.getByRole('list', { name: `The next two weeks of ${MILK}` });
  await calendar.getByRole('button', { name: `${dayText(sunday)}: Coming` }).click();
  await milk.getByRole('button', { name: `Skip ${dayText(sunday)}` }).click();
  await expect(milk.getByRole('status')).toHaveText(`Skipped ${dayText(sunday)}.`);
  await expect(calendar.getByRole('button', { name: `${dayText(sunday)}: Skipped` })).toBeVisible();
  // Curd has no Sunday at all.
  await expect(
    curd.getByRole('list', { name: `The next two weeks of ${CURD}` }).getByText(`${dayText(sunday)}: No delivery`),
  ).toBeAttached();

  // Pause the week after it.
  await milk.getByRole('button', { name: 'Pause for a while' }).click();
  const pause = milk.getByRole('form', { name: `Pause ${MILK}` });
  await pause.getByLabel('From').fill(pauseFrom);
  await pause.getByLabel('To (the last day paused)').fill(pauseTo);
  await pause.getByRole('button', { name: 'Pause' }).click();
  await expect(milk.getByRole('status')).toHaveText(`Paused from ${dayText(pauseFrom)} to ${dayText(pauseTo)}.`);
  await expect(milk.getByText(`${dayText(pauseFrom)} to ${dayText(pauseTo)}`, { exact: true })).toBeVisible();
  await expect(calendar.getByRole('button', { name: `${dayText(pauseFrom)}: Paused` })).toBeVisible();

  // A change before the first open day is refused with the server's words (the cut-off named).
  const early = await page.request.post(
    `/api/user/my/subscriptions/${(await (await page.request.get('/api/user/my/subscriptions')).json()).subscriptions[0]._id}/skips`,
    { data: { date: addDays(made, -1) } },
  );
  expect(early.status()).toBe(409);
  expect((await early.json()).code).toBe('subscriptionCutoffPassed');
  await expectAccessible(page, 'My standing orders');
  await shot(page, 'my-standing-orders');

  // The admin reads the first open day's standing orders and makes them by hand.
  const admin = await adminPage(browser);
  await admin.goto('/admin/home');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Standing orders' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Standing orders' })).toBeVisible();
  await admin.getByLabel('Date', { exact: true }).fill(made);
  const perProduct = admin.getByRole('table', { name: `Quantities per product for ${dayText(made)}` });
  await expect(perProduct.getByRole('row').filter({ hasText: MILK })).toContainText('1 litre');
  if (isWeekday) await expect(perProduct.getByRole('row').filter({ hasText: CURD })).toBeVisible();
  await expect(admin.getByText('Not made yet: these are what the schedules will make.')).toBeVisible();
  await admin.getByRole('button', { name: 'Make orders for this date now' }).click();
  await expect(admin.getByRole('status').filter({ hasText: /^Made (1 order|\d+ orders) for / })).toBeVisible();
  await expect(admin.getByText('The orders for this date are made.')).toBeVisible();
  const orders = admin.getByRole('table', { name: `Orders made for ${dayText(made)}` });
  const orderRow = orders.getByRole('row').filter({ hasText: name });
  await expect(orderRow).toBeVisible();
  const orderNumber = ((await orderRow.getByRole('link').textContent()) ?? '').trim();
  expect(orderNumber).toMatch(/^#\d+$/);
  await expectAccessible(admin, 'the admin’s Standing orders');
  await shot(admin, 'admin-standing-orders');

  // The pick list of that day carries it like any order.
  await admin.getByRole('link', { name: 'Open the pick list' }).click();
  await admin.getByLabel('Date').fill(made);
  await expect(admin.getByRole('row').filter({ hasText: MILK })).toBeVisible();
  if (isWeekday) await expect(admin.getByRole('row').filter({ hasText: CURD })).toBeVisible();

  // Packed as weighed.
  await admin.goto(`/admin/subscriptions?date=${made}`);
  await admin
    .getByRole('table', { name: `Orders made for ${dayText(made)}` })
    .getByRole('link', { name: orderNumber })
    .click();
  await expect(admin).toHaveURL(/\/admin\/update\/order\//);
  const orderId = admin.url().split('/').pop() as string;
  await admin.goto(`/admin/pack/order/${orderId}`);
  await admin.getByRole('textbox', { name: `Packed quantity of ${MILK} (litre)` }).fill('1');
  if (isWeekday) await admin.getByRole('textbox', { name: `Packed weight of ${CURD} (kg)` }).fill('1');
  await admin.getByRole('button', { name: 'Save weights' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/update/order/${orderId}$`));

  // The shopper's khata shows the bill, and so does the statement.
  await page.goto('/account/khata');
  const entries = page.getByRole('table', { name: 'Entries' });
  await expect(entries.getByRole('row').filter({ hasText: `Bill ${orderNumber}` })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Download Statement, / }).click();
  const statement = await pdfText(readFileSync(await (await download).path()));
  expect(statement).toContain(orderNumber);

  // My standing orders now shows the day's order as made.
  await page.goto('/subscriptions');
  await page
    .getByRole('article', { name: MILK })
    .getByRole('list', { name: `The next two weeks of ${MILK}` })
    .getByRole('button', { name: `${dayText(made)}: Order made` })
    .click();
  await expect(page.getByRole('link', { name: `See order: ${dayText(made)}` })).toHaveAttribute(
    'href',
    `/Order/OrderDetails/${orderId}`,
  );
  await admin.context().close();

  // In Hindi, the same page in the shopper's language.
  await page.evaluate(() => localStorage.setItem('mandi.language', 'hi'));
  await page.goto('/subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'मेरे नियमित ऑर्डर' })).toBeVisible();
  await expect(page.getByRole('article', { name: MILK }).getByText('हर दिन, ', { exact: false })).toBeVisible();
  await expectAccessible(page, 'My standing orders in Hindi');
  await shot(page, 'my-standing-orders-hi');
});
