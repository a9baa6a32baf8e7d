/**
 * Browser budgets (`node bench/web-budget.mjs`, after `npm run build`):
 * - the JavaScript a shopper downloads to open `/`, and a product page (`/product/{id}`, decision
 *   0024), is at most 110 KB gzipped each, measured twice: from the built files (index.html's entry
 *   + its static imports + the route's page chunk and its imports) and by loading the page in
 *   Chromium and gzipping every JS response;
 * - admin code and Chart.js never load for a shopper (on `/`, `/products` and a product page);
 * - every picture on those pages has width and height set, pictures below the fold load
 *   lazily, and none is served much larger than it is shown.
 * Prints a report, writes bench/results/web-budget.json and exits 1 when a budget is broken.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, root, startAppServer } from './lib/app-server.mjs';

const BUDGET_KB = 110;
/** A picture may be up to this many times its shown size (in device pixels) before it counts as oversized. */
const OVERSIZE_FACTOR = 1.5;
const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
const gzipKb = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length / 1024;
const isAdminChunk = (name) => /admin|dashboard|chart/i.test(name);

/** The static-import closure of some chunks, read from the built files. */
function closure(files) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    // Static imports only (`import ... from "./x.js"` / `import "./x.js"`), not `import("./x.js")`.
    for (const match of code.matchAll(
      /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g,
    )) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1]));
    }
  }
  return [...seen];
}

/** The built JavaScript to open a page whose lazily loaded chunk is named `<page>-<hash>.js`. */
function staticBudget(page = 'home-page') {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]);
  const chunk = new RegExp(`^${page}-[\\w-]+\\.js$`);
  const home = fs.readdirSync(path.join(dist, 'assets')).filter((f) => chunk.test(f));
  if (home.length !== 1) throw new Error(`web-budget: ${home.length} chunks named ${page}`);
  const files = closure([...entry, ...preloads, ...home.map((f) => `assets/${f}`)]);
  const sizes = files.map((file) => ({ file, gzipKb: gzipKb(fs.readFileSync(path.join(dist, file))) }));
  return { files: sizes, totalKb: sizes.reduce((sum, f) => sum + f.gzipKb, 0) };
}

async function browserChecks(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  // A product page: the demo's tomatoes.
  const { suggestions } = await (await fetch(`${base}/api/product/suggest?q=tamat`)).json();
  const productRoute = `/product/${suggestions[0]._id}`;
  try {
    const pages = {};
    for (const route of ['/', '/products', productRoute]) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
      const page = await context.newPage();
      const scripts = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        try {
          scripts.push({ url: new URL(response.url()).pathname, body: await response.body() });
        } catch {}
      });
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
      const viewportImages = await page.$$eval('img', (imgs) =>
        imgs.map((img) => {
          const rect = img.getBoundingClientRect();
          return {
            src: img.currentSrc || img.src,
            hasSize: img.hasAttribute('width') && img.hasAttribute('height'),
            loading: img.getAttribute('loading'),
            isBelowFold: rect.top + window.scrollY > window.innerHeight,
          };
        }),
      );
      // Scroll through the page so lazy pictures load, then compare natural and shown sizes.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
      });
      await page.waitForLoadState('networkidle');
      const shown = await page.$$eval('img', (imgs) =>
        imgs.map((img) => ({
          src: img.currentSrc || img.src,
          naturalWidth: img.naturalWidth,
          shownWidth: img.getBoundingClientRect().width,
        })),
      );
      const dpr = 1.75;
      const images = viewportImages.map((image, i) => ({ ...image, ...shown[i] }));
      pages[route] = {
        jsKb: scripts.reduce((sum, s) => sum + gzipKb(s.body), 0),
        scripts: scripts.map((s) => s.url),
        adminScripts: scripts.map((s) => s.url).filter((url) => isAdminChunk(path.basename(url))),
        images: images.length,
        withoutSize: images.filter((img) => !img.hasSize).map((img) => img.src),
        eagerBelowFold: images.filter((img) => img.isBelowFold && img.loading !== 'lazy').map((img) => img.src),
        oversized: images
          // Vector pictures (SVG) scale for free; only bitmaps can be oversized.
          .filter((img) => !/\.svg($|\?)/.test(img.src))
          .filter((img) => img.shownWidth > 0 && img.naturalWidth > img.shownWidth * dpr * OVERSIZE_FACTOR)
          .map((img) => `${img.src} (${img.naturalWidth}px shown at ${Math.round(img.shownWidth)} CSS px)`),
      };
      await context.close();
    }
    return pages;
  } finally {
    await browser.close();
  }
}

const built = staticBudget();
const builtProduct = staticBudget('product-page');
const server = await startAppServer({ webDistDir: dist });
let pages;
try {
  pages = await browserChecks(server.base);
} finally {
  await server.stop();
}

const problems = [];
if (built.totalKb > BUDGET_KB)
  problems.push(`built JS for / is ${built.totalKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB})`);
if (builtProduct.totalKb > BUDGET_KB)
  problems.push(`built JS for a product page is ${builtProduct.totalKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB})`);
if ([...built.files, ...builtProduct.files].some((f) => isAdminChunk(path.basename(f.file))))
  problems.push('admin code is in the shopper bundle');
for (const [route, result] of Object.entries(pages)) {
  if ((route === '/' || route.startsWith('/product/')) && result.jsKb > BUDGET_KB)
    problems.push(`/ downloads ${result.jsKb.toFixed(1)} KB of JS gzipped (budget ${BUDGET_KB})`);
  if (result.adminScripts.length) problems.push(`${route} loads admin code: ${result.adminScripts.join(', ')}`);
  if (result.withoutSize.length)
    problems.push(`${route}: pictures without width/height: ${result.withoutSize.join(', ')}`);
  if (result.eagerBelowFold.length)
    problems.push(`${route}: pictures below the fold not lazy: ${result.eagerBelowFold.length}`);
  if (result.oversized.length) problems.push(`${route}: oversized pictures: ${result.oversized.join(', ')}`);
}

console.log('JavaScript to open / (gzip -9):');
for (const file of built.files) console.log(`  ${file.file.padEnd(48)} ${file.gzipKb.toFixed(1).padStart(6)} KB`);
console.log(
  `  ${'total from the built files'.padEnd(48)} ${built.totalKb.toFixed(1).padStart(6)} KB (budget ${BUDGET_KB} KB)`,
);
console.log(
  `JavaScript to open a product page (gzip -9): ${builtProduct.totalKb.toFixed(1)} KB from the built files (budget ${BUDGET_KB} KB)`,
);
for (const [route, result] of Object.entries(pages)) {
  console.log(
    `In Chromium, ${route}: ${result.scripts.length} scripts, ${result.jsKb.toFixed(1)} KB gzipped, ` +
      `${result.adminScripts.length} admin chunks, ${result.images} pictures ` +
      `(${result.withoutSize.length} without size, ${result.eagerBelowFold.length} eager below the fold, ${result.oversized.length} oversized)`,
  );
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/web-budget.json'),
  `${JSON.stringify({ date: new Date().toISOString(), budgetKb: BUDGET_KB, built, builtProduct, pages, problems }, null, 2)}\n`,
);
if (problems.length) {
  console.log(`\nBudgets broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery budget met.');
