/** What the service worker keeps ahead (issue 42): every shopper route's code, never the admin's. */
import { describe, expect, it } from 'vitest';
import { type ChunkInfo, shopperCode } from './service-worker';

const ROOT = '/app';
const chunk = (fileName: string, facade: string | null, more: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName,
  imports: [],
  dynamicImports: [],
  facadeModuleId: facade === null ? null : `${ROOT}/${facade}`,
  isEntry: false,
  moduleIds: facade === null ? [] : [`${ROOT}/${facade}`],
  ...more,
});

/** A small build shaped like the real one: the router in the entry, shopper pages, the admin's routes. */
const build: ChunkInfo[] = [
  chunk('index.js', 'index.html', {
    isEntry: true,
    imports: ['i18n.js', 'billing.js'],
    moduleIds: [`${ROOT}/src/main.tsx`, `${ROOT}/src/app/router.tsx`],
    dynamicImports: ['home-page.js', 'rates-page.js', 'my-khata-page.js', 'admin-routes.js', 'banner.js'],
  }),
  chunk('i18n.js', null, { dynamicImports: ['hindi-catalogue.js'] }),
  chunk('hindi-catalogue.js', 'src/lib/i18n/hindi-catalogue.ts'),
  // A shared feature's index naming an admin screen lazily, and a library for an online-only panel.
  chunk('billing.js', null, { dynamicImports: ['bills-page.js', 'qrcode.js'] }),
  chunk('bills-page.js', 'src/features/billing/pages/bills-page.tsx'),
  chunk('qrcode.js', 'node_modules/qrcode/lib/browser.js'),
  chunk('home-page.js', 'src/features/catalog/pages/home-page.tsx', { dynamicImports: ['usual-strip.js'] }),
  chunk('usual-strip.js', 'src/features/buy-again/components/usual-strip.tsx'),
  chunk('rates-page.js', 'src/features/rates/pages/rates-page.tsx', { imports: ['rates.texts.js'] }),
  chunk('rates.texts.js', null),
  chunk('my-khata-page.js', 'src/features/khata/pages/my-khata-page.tsx', { imports: ['entries-table.js'] }),
  chunk('entries-table.js', null),
  chunk('banner.js', 'src/app/offline-banner.tsx'),
  chunk('admin-routes.js', 'src/app/admin-routes.tsx', { imports: ['admin-kit.js'], dynamicImports: ['dashboard.js'] }),
  chunk('admin-kit.js', null),
  chunk('dashboard.js', 'src/features/admin/pages/dashboard-page.tsx'),
];

describe('the shopper code the worker keeps', () => {
  it('keeps every shopper route with its imports and the shell’s lazy parts, and nothing of the admin', () => {
    expect(shopperCode(build, ROOT).sort()).toEqual(
      [
        'index.js',
        'i18n.js',
        'billing.js',
        'home-page.js',
        'usual-strip.js',
        'rates-page.js',
        'rates.texts.js',
        'my-khata-page.js',
        'entries-table.js',
        'banner.js',
      ].sort(),
    );
  });

  it('keeps the same when the first page is one chunk: the router beside i18n, whose Hindi catalogue is no route', () => {
    const onePiece = build
      .filter((c) => c.fileName !== 'i18n.js')
      .map((c) =>
        c.fileName === 'index.js'
          ? { ...c, imports: ['billing.js'], dynamicImports: [...c.dynamicImports, 'hindi-catalogue.js'] }
          : c,
      );
    expect(shopperCode(onePiece, ROOT)).not.toContain('hindi-catalogue.js');
    expect(shopperCode(onePiece, ROOT)).toContain('rates-page.js');
  });

  it('refuses a build whose router it cannot find', () => {
    expect(() => shopperCode(build.slice(1), ROOT)).toThrow(/router/);
  });
});
