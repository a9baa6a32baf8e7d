/**
 * Journey, the scale, the barcode gun and the labels from the browser (api-contract-counter "The
 * scale and barcodes", "Counter devices"), on a server of its own (its products, PLUs and orders
 * disturb no other journey). The page's `navigator.serial` is replaced before the app loads by a
 * Mettler Toledo 8217 scale on Web Streams: it answers `W` with `<STX>?a<CR>` (in motion) or
 * `<STX>01.234<CR>` (steady), each answer sent in two chunks, and its port counts as allowed before;
 * a printer's port is allowed when the page asks for it.
 * The gun is a keyboard typing a code and Enter 4 ms a key (by the keys' hardware timestamps).
 *
 * - The device's settings page sets the scale (Toledo 8217) and a serial ESC/POS printer, and shows
 *   the raw lines from the port.
 * - The counter: Weigh takes 1.234 kg only once the reading is steady; scanning 2100042012349 (PLU
 *   42, 1.234 kg) adds a weighed line; the sale records `scale` and `barcode`; F9 writes the
 *   receipt's ESC/POS bytes (ESC @ ... cut) to the printer's port; the product's admin page prints
 *   labels for bags packed ahead.
 * - Packing a 10-line order: scans and Weigh fill the packed weights in fewer steps than typing, the
 *   same screen without a scale or gun packs by typing, and the packed order's labels PDF carries
 *   one code per kg line that reads back as its weight.
 */
import { readScaleBarcode, scaleBarcode } from '@mandi/shared/kernel';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import {
  adminApi,
  E2E_ADMIN,
  expectAccessible,
  logIn,
  type OwnServer,
  pdfText,
  registerShopper,
  startOwnServer,
} from './support';

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ seed: 'demo' });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A 1×1 picture, enough for the product form. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface Made {
  _id: string;
  name: string;
  plu: number;
}

