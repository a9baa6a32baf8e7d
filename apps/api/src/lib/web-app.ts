/**
 * Serves the built browser app from memory: every file with its brotli and gzip copies (written by
 * the build), each with its own ETag, so a request costs no file system or compression work; and
 * index.html for every app route (GET and HEAD). /api stays JSON.
 *
 * A page carries the session (see SESSION_SLOT): null as built, which is what a visitor gets, from
 * the precompressed copies; a logged-in browser gets its user written in, so the app knows who is
 * there without a round trip (and a visitor's first screen without a 401 answer).
 *
 * Every page also carries the shop's profile (see SHOP_SLOT: name, licences, contact, policies;
 * decision 0028), so no screen waits for it. A visitor's page is written once per built file and
 * kept in the response cache with its compressed forms; saving the profile drops it.
 *
 * Some addresses get their own head (PageHeads, supplied by a module from app.ts: a product's title,
 * description, Open Graph tags and structured data, for search engines and link previews). Such a
 * page is written once per address and kept in the response cache like a JSON read, with its
 * compressed forms; the module's declared writes drop it (docs/decisions/0024-product-page.md).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '@mandi/shared/kernel';
import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { compress, type Encoding, preferredEncoding } from './content-encoding.js';
import { failureBody } from './error-handler.js';
import type { CachedRead, ResponseCache } from './response-cache.js';
import { SESSION_COOKIE, type SessionUser, sessionUserView } from './session.js';

interface Variant {
  body: Buffer;
  etag: string;
  encoding: Encoding | null;
}

export interface WebFile {
  type: string;
  cacheControl: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.map': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
const COMPRESSED_COPY = /\.(?:br|gz)$/;

function variant(body: Buffer, encoding: Encoding | null): Variant {
  // The hash of the bytes sent: each coding of a file has its own validator.
  return { body, encoding, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

function readCopy(file: string): Buffer | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

/** Every file of the build by its address (`/assets/index-abc.js`), read once. */
export function loadWebFiles(distDir: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      if (!entry.isFile() || COMPRESSED_COPY.test(entry.name)) continue;
      const address = `/${path.relative(distDir, file).split(path.sep).join('/')}`;
      const br = readCopy(`${file}.br`);
      const gzip = readCopy(`${file}.gz`);
      files.set(address, {
        type: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        // Vite puts a content hash in every asset name, so they never change; the pages are checked on
        // every visit so a new release is picked up at once.
        // The service worker too: a browser must see a new release's worker at its next visit.
        cacheControl: address.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : address.endsWith('.html') || address === '/sw.js'
            ? 'no-cache'
            : 'public, max-age=3600',
        identity: variant(fs.readFileSync(file), null),
        ...(br ? { br: variant(br, 'br') } : {}),
        ...(gzip ? { gzip: variant(gzip, 'gzip') } : {}),
      });
    }
  };
  walk(distDir);
  return files;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function sendWebFile(request: FastifyRequest, reply: FastifyReply, file: WebFile): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const chosen = (encoding && file[encoding]) || file.identity;
  reply.header('Content-Type', file.type).header('Cache-Control', file.cacheControl).header('ETag', chosen.etag);
  if (file.br || file.gzip) reply.header('Vary', 'Accept-Encoding');
  if (chosen.encoding) reply.header('Content-Encoding', chosen.encoding);
  if (matches(request.headers['if-none-match'], chosen.etag)) return reply.code(304).send();
  return reply.header('Content-Length', chosen.body.length).send(chosen.body);
}

/**
 * Where a built page says who is logged in; written by the web app's build (build/page-preloads.ts)
 * and read by its session query (src/lib/auth/session.ts).
 */
export const SESSION_SLOT = '<script id="mandi-session" type="application/json">null</script>';

/** The page with the user written into its session slot. */
export function pageWithSession(html: string, user: SessionUser): string {
  // `<` escaped, so nothing in a name can end the script element early.
  const json = JSON.stringify(sessionUserView(user)).replace(/</g, '\\u003c');
  return html.replace(SESSION_SLOT, () => SESSION_SLOT.replace('null', json));
}

/**
 * Where a built page carries the shop's profile (`shopSchema` JSON); written by the web app's build
 * (build/page-preloads.ts) and read by its shop query (src/lib/shop/shop.ts).
 */
export const SHOP_SLOT = '<script id="mandi-shop" type="application/json">null</script>';

