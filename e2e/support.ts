/** Shared helpers for the browser journeys. */
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

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

/**
 * Follows the confirmation link mailed at registration (decision 0055), as the shopper would: a
 * journey that reads the shop's order or complaint mails needs it, for nothing else is mailed to an
 * unconfirmed address. `mailDir`: the shared server's sink unless the journey runs its own server.
 */
export async function confirmEmail(
  request: APIRequestContext,
  email: string,
  mailDir = `${process.env.E2E_DATA_DIR as string}/mail`,
): Promise<void> {
  const mail = await readMailIn(mailDir, email, '/confirm-email/');
  const link = /\/confirm-email\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  const response = await request.post(`/api/user${link}`);
  expect(response.status(), await response.text()).toBe(200);
}

/** Logs in through the Login screen. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/Login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  // Home; a real shop's owner lands on the dashboard instead (decision 0056).
  await expect(page).toHaveURL(/\/(?:admin\/home)?$/);
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
  // The demo's title is the spec's; a real shop's names the shop too, its typos corrected (decision 0056).
  await expect(page).toHaveTitle(/^Confirm Order(?: \| .+)?$/);
  // Sold by weight: what the shopper confirms is an estimate until the order is weighed.
  await expect(page.getByText(/This total is an estimate/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveTitle(/^(?:Order Place\.\.!!|Order Placed \| .+)$/);
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

/** A server of a journey's own (see startOwnServer): its address, its mail folder, and how to stop it. */
export interface OwnServer {
  baseURL: string;
  /** Every mail the server sent, one `.eml` file each. */
  mailDir: string;
  stop: () => Promise<void>;
}

/** A free TCP port on this machine. */
async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server (`node apps/api/dist/server.js`, as playwright.config.ts does) on a port,
 * data directory and mail catcher of its own, for a journey that changes what every page shows (the
 * shop's profile: its first save turns the demo identity off), so the shared e2e server stays as
 * the other journeys expect it. `seed` is SEED (`demo` or `none`); the admin is E2E_ADMIN.
 * Starting takes a while (a new embedded database, the demo's pictures): give the hook 4 minutes.
 */
export async function startOwnServer({
  seed,
  env = {},
}: {
  seed: 'demo' | 'none';
  env?: Record<string, string>;
}): Promise<OwnServer> {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { spawn } = await import('node:child_process');
  const { SMTPServer } = await import('smtp-server');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-e2e-own-'));
  const mailDir = path.join(dataDir, 'mail');
  fs.mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        fs.writeFileSync(path.join(mailDir, `${Date.now()}-${count}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const port = await freePort();

  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: seed,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOGIN_MAX_PER_IP: '10000',
      REGISTER_MAX_PER_IP: '10000',
      SEARCH_MAX_PER_IP: '10000',
      RESET_EMAIL_MAX_PER_IP: '10000',
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 210_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const up = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { baseURL, mailDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await stop();
  throw new Error(`The journey's own server did not start:\n${errors}`);
}

/** A mail from an SMTP sink as readable text: quoted-printable and base64 parts decoded. */
export function decodeMailText(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((hex) => Number.parseInt(hex, 16)),
    ).toString('utf8'),
  );
  const base64Parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi),
  ].map((match) => Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'));
  return [qp, ...base64Parts].join('\n');
}

/** Waits for a mail in `mailDir` to `email` whose text contains `needle`, and returns that text. */
export async function readMailIn(mailDir: string, email: string, needle: string): Promise<string> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  let found = '';
  await expect
    .poll(
      () => {
        const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort().reverse() : [];
        for (const file of files) {
          const text = decodeMailText(fs.readFileSync(path.join(mailDir, file), 'utf8'));
          if (text.toLowerCase().includes(email.toLowerCase()) && text.includes(needle)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `a mail to ${email} with "${needle}"` },
    )
    .toBe(true);
  return found;
}

/** A PDF's text as pdf.js reads it, page by page, pieces joined by one space (runs of spaces folded). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n').replace(/[ \t]+/g, ' ');
}

/**
 * axe-core for the page as it is now, set up for what the journeys read: its violations.
 * - Legacy mode: `axe.run` in the page itself (it still reaches the page's same-origin frames; the
 *   app has no cross-origin ones), instead of `runPartial` in each frame and `finishRun` in a new
 *   blank page, which injected axe a second time and sent every result across.
 * - `resultTypes: ['violations']`: the passes and the incomplete keep one node each instead of a
 *   unique selector computed for every node that passed, most of axe's time on a long page.
 * The violations, their impacts and nodes are the same as the default run's (checked on pages with
 * planted findings, frames included); a scan takes a quarter to a half of the time (decision 0063).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
}

/** Fails with axe's serious and critical findings on the page as it is now, named by `what`. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await axe(page).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, what).toEqual([]);
}
