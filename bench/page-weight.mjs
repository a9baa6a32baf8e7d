/**
 * Page weight: the bytes a first-time visitor downloads to open a page (`node bench/page-weight.mjs`
 * after `npm run build`; other pages as arguments, e.g. `node bench/page-weight.mjs / /products`).
 *
 * Starts the real server on a fresh demo database, opens each page in a fresh Chromium context
 * (empty cache, a phone-sized screen, as a browser sends `Accept-Encoding`), waits for the network
 * to settle and sums the transfer size of every response (headers and encoded body, as Chromium's
 * network panel counts them): HTML, CSS, JavaScript, pictures, API answers. Budget: 150 KB for `/`.
 * Prints the total and the largest items, writes bench/results/page-weight.json, exits 1 when over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, root, startAppServer } from './lib/app-server.mjs';

const BUDGET_KB = 150;
const TOP = 12;
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];
const webDistDir = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');

async function weigh(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    responses.set(requestId, {
      url: response.url,
      type,
      status: response.status,
      encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '',
      bytes: 0,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = responses.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // On a busy machine the network can be quiet for a moment while the app still runs its code:
  // count only once nothing new has started for a whole second.
  for (let seen = -1; seen !== responses.size; ) {
    seen = responses.size;
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
  }
  await context.close();
  const items = [...responses.values()]
    .filter((item) => !item.url.startsWith('data:'))
    .map((item) => ({ ...item, url: item.url.replace(/^https?:\/\/[^/]+/, '') }))
    .sort((a, b) => b.bytes - a.bytes);
  const byType = {};
  for (const item of items) byType[item.type] = (byType[item.type] ?? 0) + item.bytes;
  return { totalBytes: items.reduce((sum, item) => sum + item.bytes, 0), byType, items };
}

const server = await startAppServer({ webDistDir });
const results = {};
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const route of routes) results[route] = await weigh(browser, `${server.base}${route}`);
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const problems = [];
for (const [route, result] of Object.entries(results)) {
  console.log(`${route}: ${kb(result.totalBytes)} KB in ${result.items.length} responses`);
  console.log(
    `  by type: ${Object.entries(result.byType)
      .sort((a, b) => b[1] - a[1])
      .map(([type, bytes]) => `${type} ${kb(bytes)} KB`)
      .join(', ')}`,
  );
  for (const item of result.items.slice(0, TOP)) {
    console.log(
      `  ${kb(item.bytes).padStart(7)} KB  ${item.type.padEnd(10)} ${(item.encoding || '-').padEnd(5)} ${item.url}`,
    );
  }
  if (route === '/' && result.totalBytes > BUDGET_KB * 1024) {
    problems.push(`${route}: ${kb(result.totalBytes)} KB > ${BUDGET_KB} KB`);
  }
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/page-weight.json'),
  `${JSON.stringify({ date: new Date().toISOString(), budgetKb: BUDGET_KB, results, problems }, null, 2)}\n`,
);
if (problems.length) {
  console.log(`\nOver budget:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`\nPage weight of / within ${BUDGET_KB} KB.`);
