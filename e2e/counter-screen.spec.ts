/**
 * Journey, the counter screen (api-contract-counter "Counter devices", "Counter sales"; decisions
 * 0060, 0061), on the shared demo server, once on a phone (412 × 915, by taps) and once on a PC
 * (1280 × 800, by the keyboard alone):
 * - the owner registers this browser as a new counter device;
 * - a five-line bill: two lines by weight, one in ₹ mode, one by the dozen, one by the bunch, paid
 *   part by UPI (its QR code shown) and the rest in cash with change; the server has it as made;
 * - its receipt printed on 58 mm paper (Print / F9 loads the server's 58 mm page), the Hindi receipt
 *   page is 58 mm wide with the Hindi names (a screenshot is kept in the test's output folder), and
 *   its ESC/POS bytes start with the initialise command and end with the cut;
 * - the same device offline sells three bills, each numbered at once and kept waiting; the page is
 *   reloaded (see `reloadWithTheApiCut` for how) and still shows them waiting; back online they are
 *   sent by themselves: the server has the device's four bills with consecutive numbers, each once,
 *   the last three marked offline.
 * Nothing waits on the clock: every step waits for what the screen or the server shows.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { adminApi, E2E_ADMIN, expectAccessible, logIn } from './support';

interface Screen {
  name: string;
  width: number;
  height: number;
  /** The PC is used by the keyboard alone (the cashier's keys), the phone by taps. */
  byKeys: boolean;
}

const SCREENS: readonly Screen[] = [
  { name: 'a phone', width: 412, height: 915, byKeys: false },
  { name: 'a PC', width: 1280, height: 800, byKeys: true },
];

/** One line to sell: what the cashier searches, the product's name, what is typed on the keypad. */
interface LineToSell {
  search: string;
  product: string;
  /** The name the Hindi receipt prints (the product's first Devanagari other name in the demo). */
  hindi?: string;
  typed: string;
  /** ₹ mode: `typed` is the amount asked for, the weight is worked out. */
  isRupees?: boolean;
  /** How the bill writes the quantity (checked once the line is on the bill). */
  shows: RegExp;
}

/** The five-line bill: two by weight, one in ₹ mode, one dozen, one bunch (demo products). */
const FIVE_LINES: readonly LineToSell[] = [
  { search: 'aloo', product: 'Agra Potato', hindi: 'आलू', typed: '1.5', shows: /^1\.5 Kg × / },
  { search: 'pyaz', product: 'Nashik Red Onion', hindi: 'प्याज़', typed: '0.75', shows: /^0\.75 Kg × / },
  {
    search: 'tamatar',
    product: 'Desi Tomato',
    hindi: 'टमाटर',
    typed: '50',
    isRupees: true,
    shows: /^[\d.]+ (?:Kg|g) × /,
  },
  { search: 'ande', product: 'Farm Fresh Eggs', hindi: 'अंडा', typed: '1', shows: /^1 dozen × / },
  { search: 'dhaniya', product: 'Fresh Coriander', hindi: 'धनिया', typed: '2', shows: /^2 bunches × / },
];

/** The three bills sold offline, one line each, paid in cash as due. */
const OFFLINE_BILLS: readonly LineToSell[] = [
  { search: 'aloo', product: 'Agra Potato', typed: '1', shows: /^1 Kg × / },
  { search: 'ande', product: 'Farm Fresh Eggs', typed: '2', shows: /^2 dozen × / },
  { search: 'dhaniya', product: 'Fresh Coriander', typed: '1', shows: /^1 bunch × / },
];

/** What the part paid by UPI is (₹), the rest in cash. */
const UPI_PART = 100;

/** "₹1,234.50" as paise. */
const paiseOf = (text: string) => Math.round(Number(text.replace(/[₹,\s]/g, '')) * 100);
/** Whole rupees as the screen writes them: ₹1,264. */
const inRupees = (rupees: number) => `₹${rupees.toLocaleString('en-IN')}`;
/** Whole rupees as the receipt writes an amount: 1,264.00. */
const onReceipt = (rupees: number) => `${rupees.toLocaleString('en-IN')}.00`;
/** "C7/26-27/000003": the device's prefix and a sequence. */
const billNumber = (prefix: string, sequence: number) => `${prefix}/${String(sequence).padStart(6, '0')}`;
/** The shop's date (India) of an instant: the day the server lists a sale under. */
const shopDate = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

