/**
 * The feature-edge check (scripts/check-feature-imports.mjs) on small trees written to a temporary
 * folder: a clean tree passes, and each kind of bad import planted in it fails. Run by the web
 * project of vitest (apps/web/vite.config.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFeatureImports, FEATURE_EDGES, findCycle } from './check-feature-imports.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const script = path.join(here, 'check-feature-imports.mjs');
const webSrc = path.join(here, '../apps/web/src');
const trees = [];

/** A web `src` folder holding `files` (path → text), removed after the test. */
function tree(files) {
  const src = mkdtempSync(path.join(tmpdir(), 'feature-edges-'));
  trees.push(src);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    writeFileSync(path.join(src, file), text);
  }
  return src;
}

afterEach(() => {
  for (const src of trees.splice(0)) rmSync(src, { recursive: true, force: true });
});

/** A tree that keeps every rule: each import below is one the rules allow. */
const cleanFiles = {
  'main.tsx': "import { AppRoutes } from './app/router';\n",
  'app/router.tsx': [
    "import { lazy } from 'react';",
    "import { cartStore } from '../features/cart';",
    "import { AdminLayout } from '../components/admin/admin-layout';",
    "const OrdersPage = lazy(() => import('../features/orders/pages/orders-page'));",
    "const BillsPage = lazy(() => import('../features/billing').then((m) => ({ default: m.BillsPage })));",
  ].join('\n'),
  'components/admin/admin-layout.tsx':
    "import { paths } from '../../config/paths';\nimport { useT } from '../../lib/i18n';\n",
  'config/paths.ts': 'export const paths = {};\n',
  'lib/i18n/index.ts': 'export const useT = () => null;\n',
  'features/cart/index.ts': "export { cartStore } from './cart-store';\n",
  'features/cart/cart-store.ts': 'export const cartStore = {};\n',
  'features/billing/index.ts':
    "export const BillsPage = () => null;\nexport { TaxFields } from './components/tax-fields';\n",
  'features/billing/components/tax-fields.tsx': "import { AdminTable } from '../../../components/admin/admin-table';\n",
  'features/orders/pages/orders-page.tsx': [
    "import { ShopperBillPanel } from '../../billing';",
    "import type { BookedSlot } from '../../delivery/index';",
    "import { useMyOrders } from '../api/get-my-orders';",
  ].join('\n'),
  'features/orders/api/get-my-orders.ts': 'export const useMyOrders = () => null;\n',
  'features/delivery/index.ts': 'export type BookedSlot = { _id: string };\n',
  'features/catalog/pages/products-table-page.tsx': [
    'import {',
    '  TaxFields,',
    "} from '../../billing';",
    "export { cartStore } from '../../cart';",
  ].join('\n'),
  'features/catalog/index.ts': "import { cartStore } from '../cart';\nexport const useCategories = () => cartStore;\n",
};

// The tests walk the whole web source and spawn node: seconds on a busy machine.
describe('the feature-edge check', { timeout: 30_000 }, () => {
  it('passes a tree that keeps every rule, and the app as it is', () => {
    expect(checkFeatureImports(tree(cleanFiles))).toEqual([]);
    expect(checkFeatureImports(webSrc)).toEqual([]);
  });

  it('fails a cycle: billing importing catalog while catalog imports billing', () => {
    const src = tree({
      ...cleanFiles,
      'features/billing/pages/bills-page.tsx': "import { x } from '../../catalog';\n",
    });
    const problems = checkFeatureImports(src);
    expect(problems).toContain(
      `features/billing/pages/bills-page.tsx:1: the "billing" feature may not import "catalog" ('../../catalog'); FEATURE_EDGES does not list it`,
    );
    expect(problems).toContain('features import each other in a cycle: billing → catalog → billing');
  });

  it('fails an edge the list does not hold, whether or not it closes a cycle', () => {
    const src = tree({
      ...cleanFiles,
      'features/cart/components/line.tsx': "import { ratePerKg } from '../../catalog';\n",
    });
    expect(checkFeatureImports(src)).toEqual([
      `features/cart/components/line.tsx:1: the "cart" feature may not import "catalog" ('../../catalog'); FEATURE_EDGES does not list it`,
      'features import each other in a cycle: cart → catalog → cart',
    ]);
    const oneWay = tree({ ...cleanFiles, 'features/reviews/x.ts': "import type { BookedSlot } from '../delivery';\n" });
    expect(checkFeatureImports(oneWay)).toEqual([
      `features/reviews/x.ts:1: the "reviews" feature may not import "delivery" ('../delivery'); FEATURE_EDGES does not list it`,
    ]);
  });

  it('fails an allowed edge that reaches past the index', () => {
    const src = tree({
      ...cleanFiles,
      'features/checkout/pages/confirm.tsx': "import { SlotPicker } from '../../delivery/components/slot-picker';\n",
    });
    expect(checkFeatureImports(src)).toEqual([
      `features/checkout/pages/confirm.tsx:1: imports inside the "delivery" feature ('../../delivery/components/slot-picker'); use its index.ts`,
    ]);
  });

  it('fails shared code importing a feature or the app, and the app reaching inside a feature statically', () => {
    const src = tree({
      ...cleanFiles,
      'components/admin/admin-table.tsx': "import { BillsPage } from '../../features/billing';\n",
      'lib/texts.ts': "export { Footer } from '../app/footer';\n",
      'features/about/about-page.tsx': "import NotFound from '../../app/not-found-page';\n",
      'app/header.tsx': "import { cartStore } from '../features/cart/cart-store';\n",
    });
    expect(checkFeatureImports(src).sort()).toEqual([
      `app/header.tsx:1: imports inside the "cart" feature ('../features/cart/cart-store'); use its index.ts, or import() one of its pages`,
      `components/admin/admin-table.tsx:1: components/ imports the "billing" feature ('../../features/billing'); shared code imports no feature`,
      `features/about/about-page.tsx:1: imports the app ('../../app/not-found-page'); the app composes features, not the reverse`,
      `lib/texts.ts:1: imports the app ('../app/footer'); the app composes features, not the reverse`,
    ]);
  });

  it('fails a feature folder the list does not name, and a list with a cycle', () => {
    const src = tree({ ...cleanFiles, 'features/loyalty/index.ts': 'export const loyalty = 1;\n' });
    expect(checkFeatureImports(src)).toEqual([
      'features/loyalty has no entry in FEATURE_EDGES (which features may it import?)',
    ]);
    const edges = { ...FEATURE_EDGES, delivery: ['orders'] };
    expect(checkFeatureImports(tree(cleanFiles), edges)).toEqual([
      'FEATURE_EDGES has a cycle: delivery → orders → delivery',
    ]);
  });

  it('declares edges that form no cycle', () => {
    expect(findCycle(FEATURE_EDGES)).toBeNull();
    expect(findCycle({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a']);
  });

  it('exits 1 with the problems on a planted bad import, 0 on a clean tree (as `npm run lint` runs it)', () => {
    const bad = tree({
      ...cleanFiles,
      'features/delivery/zone-form.tsx': "import { FormMessages } from '../admin';\n",
    });
    const failed = spawnSync(process.execPath, [script, bad], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('Feature boundaries broken (1):');
    expect(failed.stderr).toContain(`the "delivery" feature may not import "admin" ('../admin')`);

    const clean = spawnSync(process.execPath, [script, tree(cleanFiles)], { encoding: 'utf8' });
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
  });
});
