/**
 * One copy of index.html per page kind, naming up front what that page will need: the lazily
 * loaded code of its route (`modulepreload`) and, for the home page, its main picture. Without
 * them a first visit waits for the app's code to run before it even asks for the page's code (and,
 * on admin pages, for the session check too): each step a round trip on a phone network.
 *
 * Also inlines index.html's stylesheet (see inlineStylesheets) and adds the session slot. Writes `pages/<name>.html` and `pages/routes.json` ([{ pattern, file }], patterns as in
 * src/config/paths.ts); the server sends the matching copy for an app route, index.html otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { illustrationImage, illustrations } from '../src/config/illustrations.ts';
import { routePatterns } from '../src/config/paths.ts';

interface PageSpec {
  name: string;
  patterns: string[];
  /** Source modules (from the web app's root) whose chunks the page loads lazily. */
  modules: string[];
  /** The picture shown large at the top of the page, as its `<img>` asks for it (the same srcset and sizes). */
  image?: { src: string; srcSet: string; sizes: string };
  /**
   * API answers the page asks for first, fetched with the page's code instead of after it ran
   * (`as="fetch"`, `crossorigin="anonymous"`: the same-origin credentials of the app's fetch).
   */
  fetches?: string[];
}

const ADMIN = 'src/app/admin-routes.tsx';
/** An admin screen: the admin's routes and the page, in the feature of its domain. */
const adminPage = (name: string, pattern: string, feature: string, page: string): PageSpec => ({
  name: `admin-${name}`,
  patterns: [pattern],
  modules: [ADMIN, `src/features/${feature}/pages/${page}.tsx`],
});

export const PAGES: PageSpec[] = [
  {
    name: 'home',
    patterns: ['/'],
    modules: ['src/features/catalog/pages/home-page.tsx'],
    image: { ...illustrationImage(illustrations.heroProduce), sizes: illustrations.heroProduce.sizes },
    // Its three sections' answers, as its queries ask for them (src/features/catalog/api).
    fetches: ['/api/product/recent/products', '/api/category/get', '/api/user/get/reviews?page=1&limit=10'],
  },
  {
    // All products: the listing and the filter's categories are known before the code runs.
    name: 'products',
    patterns: [routePatterns.products],
    modules: ['src/features/catalog/pages/products-page.tsx'],
    fetches: ['/api/product/getAllProducts', '/api/category/get'],
  },
  {
    name: 'products-found',
    patterns: [routePatterns.productSearch, routePatterns.productsOfCategory],
    modules: ['src/features/catalog/pages/products-page.tsx'],
  },
  {
    // The server writes each product's own head into this copy (apps/api/src/lib/web-app.ts).
    name: 'product',
    patterns: [routePatterns.product],
    modules: ['src/features/catalog/pages/product-page.tsx'],
  },
  { name: 'checkout', patterns: [routePatterns.checkout], modules: ['src/features/checkout/pages/checkout-page.tsx'] },
  { name: 'my-orders', patterns: [routePatterns.myOrders], modules: ['src/features/orders/pages/my-orders-page.tsx'] },
  { name: 'about', patterns: [routePatterns.about], modules: ['src/features/about/pages/about-page.tsx'] },
  { name: 'policy', patterns: [routePatterns.policy], modules: ['src/features/shop/pages/policy-page.tsx'] },
  { name: 'reviews', patterns: [routePatterns.reviews], modules: ['src/features/reviews/pages/reviews-page.tsx'] },
  { name: 'login', patterns: [routePatterns.login], modules: ['src/features/account/pages/login-page.tsx'] },
  adminPage('home', routePatterns.admin.home, 'dashboard', 'dashboard-page'),
  adminPage('orders', routePatterns.admin.orders, 'orders', 'orders-table-page'),
  adminPage('products', routePatterns.admin.products, 'catalog', 'products-table-page'),
  adminPage('users', routePatterns.admin.users, 'account', 'users-table-page'),
  adminPage('categories', routePatterns.admin.categories, 'catalog', 'categories-table-page'),
  adminPage('reviews', routePatterns.admin.reviews, 'reviews', 'reviews-table-page'),
];

interface ChunkInfo {
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

function closure(start: string[], chunks: Map<string, ChunkInfo>): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(chunks.get(file)?.imports ?? []));
  }
  return seen;
}

/**
 * The stylesheet inlined into the page: the browser paints the page's HTML (the header bar, the
 * page's first look) as soon as the HTML arrives, instead of after a second round trip for the
 * CSS, and before the app's scripts have arrived and run. The file stays in the build for lazily
 * loaded CSS imports; the page no longer links it.
 */
/**
 * Who is logged in: null as built (a visitor); the server writes a logged-in browser's user here
 * (SESSION_SLOT in the API's src/lib/web-app.ts, the same text), and the app's session query
 * starts from it instead of asking the server (src/lib/auth/session.ts).
 */
export const SESSION_SLOT = '<script id="mandi-session" type="application/json">null</script>';

/**
 * The shop's identity: null as built; the server writes the shop's profile here in every page it
 * sends (SHOP_SLOT in the API's src/lib/web-app.ts, the same text), and the app's shop query starts
 * from it (src/lib/shop/shop.ts), so the header and footer need no round trip.
 */
export const SHOP_SLOT = '<script id="mandi-shop" type="application/json">null</script>';

export function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(/^(\s*)<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>\n/gm, (_, indent, file) => {
    const css = fs.readFileSync(path.join(outDir, file), 'utf8').replaceAll('</style', '<\\/style');
    return `${indent}<style>${css}</style>\n`;
  });
}

export function pagePreloads(): Plugin {
  let root = '';
  return {
    name: 'mandi-page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options, bundle) {
      const outDir = options.dir as string;
      const chunks = new Map<string, ChunkInfo>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item);
      }
      const entry = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      // Already named by index.html (the entry and its static imports).
      const loaded = closure(entry, chunks);
      const html = inlineStylesheets(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'), outDir).replace(
        '</head>',
        `  ${SESSION_SLOT}\n    ${SHOP_SLOT}\n  </head>`,
      );
      fs.writeFileSync(path.join(outDir, 'index.html'), html);
      const routes: { pattern: string; file: string }[] = [];
      fs.mkdirSync(path.join(outDir, 'pages'), { recursive: true });
      for (const page of PAGES) {
        const starts = page.modules.map((module) => {
          const id = path.resolve(root, module);
          const chunk = [...chunks.values()].find((c) => c.facadeModuleId === id);
          if (!chunk) throw new Error(`page-preloads: no chunk for ${module}`);
          return chunk.fileName;
        });
        const files = [...closure(starts, chunks)].filter((file) => !loaded.has(file));
        const tags = [
          ...(page.image
            ? [
                `<link rel="preload" as="image" href="${page.image.src}" imagesrcset="${page.image.srcSet}" imagesizes="${page.image.sizes}" fetchpriority="high">`,
              ]
            : []),
          ...(page.fetches ?? []).map(
            (href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href.replaceAll('&', '&amp;')}">`,
          ),
          ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ];
        const file = `/pages/${page.name}.html`;
        fs.writeFileSync(path.join(outDir, file), html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`));
        for (const pattern of page.patterns) routes.push({ pattern, file });
      }
      fs.writeFileSync(path.join(outDir, 'pages/routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
    },
  };
}