interface ServerSale {
  orderId: string;
  invoiceNumber: string;
  offline: boolean;
  status: string;
  total: number;
  change: number;
  lines: { name: string; unit: string; quantity: number; amount: number }[];
  tenders: { method: string; amount: number; received: number | null }[];
}

/**
 * The device's sales as the server lists them, from every shop day since `since` (a journey that
 * runs across midnight in India finds its sales on both days).
 */
async function deviceSales(api: APIRequestContext, deviceId: string, since: Date): Promise<ServerSale[]> {
  const dates = [...new Set([shopDate(since), shopDate(new Date())])];
  const sales: ServerSale[] = [];
  for (const date of dates) {
    const answer = await api.get(`/api/admin/counter/sales?deviceId=${encodeURIComponent(deviceId)}&date=${date}`);
    expect(answer.status(), await answer.text()).toBe(200);
    sales.push(...((await answer.json()) as { sales: ServerSale[] }).sales);
  }
  return sales;
}

/** A logged-in admin's page of its own, at the screen's size. */
async function adminAt(browser: Browser, screen: Screen): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: screen.width, height: screen.height } });
  const page = await context.newPage();
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  return page;
}

/** The product on the keypad: chosen from the search (Enter takes the first tile, which must be it) or tapped. */
async function chooseProduct(page: Page, screen: Screen, line: LineToSell): Promise<void> {
  const products = page.getByRole('region', { name: 'Products' });
  const tile = products.getByRole('button', { name: new RegExp(`^${line.product}`) });
  if (screen.byKeys) {
    // Letters go to the search wherever the focus is (not in a field).
    await page.keyboard.type(line.search);
    await expect(products.getByRole('button').first()).toHaveAccessibleName(new RegExp(`^${line.product}`));
    await page.keyboard.press('Enter');
  } else {
    await page.getByLabel('Search products').fill(line.search);
    await tile.click();
  }
  await expect(page.getByRole('region', { name: 'Keypad' })).toContainText(line.product);
}

/** Puts a line on the bill and checks the bill shows it. */
async function sellLine(page: Page, screen: Screen, line: LineToSell): Promise<void> {
  await chooseProduct(page, screen, line);
  const keypad = page.getByRole('region', { name: 'Keypad' });
  if (line.isRupees) {
    if (screen.byKeys) await page.keyboard.press('F7');
    else await keypad.getByRole('button', { name: /^₹ mode/ }).click();
    await expect(keypad.getByRole('button', { name: /^₹ mode/ })).toHaveAttribute('aria-pressed', 'true');
  }
  if (screen.byKeys) await page.keyboard.type(line.typed);
  else for (const key of line.typed) await keypad.getByRole('button', { name: key, exact: true }).click();
  await expect(page.getByTestId('keypad-display')).toHaveText(line.isRupees ? `₹${line.typed}` : line.typed);
  if (line.isRupees) {
    // The weight worth the amount asked for, priced within a few paise of it.
    const worth = keypad.getByText(/^[\d.]+ (?:Kg|g) for ₹/);
    await expect(worth).toBeVisible();
    const asked = Number(line.typed) * 100;
    expect(Math.abs(paiseOf((await worth.textContent())?.split(' for ')[1] ?? '') - asked)).toBeLessThanOrEqual(50);
  }
  if (screen.byKeys) await page.keyboard.press('Enter');
  else await keypad.getByRole('button', { name: 'Add', exact: true }).click();
  const onBill = page.getByRole('list', { name: 'Bill' }).getByRole('listitem').filter({ hasText: line.product });
  await expect(onBill).toHaveCount(1);
  await expect(onBill.getByText(line.shows)).toBeVisible();
}

/** The bill's total on screen, in paise. */
async function billTotal(page: Page): Promise<number> {
  const total = paiseOf((await page.getByTestId('bill-total').textContent()) ?? '');
  expect(total).toBeGreaterThan(0);
  // Rounded to the rupee, as the server bills it.
  expect(total % 100).toBe(0);
  return total;
}