/** The test's kg products, each with a PLU (PLU 42 first, the contract's example code's). */
async function makeProducts(api: APIRequestContext, count: number): Promise<Made[]> {
  const { Categories } = (await (await api.get('/api/category/get')).json()) as { Categories: { _id: string }[] };
  const made: Made[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = `Scale Veg ${String(index + 1).padStart(2, '0')}`;
    const plu = index === 0 ? 42 : 4200 + index;
    const answer = await api.post('/api/product/add', {
      data: {
        name,
        rate: 40 + index,
        stocks: 100,
        unit: 'kg',
        kilogramOption: [1, 2],
        category: Categories[0]?._id,
        image: PIXEL,
        hsnCode: '0709',
        gstRate: 0,
        plu,
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    const { newProduct } = (await answer.json()) as { newProduct: { _id: string } };
    made.push({ _id: newProduct._id, name, plu });
  }
  return made;
}

/** A new shopper's order of 2 kg of each product, placed through the API. */
async function placeOrder(baseURL: string, products: readonly Made[]) {
  const api = await playwrightRequest.newContext({ baseURL });
  const shopper = await registerShopper(api, 'Meera');
  const login = await api.post('/api/user/login', { data: { email: shopper.email, password: shopper.password } });
  expect(login.status(), await login.text()).toBe(200);
  const placed = await api.post('/api/user/new/order', {
    data: {
      cartItems: products.map((product) => ({ id: product._id, quantity: 2 })),
      shippingInfo: {
        address: '7th Main Road, Jayanagar',
        city: 'Bengaluru',
        mobileNumber: '9876543210',
        pinCode: '560011',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { _id: string; orderItems: { name: string }[] } };
  expect(order.orderItems.map((item) => item.name)).toEqual(products.map((product) => product.name));
  await api.dispose();
  return order;
}

/**
 * Replaces `navigator.serial` before the app loads: one port, allowed before (getPorts answers it),
 * whose streams play a Toledo 8217 scale, and a receipt printer's port the page may ask for.
 * `window.scale` is their state for the test: the grams on the scale, whether it is moving, how
 * the ports were opened, how often the page asked for a port, and the bytes printed.
 */
function fakeToledoScale(): void {
  const state = {
    grams: 0,
    moving: false,
    opened: [] as unknown[],
    asked: 0,
    polls: 0,
    printerOpened: [] as unknown[],
    printed: [] as number[],
  };
  (window as unknown as { scale: typeof state }).scale = state;
  const bytes = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const port = {
    readable: null as ReadableStream<Uint8Array> | null,
    writable: null as WritableStream<Uint8Array> | null,
    async open(options: unknown) {
      if (port.readable) throw new DOMException('The port is already open.', 'InvalidStateError');
      state.opened.push(options);
      port.readable = new ReadableStream<Uint8Array>({
        start(control) {
          controller = control;
        },
      });
      port.writable = new WritableStream<Uint8Array>({
        write(chunk) {
          if (String.fromCharCode(...chunk) !== 'W') return;
          state.polls += 1;
          const answer = state.moving ? '\x02?a\r' : `\x02${(state.grams / 1000).toFixed(3).padStart(6, '0')}\r`;
          // A real UART splits an answer anywhere: two chunks, the second a moment later.
          controller?.enqueue(bytes(answer.slice(0, 3)));
          setTimeout(() => controller?.enqueue(bytes(answer.slice(3))), 5);
        },
      });
    },
    async close() {
      port.readable = null;
      port.writable = null;
    },
    getInfo: () => ({ usbVendorId: 0x0eb8, usbProductId: 0xf000 }),
  };
  // The receipt printer on a port of its own, allowed once the page asks for it.
  const printerPort = {
    readable: null as ReadableStream<Uint8Array> | null,
    writable: null as WritableStream<Uint8Array> | null,
    async open(options: unknown) {
      state.printerOpened.push(options);
      printerPort.readable = new ReadableStream<Uint8Array>();
      printerPort.writable = new WritableStream<Uint8Array>({
        write(chunk) {
          state.printed.push(...chunk);
        },
      });
    },
    async close() {
      printerPort.readable = null;
      printerPort.writable = null;
    },
    getInfo: () => ({ usbVendorId: 0x0416, usbProductId: 0x5011 }),
  };
  const allowed: unknown[] = [port];
  const serial = {
    getPorts: async () => [...allowed],
    requestPort: async () => {
      state.asked += 1;
      if (!allowed.includes(printerPort)) allowed.push(printerPort);
      return printerPort;
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  Object.defineProperty(navigator, 'serial', { configurable: true, value: serial });
}

const setScale = (page: Page, grams: number, moving: boolean) =>
  page.evaluate(
    ([onScale, isMoving]) => {
      const scale = (window as unknown as { scale: { grams: number; moving: boolean } }).scale;
      scale.grams = onScale as number;
      scale.moving = isMoving as boolean;
    },
    [grams, moving],
  );

/**
 * The gun: a USB keyboard typing the code and Enter, its keys 4 ms apart by their hardware
 * timestamps (sent through the DevTools protocol with them, as the operating system would pass a
 * gun's keys on, however long the page takes to handle each one).
 */
async function scan(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const keys = [...code, 'Enter'];
  for (const [index, key] of keys.entries()) {
    const timestamp = start + index * 0.004;
    const isEnter = key === 'Enter';
    const fields = {
      key,
      code: isEnter ? 'Enter' : `Digit${key}`,
      windowsVirtualKeyCode: isEnter ? 13 : key.charCodeAt(0),
    };
    const text = isEnter ? '\r' : key;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...fields, text, unmodifiedText: text, timestamp });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...fields, timestamp: timestamp + 0.001 });
  }
  await cdp.detach();
}

/** An admin's page on the journey's server, with the fake scale when `withScale`. */
async function adminOn(browser: Browser, withScale: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  if (withScale) await context.addInitScript(fakeToledoScale);
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  return page;
}

let products: Made[] = [];

test.describe.configure({ mode: 'serial' });

test('the counter: set up the Toledo scale → Weigh takes 1.234 kg once steady → a scanned label adds its line', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const api = await adminApi(server.baseURL);
  products = await makeProducts(api, 10);
  const [labelled, weighed] = products as [Made, Made];

  const admin = await adminOn(browser, true);
  await admin.goto('/admin/counter');
  await admin.getByLabel('Device name').fill('Front till');
  await admin.getByRole('button', { name: 'Register' }).click();
  await expect(admin.getByText(/^Front till · series C\d+/)).toBeVisible();

  // The device's scale: Mettler Toledo 8217, 9600 baud 7E1 (the profile's own settings).
  await admin.getByRole('button', { name: 'Devices' }).click();
  await admin.getByRole('link', { name: 'Scale and printer of Front till' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Scale and printer' })).toBeVisible();
  await admin.getByLabel('This device has a scale').check();
  await expect(admin.getByLabel('Scale profile')).toHaveValue('toledo-8217');
  await expect(admin.getByLabel('Baud rate')).toHaveValue('9600');
  await expect(admin.getByLabel('Data bits')).toHaveValue('7');
  await expect(admin.getByLabel('Parity')).toHaveValue('even');
  // Receipts as ESC/POS bytes on a serial thermal printer, 58 mm.
  await admin.getByLabel('Paper').selectOption('58');
  await admin.getByLabel('How receipts print').selectOption({ label: 'ESC/POS over a serial port (Web Serial)' });
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Saved.')).toBeVisible();
  // Trying it: the scale is reached on the port allowed before, and its raw answers are shown.
  await setScale(admin, 500, false);
  await expect(admin.getByTestId('raw-lines')).toContainText('<STX>00.500\\r');
  await expect(admin.getByTestId('scale-reading')).toHaveText('0.5 Kg on the scale · steady');
  await expectAccessible(admin, 'the device settings page, the scale connected');
  await admin.getByRole('link', { name: 'Back to the counter' }).click();

  // Weigh: the product is on the scale but it is moving; nothing is taken until it is steady.
  await expect(admin.getByRole('heading', { level: 1, name: 'Counter' })).toBeVisible();
  await setScale(admin, 1234, true);
  await expect(admin.getByTestId('scale-reading')).toHaveText('Scale: moving…');
  await admin.getByRole('button', { name: weighed.name }).click();
  await admin.getByRole('button', { name: /^Weigh/ }).click();
  await expect(admin.getByText('Waiting for a steady weight…')).toBeVisible();
  await admin.waitForTimeout(1200);
  await expect(admin.getByText('Nothing on the bill yet.')).toBeVisible();
  await expect(admin.getByText('Waiting for a steady weight…')).toBeVisible();
  await setScale(admin, 1234, false);
  const bill = admin.getByRole('list', { name: 'Bill' });
  await expect(bill.getByRole('listitem').filter({ hasText: weighed.name })).toContainText('1.234 Kg ×');

  // The gun: PLU 42, 1.234 kg, read on the device from the kept rules and PLUs.
  await scan(admin, '2100042012349');
  await expect(bill.getByRole('listitem').filter({ hasText: labelled.name })).toContainText('1.234 Kg ×');
  await expect(admin.getByText(`${labelled.name}: 1.234 Kg from the label`)).toBeVisible();
  await expectAccessible(admin, 'the counter with the scale and a scanned line');
  // The keypad took none of the gun's digits.
  await expect(admin.getByTestId('keypad-display')).toHaveText('');

  await admin.keyboard.press('F2');
  await admin.keyboard.press('Enter');
  await admin.keyboard.press('Enter');
  await expect(admin.getByText(/^Bill C\d+\/\d\d-\d\d\/000001: ₹/)).toBeVisible();
  await expect(admin.getByText('Sent', { exact: true })).toBeVisible();

  // F9: the receipt's ESC/POS bytes written to the printer's port (chosen once: the scale's was allowed before).
  await admin.keyboard.press('F9');
  const printed = () =>
    admin.evaluate(() => (window as unknown as { scale: { printed: number[] } }).scale.printed.length);
  await expect.poll(printed, { timeout: 15_000 }).toBeGreaterThan(1000);
  await expect.poll(printed).toBe(await printed());
  const scale = await admin.evaluate(
    () =>
      (
        window as unknown as {
          scale: { asked: number; opened: unknown[]; printerOpened: unknown[]; printed: number[] };
        }
      ).scale,
  );
  // ESC @ first, the cut (GS V 66 0) last.
  expect(scale.printed.slice(0, 2)).toEqual([0x1b, 0x40]);
  expect(scale.printed.slice(-4)).toEqual([0x1d, 0x56, 0x42, 0x00]);
  expect(scale.asked).toBe(1);
  expect(scale.printerOpened).toHaveLength(1);
  expect(scale.opened[0]).toMatchObject({ baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 });

  const deviceId = await admin.evaluate(
    () => (JSON.parse(localStorage.getItem('mandi-counter-device') ?? 'null') as { _id: string })._id,
  );
  const sales = (await (await api.get(`/api/admin/counter/sales?deviceId=${deviceId}`)).json()) as {
    sales: { lines: { name: string; quantity: number; source: string }[] }[];
  };
  expect(sales.sales[0]?.lines.map(({ name, quantity, source }) => ({ name, quantity, source }))).toEqual(
    expect.arrayContaining([
      { name: weighed.name, quantity: 1.234, source: 'scale' },
      { name: labelled.name, quantity: 1.234, source: 'barcode' },
    ]),
  );

  // Bags packed ahead: three labels of 0.5 kg of the PLU 42 product, from its admin page.
  await admin.goto(`/admin/update/products/${labelled._id}`);
  await expect(admin.getByRole('heading', { name: 'Labels for bags packed ahead' })).toBeVisible();
  await admin.getByLabel('Weight of each bag (kg)').fill('0.5');
  await admin.getByLabel('Labels', { exact: true }).fill('3');
  // The PDF opens beside the page (headless, it downloads): its request is what the form sent.
  const [asked] = await Promise.all([
    admin.context().waitForEvent('request', (request) => request.url().includes('/labels?')),
    admin.getByRole('button', { name: 'Print labels' }).click(),
  ]);
  const url = new URL(asked.url());
  expect(`${url.pathname}${url.search}`).toBe(`/api/admin/products/${labelled._id}/labels?quantity=0.5&copies=3`);
  const ahead = await api.get(`${url.pathname}${url.search}`);
  expect(ahead.headers()['content-type']).toBe('application/pdf');
  expect((await pdfText(await ahead.body())).match(/\b2\d{12}\b/g)).toEqual(Array(3).fill(scaleBarcode('21', 42, 500)));

  await api.dispose();
  await admin.context().close();
});

test('packing 10 lines: the gun and the scale in fewer steps than typing; unchanged without them; labels read back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  expect(products).toHaveLength(10);
  const api = await adminApi(server.baseURL);
  const withDevices = await placeOrder(server.baseURL, products);
  const byTyping = await placeOrder(server.baseURL, products);

  // This browser is a counter device with the Toledo scale (chosen as the counter does it).
  const made = (await (await api.post('/api/admin/counter/devices', { data: { name: 'Packing table' } })).json()) as {
    device: { _id: string };
  };
  const scaleSettings = { profile: 'toledo-8217', baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 };
  const updated = await api.put(`/api/admin/counter/devices/${made.device._id}`, {
    data: { name: 'Packing table', scale: scaleSettings, printer: null },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  const { device } = (await updated.json()) as { device: unknown };

  const admin = await adminOn(browser, true);
  await admin.evaluate((kept) => localStorage.setItem('mandi-counter-device', JSON.stringify(kept)), device);

  // The weights packed: 1.95 kg, 1.96 kg, ... (a 2 kg line takes at most 2.2 kg); line 6 weighs 1.234 kg.
  const grams = products.map((_, index) => (index === 5 ? 1234 : 1950 + index * 10));
  const fieldOf = (page: Page, name: string) => page.getByRole('textbox', { name: `Packed weight of ${name} (kg)` });

  let deviceSteps = 0;
  const step = async (action: () => Promise<void>) => {
    deviceSteps += 1;
    await action();
  };
  await admin.goto(`/admin/pack/order/${withDevices._id}`);
  await expect(admin.getByRole('heading', { name: 'Pack Order' })).toBeVisible();
  await expect(admin.getByTestId('scale-reading')).toBeVisible();
  // Lines 1-5: each bag's label scanned.
  for (let index = 0; index < 5; index += 1) {
    const product = products[index] as Made;
    await step(() => scan(admin, scaleBarcode('21', product.plu, grams[index] as number)));
    await expect(fieldOf(admin, product.name)).toHaveValue(
      ((grams[index] as number) / 1000).toFixed(3).replace(/0+$/, ''),
    );
  }
  // Lines 6-10: each weighed on the scale (the goods put on it are no step on the screen).
  for (let index = 5; index < 10; index += 1) {
    const product = products[index] as Made;
    const field = fieldOf(admin, product.name);
    if (index === 5) {
      // Moving first: nothing is filled until the scale is steady.
      await setScale(admin, grams[index] as number, true);
      await step(() => admin.getByRole('button', { name: `Weigh ${product.name}` }).click());
      await expect(admin.getByText('Waiting for a steady weight…')).toBeVisible();
      await admin.waitForTimeout(800);
      await expect(field).toHaveValue('');
      await setScale(admin, grams[index] as number, false);
      await expect(field).toHaveValue('1.234');
      continue;
    }
    await setScale(admin, grams[index] as number, false);
    // The packer sees the scale settle on the new goods, then presses Weigh.
    await expect(admin.getByTestId('scale-reading')).toHaveText(
      `${((grams[index] as number) / 1000).toFixed(3).replace(/0+$/, '')} Kg on the scale · steady`,
    );
    await step(() => admin.getByRole('button', { name: `Weigh ${product.name}` }).click());
    await expect(field).toHaveValue(((grams[index] as number) / 1000).toFixed(3).replace(/0+$/, ''));
  }
  await expectAccessible(admin, 'the packing screen with the scale');
  await step(() => admin.getByRole('button', { name: 'Save weights' }).click());
  await expect(admin).toHaveURL(new RegExp(`/admin/update/order/${withDevices._id}$`));

  // The labels of the packed order: one code per kg line, read back as its PLU and weight.
  const labels = admin.getByRole('link', { name: 'Print labels' });
  await expect(labels).toBeVisible();
  const pdf = await admin.request.get((await labels.getAttribute('href')) as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(await pdf.body());
  const codes = text.match(/\b2\d{12}\b/g) ?? [];
  expect(codes).toHaveLength(10);
  const { rules } = (await (await api.get('/api/admin/barcodes/rules')).json()) as {
    rules: { prefix: string; valueKind: 'weight' | 'price' }[];
  };
  const read = codes.map((code) => readScaleBarcode(code, rules));
  expect(
    read.map((reading) => (reading.ok ? [reading.plu, reading.valueKind, reading.value] : reading)).sort(),
  ).toEqual(products.map((product, index) => [product.plu, 'weight', grams[index]]).sort());
  await admin.context().close();

  // The same screen with no scale and no gun: every weight typed (a field, then Enter to the next).
  const typist = await adminOn(browser, false);
  let typedSteps = 0;
  const typed = async (action: () => Promise<void>) => {
    typedSteps += 1;
    await action();
  };
  await typist.goto(`/admin/pack/order/${byTyping._id}`);
  await expect(typist.getByRole('heading', { name: 'Pack Order' })).toBeVisible();
  await expect(typist.getByRole('button', { name: /^Weigh/ })).toHaveCount(0);
  await expect(typist.getByTestId('scale-reading')).toHaveCount(0);
  for (const [index, product] of products.entries()) {
    const field = fieldOf(typist, product.name);
    await typed(() => field.fill(((grams[index] as number) / 1000).toFixed(3)));
    await typed(() => field.press('Enter'));
  }
  await typed(() => typist.getByRole('button', { name: 'Save weights' }).click());
  await expect(typist).toHaveURL(new RegExp(`/admin/update/order/${byTyping._id}$`));
  await typist.context().close();

  const packed = async (id: string) =>
    (
      (await (await api.get(`/api/user/my/order/${id}`)).json()) as {
        order: { orderItems: { packedQuantity: string | number }[] };
      }
    ).order.orderItems.map((item) => Math.round(Number(item.packedQuantity) * 1000));
  // Both orders packed the same weights; the scale and the gun took 11 steps, typing 21.
  expect(await packed(withDevices._id)).toEqual(grams);
  expect(await packed(byTyping._id)).toEqual(grams);
  expect(deviceSteps).toBe(11);
  expect(typedSteps).toBe(21);
  expect(deviceSteps).toBeLessThan(typedSteps);
  await api.dispose();
});