/**
 * The page with the shop's profile (JSON text) written into its shop slot. A real shop (`demo`
 * false) also gets its own name as the title and header, and its own line as the description
 * (decision 0056): the built page speaks as the demo, which a real shop must not repeat to search
 * engines and link previews.
 */
export function pageWithShop(html: string, shopJson: string): string {
  // `<` escaped, so nothing the admin typed in a policy can end the script element early.
  const json = shopJson.replace(/</g, '\\u003c');
  const page = html.replace(SHOP_SLOT, () => SHOP_SLOT.replace('null', json));
  const shop = JSON.parse(shopJson) as { name?: string; tagline?: string; demo?: boolean } | null;
  if (!shop?.name || shop.demo !== false) return page;
  const name = escapeHtml(shop.name);
  // Function replacers: a `$&` in the shop's name is text, not a replacement pattern.
  return page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () =>
        `<meta name="description" content="${escapeHtml(shop.tagline ? `${shop.name}: ${shop.tagline}` : (shop.name ?? ''))}" />`,
    )
    .replace(
      /(<span class="[^"]*text-green-800">)Mandi(<\/span>)/,
      (_whole, open: string, close: string) => `${open}${name}${close}`,
    );
}

/**
 * A logged-in browser's page: made for this request, so compressed here, and `no-store` because it
 * holds the user's name, email and role (`private, no-cache` would still let the browser keep it on
 * disk, readable after logout on a shared computer). `page`: the page with its shop and head written in.
 */
async function sendPageWithSession(
  request: FastifyRequest,
  reply: FastifyReply,
  file: WebFile,
  page: string,
  user: SessionUser,
): Promise<FastifyReply> {
  const html = Buffer.from(pageWithSession(page, user));
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = encoding ? await compress(html, encoding) : html;
  reply.header('Content-Type', file.type).header('Cache-Control', 'no-store').header('Vary', 'Accept-Encoding, Cookie');
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.header('Content-Length', body.length).send(body);
}

/** What a page's head says about the thing it shows. Plain text: pageWithHead escapes it. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own address, absolute (og:url and the canonical link). */
  url: string;
  /** Open Graph properties (`og:title`, `og:image`, ...), in order. */
  openGraph: readonly (readonly [property: string, content: string])[];
  /** Structured data (schema.org), written as JSON-LD. */
  jsonLd: unknown;
}

/** Addresses whose page carries its own head, as a module supplies them (app.ts). */
export interface PageHeads {
  /** Fastify's pattern with one parameter, `:id` (`/product/:id`); the browser router's is the same. */
  route: string;
  /** The cached read that keeps the finished page, declared by the module (keyed by `id`). */
  read: CachedRead<string>;
  /** The head for `id`; an AppError (no such thing) answers 404 with the page as built, whose app shows its not-found. */
  head(id: string): Promise<PageHead>;
}

/** `</script` and `<!--` cannot appear in JSON-LD text once every `<` is escaped. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The built page with the head's title, description, Open Graph tags, canonical link and JSON-LD. */
export function pageWithHead(html: string, head: PageHead): string {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.url)}">`,
    ...head.openGraph.map(
      ([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}">`,
    ),
    `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`,
  ];
  // Function replacers: a `$&` in a product's name is text, not a replacement pattern.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
}

/** The shop's profile for every page's slot, as a module supplies it (app.ts). */
export interface PageShop {
  /** The profile as JSON text (`shopSchema`). */
  json(): Promise<string>;
  /** The cached read that keeps a visitor's page per built file (keyed by the file's address), dropped when the profile changes. */
  page: CachedRead<string>;
}

export interface WebAppOptions {
  /** Where pages with their own head, and visitors' pages with the shop, are kept. */
  cache?: ResponseCache;
  pageHeads?: readonly PageHeads[];
  /** Without it (or a cache) the shop slot stays as built: null, and the app asks GET /api/shop. */
  shop?: PageShop;
}