/** Pays what is due in cash (exactly, nothing received) and completes the sale. */
async function payCashAndComplete(page: Page, screen: Screen): Promise<void> {
  const payment = page.getByRole('region', { name: 'Payment' });
  if (screen.byKeys) {
    await page.keyboard.press('F2');
    await expect(payment.getByLabel('Received (₹)')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(payment.getByRole('button', { name: /^Complete sale/ })).toBeFocused();
    await page.keyboard.press('Enter');
  } else {
    await payment.getByRole('button', { name: /^Cash/ }).click();
    await payment.getByRole('button', { name: 'Take Cash' }).click();
    await payment.getByRole('button', { name: /^Complete sale/ }).click();
  }
}

/**
 * The reload of the offline part. A counter reloaded with no network at all does not open: the
 * service worker keeps no admin code and the browser remembers no admin's session (decisions 0041
 * and 0061: "a page reloaded without network does not open the counter"); with the worker the
 * reload shows the shop's "You are offline" and "404 Page Not Found", without it the browser's own
 * error page. So the page is reloaded in the moment the network is back for the page but not yet
 * for the shop's API (every /api call still fails as offline): what the counter shows then comes
 * from the browser alone (the kept catalogue, the bills queued in IndexedDB, the device's count),
 * and nothing can be sent before the API is given back.
 */
async function reloadWithTheApiCut(page: Page): Promise<void> {
  const context = page.context();
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await page.reload();
  // The counter's code loads after the page (a lazy chunk): once it shows from the browser's own
  // copies, the device is offline again, as it still is.
  await expect(page.getByText(/^Prices kept on this device at /)).toBeVisible();
  await context.setOffline(true);
  await context.unroute('**/api/**');
}

for (const screen of SCREENS) {
  test(`the counter on ${screen.name} (${screen.width} px): a five-line bill split UPI and cash with change, its 58 mm receipt, three bills offline sent once after a reload`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const startedAt = new Date();
    const page = await adminAt(browser, screen);
    const context = page.context();
    await page.goto('/admin/counter');
    await expect(page.getByRole('heading', { level: 1, name: 'Counter' })).toBeVisible();

    // This browser becomes a new device of its own (the shared server has others).
    const name = `Till ${screen.width} ${Date.now().toString(36).slice(-5)}`;
    await page.getByLabel('Device name').fill(name);
    await page.getByRole('button', { name: 'Register' }).click();
    const deviceLine = page.getByText(new RegExp(`^${name} · series C\\d+ · Next bill (C\\d+/\\d\\d-\\d\\d)/000001$`));
    await expect(deviceLine).toBeVisible();
    const prefix = /Next bill (C\d+\/\d\d-\d\d)\//.exec((await deviceLine.textContent()) ?? '')?.[1] as string;
    expect(prefix).toBeTruthy();
    await expect(page.getByRole('button', { name: /^Agra Potato/ })).toBeVisible();
    const deviceId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('mandi-counter-device') ?? 'null') as { _id: string })._id,
    );
    const api = await adminApi(baseURL);

    const payment = page.getByRole('region', { name: 'Payment' });
    let firstTotal = 0;
    let change = 0;
    await test.step('a five-line bill, part UPI, the rest cash with change', async () => {
      for (const line of FIVE_LINES) await sellLine(page, screen, line);
      await expect(page.getByRole('list', { name: 'Bill' }).getByRole('listitem')).toHaveCount(5);
      firstTotal = await billTotal(page);
      expect(firstTotal).toBeGreaterThan(UPI_PART * 100);

      // UPI for part of it: the QR code of the shop's UPI id for that amount.
      if (screen.byKeys) await page.keyboard.press('F3');
      else await payment.getByRole('button', { name: /^UPI/ }).click();
      const upiAmount = payment.getByLabel('Amount (₹)');
      await expect(upiAmount).toHaveValue(String(firstTotal / 100));
      if (screen.byKeys) {
        await expect(upiAmount).toBeFocused();
        // The amount is selected: typing replaces it.
        await page.keyboard.type(String(UPI_PART));
      } else {
        await upiAmount.fill(String(UPI_PART));
      }
      await expect(
        payment.getByRole('img', { name: new RegExp(`^QR code to pay ₹${UPI_PART} by UPI to `) }),
      ).toBeVisible();
      if (screen.byKeys) await page.keyboard.press('Enter');
      else await payment.getByRole('button', { name: 'Take UPI' }).click();
      await expect(payment.getByText(`UPI ${inRupees(UPI_PART)}`, { exact: true })).toBeVisible();

      // The rest in cash: the next hundred handed over, the change worked out.
      const duePaise = firstTotal - UPI_PART * 100;
      await expect(page.getByTestId('due')).toHaveText(inRupees(duePaise / 100));
      const received = (Math.floor(duePaise / 10_000) + 1) * 100;
      change = received - duePaise / 100;
      if (screen.byKeys) {
        await page.keyboard.press('F2');
        await expect(payment.getByLabel('Received (₹)')).toBeFocused();
        await page.keyboard.type(String(received));
      } else {
        await payment.getByRole('button', { name: /^Cash/ }).click();
        await payment.getByLabel('Received (₹)').fill(String(received));
      }
      await expect(payment.getByTestId('change')).toHaveText(`Change: ${inRupees(change)}`);
      if (screen.byKeys) await page.keyboard.press('Enter');
      else await payment.getByRole('button', { name: 'Take Cash' }).click();
      await expect(
        payment.getByText(
          `Cash ${inRupees(duePaise / 100)} (received ${inRupees(received)}, change ${inRupees(change)})`,
        ),
      ).toBeVisible();
      await expect(page.getByTestId('due')).toHaveText('₹0');

      if (screen.byKeys) {
        await expect(payment.getByRole('button', { name: /^Complete sale/ })).toBeFocused();
        await page.keyboard.press('Enter');
      } else {
        await payment.getByRole('button', { name: /^Complete sale/ }).click();
      }
      await expect(page.getByText(`Bill ${billNumber(prefix, 1)}: ${inRupees(firstTotal / 100)}`)).toBeVisible();
      await expect(page.getByText(`Give change: ${inRupees(change)}`)).toBeVisible();
      await expect(page.getByText('Sent', { exact: true })).toBeVisible();
      await expect(page.getByText('Nothing on the bill yet.')).toBeVisible();
      await expectAccessible(page, `the counter after a sale at ${screen.width} px`);
    });

    // The server made it as sold: five lines in their units, UPI then cash with the change.
    const [made] = await deviceSales(api, deviceId, startedAt);
    expect(made).toMatchObject({
      invoiceNumber: billNumber(prefix, 1),
      offline: false,
      status: 'Delivered',
      total: firstTotal / 100,
      change,
      tenders: [
        { method: 'UPI', amount: UPI_PART },
        { method: 'Cash', amount: firstTotal / 100 - UPI_PART, received: firstTotal / 100 - UPI_PART + change },
      ],
    });
    expect(made?.lines.map((line) => [line.name, line.unit])).toEqual([
      ['Agra Potato', 'kg'],
      ['Nashik Red Onion', 'kg'],
      ['Desi Tomato', 'kg'],
      ['Farm Fresh Eggs', 'dozen'],
      ['Fresh Coriander', 'bunch'],
    ]);
    const orderId = made?.orderId as string;

    await test.step('printed on 58 mm paper: the receipt page and its ESC/POS bytes', async () => {
      const lastBill = page.getByRole('region', { name: 'Last bill again' });
      await lastBill.getByLabel('Receipt paper').selectOption('58');
      const [printed] = await Promise.all([
        page.waitForResponse((response) => response.url().includes('/receipt?')),
        screen.byKeys ? page.keyboard.press('F9') : lastBill.getByRole('button', { name: /^Print/ }).click(),
      ]);
      expect(printed.status()).toBe(200);
      expect(printed.url()).toContain(`/api/admin/counter/sales/${orderId}/receipt?width=58&format=html&lang=en`);
      expect(printed.headers()['content-type']).toContain('text/html');
      expect(await printed.text()).toContain(billNumber(prefix, 1));
      // Printing hands the keys back to the counter (the receipt's frame took the focus to print).
      await expect(page.getByTestId('keypad-display')).toBeFocused();

      // The Hindi receipt as it prints (print media), at twice the CSS pixel (about a receipt
      // printer's 203 dpi), to look at: the Hindi names must be readable on 58 mm.
      const receiptUrl = `/api/admin/counter/sales/${orderId}/receipt?width=58&format=html&lang=hi`;
      const receiptContext = await browser.newContext({
        storageState: await context.storageState(),
        viewport: { width: 400, height: 800 },
        deviceScaleFactor: 2,
      });
      const receipt = await receiptContext.newPage();
      await receipt.emulateMedia({ media: 'print' });
      const opened = await receipt.goto(receiptUrl);
      expect(opened?.status()).toBe(200);
      await expect(receipt).toHaveTitle(`रसीद ${billNumber(prefix, 1)}`);
      // 58 mm wide: 58 / 25.4 × 96 CSS pixels.
      const width = await receipt.locator('body').evaluate((body) => body.getBoundingClientRect().width);
      expect(Math.abs(width - (58 / 25.4) * 96)).toBeLessThan(1);
      expect(await receipt.locator('style').textContent()).toContain('@page { size: 58mm auto; margin: 0 }');
      for (const { hindi } of FIVE_LINES) await expect(receipt.getByText(hindi ?? '', { exact: true })).toBeVisible();
      await expect(receipt.getByText(`बिल नं.: ${billNumber(prefix, 1)}`)).toBeVisible();
      const row = (label: string) => receipt.locator('.row').filter({ has: receipt.getByText(label, { exact: true }) });
      await expect(row('UPI')).toContainText(onReceipt(UPI_PART));
      await expect(row('नकद')).toContainText(onReceipt(firstTotal / 100 - UPI_PART));
      await expect(row('वापसी')).toContainText(onReceipt(change));
      // Nothing spills past the paper's edge.
      expect(await receipt.locator('body').evaluate((body) => body.scrollWidth - body.clientWidth)).toBeLessThanOrEqual(
        0,
      );
      await receipt.locator('body').screenshot({ path: testInfo.outputPath(`receipt-58mm-hi-${screen.width}.png`) });
      await receiptContext.close();

      // The same receipt for a thermal printer: ESC @ first, the feed-and-cut (GS V 66 0) last,
      // and the Hindi lines as raster pictures (GS v 0) in between.
      const escpos = await page.request.get(receiptUrl.replace('format=html', 'format=escpos'));
      expect(escpos.status()).toBe(200);
      expect(escpos.headers()['content-type']).toContain('application/octet-stream');
      const bytes = await escpos.body();
      expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
      expect([...bytes.subarray(-4)]).toEqual([0x1d, 0x56, 0x42, 0x00]);
      expect(bytes.indexOf(Buffer.from([0x1d, 0x76, 0x30]))).toBeGreaterThan(1);
    });

    const offlineTotals: number[] = [];
    await test.step('offline: three bills, each numbered at once and kept waiting', async () => {
      await context.setOffline(true);
      await expect(page.getByText(/^Offline:/)).toBeVisible();
      for (const [index, line] of OFFLINE_BILLS.entries()) {
        await sellLine(page, screen, line);
        const total = await billTotal(page);
        await payCashAndComplete(page, screen);
        await expect(page.getByText(`Bill ${billNumber(prefix, index + 2)}: ${inRupees(total / 100)}`)).toBeVisible();
        const waiting = index === 0 ? '1 bill waiting to send' : `${index + 1} bills waiting to send`;
        await expect(page.getByRole('heading', { name: waiting })).toBeVisible();
        await expect(page.getByText('Waiting to send', { exact: true })).toBeVisible();
        offlineTotals.push(total);
      }
    });

    await test.step('reloaded: the three bills are still there, waiting', async () => {
      await reloadWithTheApiCut(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Counter' })).toBeVisible();
      await expect(page.getByText(/^Offline:/)).toBeVisible();
      await expect(page.getByRole('heading', { name: '3 bills waiting to send' })).toBeVisible();
      await expect(page.getByText(/^Prices kept on this device at /)).toBeVisible();
      await expect(page.getByText(`Next bill ${billNumber(prefix, 5)}`, { exact: false })).toBeVisible();
      const last = page.getByRole('region', { name: 'Last bill again' });
      await expect(
        last.getByText(`Bill ${billNumber(prefix, 4)}: ${inRupees((offlineTotals[2] ?? 0) / 100)}`),
      ).toBeVisible();
      await expect(last.getByText('Waiting to send', { exact: true })).toBeVisible();
      // Still none of them on the server.
      expect((await deviceSales(api, deviceId, startedAt)).map((sale) => sale.invoiceNumber)).toEqual([
        billNumber(prefix, 1),
      ]);
    });

    await test.step('back online: sent by themselves, once each', async () => {
      // The browser says it is online again (its `online` event): the queue goes in order.
      await context.setOffline(false);
      await expect(page.getByText('Online', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: /waiting to send/ })).toHaveCount(0);
      await expect(
        page.getByRole('region', { name: 'Last bill again' }).getByText('Sent', { exact: true }),
      ).toBeVisible();

      const sales = await deviceSales(api, deviceId, startedAt);
      const numbers = sales.map((sale) => sale.invoiceNumber);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(
        sales
          .map((sale) => [sale.invoiceNumber, sale.offline, sale.total * 100])
          .sort(([a], [b]) => String(a).localeCompare(String(b))),
      ).toEqual([
        [billNumber(prefix, 1), false, firstTotal],
        [billNumber(prefix, 2), true, offlineTotals[0]],
        [billNumber(prefix, 3), true, offlineTotals[1]],
        [billNumber(prefix, 4), true, offlineTotals[2]],
      ]);
    });

    await api.dispose();
    await context.close();
  });
}
