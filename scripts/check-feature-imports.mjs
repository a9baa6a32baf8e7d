/**
 * Feature boundaries in the web app, run by `npm run lint` after Biome (docs/decisions/0020-web-feature-edges.md).
 *
 * Layers, from the bottom: `config`, `lib`, `components` and `test-utils` import no feature and
 * not `app`; a feature (`src/features/<name>`) imports another feature only through that feature's
 * public entry, `features/<name>/index.ts`, and only when FEATURE_EDGES below says it may; `app`
 * (with `main.tsx`) composes the routes and may import any feature's index, and load a feature's
 * page (`features/<name>/pages/<page>`) lazily with `import()`, so a page's code stays in its own
 * chunk. FEATURE_EDGES must have no cycle, so features depend on each other one way only.
 * Biome's restricted imports match module names, not resolved paths, so the rules are checked here.
 *
 * `node scripts/check-feature-imports.mjs [web-src-dir]` checks `apps/web/src` (or the folder
 * given) and exits 1 with one line per problem.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which feature may import which (by its index.ts). A new feature folder needs an entry here; an
 * arrow added here must keep the graph free of cycles.
 */
export const FEATURE_EDGES = {
  about: [],
  // Account: a shopper's own (login, register, password) and the admin's users screens, whose role page shows the khata.
  account: ['khata'],
  addresses: [],
  billing: [],
  // Buy again (decision 0042): fills the cart.
  'buy-again': ['cart'],
  cart: [],
  // Catalog: the shop's shelves and the admin's products and categories (tax fields, cost rate, write-off).
  catalog: ['billing', 'buy-again', 'cart', 'purchases'],
  checkout: ['addresses', 'buy-again', 'cart', 'coupons', 'delivery', 'khata'],
  complaints: [],
  // Coupons (decision 0044): the admin's screen and the confirm screen's field; imports no feature.
  coupons: [],
  // Counter: the shop's till (sales at the counter, offline too), drawing its UPI QR code with billing's.
  counter: ['billing'],
  // Dashboard: the admin's home (counts, charts, morning figures, Today); imports no feature.
  dashboard: [],
  delivery: [],
  khata: [],
  // Orders: a shopper's orders and the admin's orders table and order page (bill, slot, khata, WhatsApp panels).
  orders: ['billing', 'buy-again', 'delivery', 'khata', 'notifications'],
  // Notifications (decision 0045): the settings page and the admin order screen's WhatsApp panel.
  notifications: [],
  'personal-data': [],
  reports: [],
  rates: [],
  purchases: [],
  reviews: [],
  shop: [],
  // Standing orders (decision 0064): a saved address, a product's options, the slots, the shopper's khata.
  subscriptions: ['addresses', 'catalog', 'delivery', 'khata'],
  weighing: ['delivery'],
};

/** Folders of `src` below the features: they import no feature and not `app`. */
const SHARED_LAYERS = ['config', 'lib', 'components', 'test-utils'];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs|jsx)$/.test(name) ? [full] : [];
  });
}

const importPattern =
  /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A cycle of `graph` (name → names it imports) as a path that starts and ends at the same name, or null. */
export function findCycle(graph) {
  const state = new Map();
  const trail = [];
  const visit = (node) => {
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph[node] ?? []) {
      if (state.get(next) === 'open') return [...trail.slice(trail.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of Object.keys(graph).sort()) {
    if (!state.has(node)) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return null;
}

/** Every broken rule in the web app's source folder `src`, one line each (empty when all hold). */
export function checkFeatureImports(src, edges = FEATURE_EDGES) {
  const problems = [];
  const features = path.join(src, 'features');
  const where = (file, text, index) => `${path.relative(src, file)}:${text.slice(0, index).split('\n').length}`;

  const declaredCycle = findCycle(edges);
  if (declaredCycle) problems.push(`FEATURE_EDGES has a cycle: ${declaredCycle.join(' → ')}`);
  for (const [from, targets] of Object.entries(edges)) {
    for (const target of targets) {
      if (!(target in edges)) problems.push(`FEATURE_EDGES: "${from}" may import "${target}", which has no entry`);
    }
  }

  const featureNames = existsSync(features)
    ? readdirSync(features).filter((name) => statSync(path.join(features, name)).isDirectory())
    : [];
  for (const name of featureNames) {
    if (!(name in edges))
      problems.push(`features/${name} has no entry in FEATURE_EDGES (which features may it import?)`);
  }

  /** Where a file sits: a feature's name, a shared layer, 'app', or null elsewhere. */
  const placeOf = (file) => {
    const parts = path.relative(src, file).split(path.sep);
    if (parts[0] === 'features')
      return parts.length > 1 ? { kind: 'feature', name: parts[1], rest: parts.slice(2) } : null;
    // main.tsx starts the app, so it counts as part of it.
    if (parts[0] === 'app' || /^main\.tsx?$/.test(parts[0])) return { kind: 'app' };
    if (SHARED_LAYERS.includes(parts[0])) return { kind: 'shared', name: parts[0] };
    return null;
  };

  const isIndex = (rest) => rest.length === 0 || (rest.length === 1 && /^index(\.(ts|tsx|js))?$/.test(rest[0]));
  const isPage = (rest) => rest.length === 2 && rest[0] === 'pages';
  const used = {};

  for (const file of sourceFiles(src)) {
    const own = placeOf(file);
    if (!own) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier.startsWith('.')) continue;
      const isLazy = match[3] !== undefined;
      const target = placeOf(path.resolve(path.dirname(file), specifier));
      if (!target || target.kind === 'shared') continue;
      const at = where(file, text, match.index);
      if (target.kind === 'app') {
        if (own.kind !== 'app')
          problems.push(`${at}: imports the app ('${specifier}'); the app composes features, not the reverse`);
        continue;
      }
      if (own.kind === 'feature' && own.name === target.name) continue;
      if (own.kind === 'shared') {
        problems.push(
          `${at}: ${own.name}/ imports the "${target.name}" feature ('${specifier}'); shared code imports no feature`,
        );
      } else if (own.kind === 'app') {
        if (!isIndex(target.rest) && !(isLazy && isPage(target.rest))) {
          problems.push(
            `${at}: imports inside the "${target.name}" feature ('${specifier}'); use its index.ts, or import() one of its pages`,
          );
        }
      } else {
        used[own.name] = [...new Set([...(used[own.name] ?? []), target.name])];
        if (!isIndex(target.rest)) {
          problems.push(`${at}: imports inside the "${target.name}" feature ('${specifier}'); use its index.ts`);
        }
        if (!(edges[own.name] ?? []).includes(target.name)) {
          problems.push(
            `${at}: the "${own.name}" feature may not import "${target.name}" ('${specifier}'); FEATURE_EDGES does not list it`,
          );
        }
      }
    }
  }

  const usedCycle = findCycle(used);
  if (usedCycle) problems.push(`features import each other in a cycle: ${usedCycle.join(' → ')}`);
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const src = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/src'));
  const problems = checkFeatureImports(src);
  if (problems.length > 0) {
    console.error(`Feature boundaries broken (${problems.length}):\n${problems.join('\n')}`);
    process.exit(1);
  }
}
