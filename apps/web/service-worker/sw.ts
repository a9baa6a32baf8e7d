/**
 * The shop's service worker (issue 30, docs/decisions/0041-weak-signal.md), served at `/sw.js`.
 * The build (build/service-worker.ts) writes PRECACHE and VERSION above this code.
 *
 * - The app shell: the shopper's code (hashed assets), icons and pictures, and the pages of `/` and
 *   `/products` as a visitor gets them (no one's session in them), kept per release.
 * - Pages: from the network; from the kept shell when the network fails or is too slow.
 * - The catalogue's public reads (listing, categories, a product, the shop, reviews, today's rates):
 *   stale-while-revalidate, and the page is told when a revalidated answer differs, so it shows
 *   the new one at once. A read asked with `cache: 'no-cache'` (the checkout's price check) goes to
 *   the network first and falls back to the kept answer only offline.
 * - Product pictures (`/api/images/...`, immutable addresses): kept as they are seen, the oldest
 *   dropped past 300.
 * - Nothing else is touched: no POST, no session, no shopper's or admin's answer is ever kept.
 */

// The worker scope, typed (lib.webworker names `self` the plain worker scope).
const sw = self as unknown as ServiceWorkerGlobalScope;
/** The release's shopper files (`/assets/...`, `/icons/...`), written by the build. */
declare const PRECACHE: readonly string[];
/** A hash of the release's files and of this code. */
declare const VERSION: string;

const SHELL_CACHE = `mandi-shell-${VERSION}`;
/** Catalogue answers outlive a release (the last catalogue stays readable offline); bump if their shape changes. */
const DATA_CACHE = 'mandi-data-1';
/** Product pictures seen online, for the kept catalogue (first come, first dropped past the bound). */
const IMAGE_CACHE = 'mandi-images-1';
const IMAGE_LIMIT = 300;
const SHELL_PAGES = ['/', '/products'];
/** How long a page may take on a weak signal before the kept shell is shown instead. */
const PAGE_TIMEOUT_MS = 4000;

const CATALOGUE_READS = [
  /^\/api\/product\/getAllProducts$/,
  /^\/api\/product\/getSingleProduct\/[^/]+$/,
  /^\/api\/product\/recent\/products$/,
  /^\/api\/category\/get$/,
  /^\/api\/shop$/,
  /^\/api\/user\/get\/reviews$/,
  /^\/api\/rates\/today$/,
];
const STATIC_FILES = /^\/(?:icons\/|images\/|favicon\.svg$|manifest\.webmanifest$)/;
/** The page's session slot: a kept page says nothing about who is logged in, so the app asks (or remembers). */
const SESSION_SLOT = /<script id="mandi-session" type="application\/json">[^<]*<\/script>/;

/** A visitor's page without its session slot, with the date it was sent (for "as of"). */
async function shellCopy(response: Response): Promise<Response> {
  const html = (await response.text()).replace(SESSION_SLOT, '');
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
  const date = response.headers.get('Date');
  if (date) headers.set('Date', date);
  return new Response(html, { status: 200, headers });
}

/** A page that names no one: built for a visitor (a logged-in page is `no-store`). */
const isVisitorPage = (response: Response) =>
  response.ok &&
  (response.headers.get('Content-Type') ?? '').startsWith('text/html') &&
  !/no-store/.test(response.headers.get('Cache-Control') ?? '');

async function keepShellPage(path: string): Promise<void> {
  // Without cookies: the page as a visitor gets it, whoever is logged in on this browser.
  const response = await fetch(new Request(path, { credentials: 'omit', cache: 'no-store' }));
  if (!isVisitorPage(response)) throw new Error(`the shell page ${path} answered ${response.status}`);
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(path, await shellCopy(response));
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(PRECACHE.map((file) => new Request(file, { cache: 'no-store' })));
      await Promise.all(SHELL_PAGES.map(keepShellPage));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const kept = new Set([SHELL_CACHE, DATA_CACHE, IMAGE_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith('mandi-') && !kept.has(name)) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event, url));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (CATALOGUE_READS.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(
      request.cache === 'no-cache' || request.cache === 'reload'
        ? networkFirst(request)
        : staleWhileRevalidate(event, DATA_CACHE, true),
    );
  } else if (url.pathname.startsWith('/api/images/')) {
    event.respondWith(keptPicture(event));
  } else if (STATIC_FILES.test(url.pathname)) {
    event.respondWith(staleWhileRevalidate(event, SHELL_CACHE, false));
  }
});

/** The kept shell for a page: its own if kept (`/products`), else the home page's (the app routes itself). */
async function keptPage(url: URL): Promise<Response | undefined> {
  const cache = await caches.open(SHELL_CACHE);
  const path = url.pathname.replace(/\/$/, '') || '/';
  return (await cache.match(path)) ?? (await cache.match('/'));
}

async function page(event: FetchEvent, url: URL): Promise<Response> {
  const network = fetch(event.request).then(async (response) => {
    const path = url.pathname.replace(/\/$/, '') || '/';
    // A visitor's fresh page renews the kept shell (a new shop name, say); a logged-in page never is kept.
    if (SHELL_PAGES.includes(path) && !url.search && isVisitorPage(response)) {
      const copy = await shellCopy(response.clone());
      await (await caches.open(SHELL_CACHE)).put(path, copy);
    }
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  const kept = await keptPage(url);
  if (!kept) return network;
  const slow = new Promise<Response>((resolve) => setTimeout(() => resolve(kept), PAGE_TIMEOUT_MS));
  return Promise.race([network.catch(() => kept), slow]);
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  // Hashed names never change: a chunk loaded once (a Hindi catalogue, a page) is there offline too.
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** A product's picture: the kept copy if there is one (a picture's address changes with it), else fetched and kept. */
async function keptPicture(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(IMAGE_CACHE);
  const kept = await cache.match(event.request.url, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok) {
    await cache.put(event.request.url, response.clone());
    event.waitUntil(trimPictures(cache));
  }
  return response;
}

async function trimPictures(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - IMAGE_LIMIT))) await cache.delete(key);
}

async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(DATA_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request.url, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request.url, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

async function staleWhileRevalidate(event: FetchEvent, cacheName: string, tellPages: boolean): Promise<Response> {
  const { request } = event;
  const cache = await caches.open(cacheName);
  const kept = await cache.match(request.url, { ignoreVary: true });
  // Copied before the page reads the kept answer's body.
  const keptCopy = tellPages ? kept?.clone() : undefined;
  const fresh = fetch(request).then(async (response) => {
    if (!response.ok) return response;
    await cache.put(request.url, response.clone());
    if (keptCopy) {
      const [before, after] = await Promise.all([keptCopy.text(), response.clone().text()]);
      if (before !== after) await tellChanged(request.url);
    }
    return response;
  });
  if (!kept) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return kept;
}

/** The pages showed an older answer: they read it again (now the new one, from the cache). */
async function tellChanged(url: string): Promise<void> {
  for (const client of await sw.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: 'mandi-catalogue-changed', url });
  }
}