/** Registers the files (GET, and HEAD through Fastify's head routes) and the app-route fallback. */
export function registerWebApp(app: FastifyInstance, distDir: string, options: WebAppOptions = {}): void {
  const files = fs.existsSync(path.join(distDir, 'index.html')) ? loadWebFiles(distDir) : new Map<string, WebFile>();
  for (const [address, file] of files) {
    app.get(address, { schema: { hide: true } }, (request, reply) => sendWebFile(request, reply, file));
  }
  const indexHtml = files.get('/index.html');
  const pages = pageRoutes(files);
  const builtPage = (pathname: string) => pages.find((page) => page.pattern.test(pathname))?.file ?? indexHtml;
  const addressOf = new Map([...files].map(([address, file]) => [file, address]));
  const { cache, shop } = options;
  /** The built page's text with the shop written in: kept per built file, one query per profile change. */
  const pageText = (file: WebFile): Promise<string> => {
    const html = file.identity.body.toString('utf8');
    if (!cache || !shop) return Promise.resolve(html);
    return cache.text(shop.page, addressOf.get(file) ?? '', async () => pageWithShop(html, await shop.json()));
  };
  /** A page for this browser: a visitor's kept with its compressed forms, a logged-in browser's with its session. */
  const sendBuiltPage = async (request: FastifyRequest, reply: FastifyReply, file: WebFile) => {
    // Only a request with a login cookie costs a session lookup.
    const user = request.cookies[SESSION_COOKIE] ? await request.loadUser() : null;
    if (user) return sendPageWithSession(request, reply, file, await pageText(file), user);
    // Without a profile to write in, the built file as it is, from its precompressed copies.
    if (!cache || !shop) return sendWebFile(request, reply, file);
    // A page changes only when the profile does: the strong brotli setting, paid once per change.
    return sendCachedPage(request, reply, file, await pageText(file), cache, true);
  };

  // Like the build's files, these pages exist only when there is a build to write them into.
  for (const pageHead of cache && indexHtml ? (options.pageHeads ?? []) : []) {
    app.get<{ Params: { id: string } }>(pageHead.route, { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const file = builtPage(pathname);
      if (!file || !cache) {
        return reply
          .status(404)
          .send(failureBody(serverMessage('noRoute', { method: request.method, path: pathname })));
      }
      // The session is looked up while the page is read, not after it (decision 0068); a lookup
      // that fails is heard where it is awaited below.
      const userLookup = request.cookies[SESSION_COOKIE] ? request.loadUser() : null;
      userLookup?.catch(() => {});
      let html: string;
      try {
        html = await cache.text(pageHead.read, request.params.id, async () => {
          const [head, page] = await Promise.all([
            pageHead.head(request.params.id),
            shop ? shop.json().then((json) => pageWithShop(file.identity.body.toString('utf8'), json)) : null,
          ]);
          return pageWithHead(page ?? file.identity.body.toString('utf8'), head);
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Nothing to show: the page as built, whose app says so; search engines see the 404.
        reply.status(404);
        return sendBuiltPage(request, reply, file);
      }
      const user = await userLookup;
      if (user) return sendPageWithSession(request, reply, file, html, user);
      return sendCachedPage(request, reply, file, html, cache, false);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !(pathname.startsWith('/api/') || pathname === '/api') &&
      // A missing build file (an old chunk after a release) is a 404, not the page.
      !pathname.startsWith('/assets/');
    if (!isPage || !indexHtml) {
      return reply.status(404).send(failureBody(serverMessage('noRoute', { method: request.method, path: pathname })));
    }
    return sendBuiltPage(request, reply, builtPage(pathname) ?? indexHtml);
  });
}

/**
 * A visitor's page as kept (with the shop, and its own head if it has one), compressed once per
 * cache fill (the cache keeps the compressed forms with the page), revalidated on every visit like
 * the built pages. `isStrong: false`, the quick setting, for a product page: it is refilled after
 * every stock move (an order placed).
 */
async function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  file: WebFile,
  html: string,
  cache: ResponseCache,
  isStrong: boolean,
): Promise<FastifyReply> {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = encoding ? await cache.encoded(html, encoding, isStrong) : Buffer.from(html);
  reply.header('Content-Type', file.type).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.header('Content-Length', body.length).send(body);
}

/**
 * The copies of index.html that name a page's code up front (written by the build, see the web
 * app's build/page-preloads.ts), by route pattern: `:name` is one path segment, `*` the rest.
 * Matched without regard to case and with an optional trailing slash, as the browser router does.
 */
export function pageRoutes(files: Map<string, WebFile>): { pattern: RegExp; file: WebFile }[] {
  const list = files.get('/pages/routes.json');
  if (!list) return [];
  const routes = JSON.parse(list.identity.body.toString('utf8')) as { pattern: string; file: string }[];
  return routes.flatMap(({ pattern, file }) => {
    const page = files.get(file);
    if (!page) return [];
    const source = pattern
      .split('/')
      .map((part) =>
        part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    return [{ pattern: new RegExp(`^${source.replace(/\/$/, '')}/?$`, 'i'), file: page }];
  });
}
