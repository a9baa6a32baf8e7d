/**
 * Layers of the API (apps/api/src), run by `npm run lint`; the order and the module graph are
 * explained in docs/decisions/0019-api-layers.md.
 *
 * Every file belongs to one layer and may import only its own layer and the layers listed under
 * `mayImport`; a module (modules/<name>) may import another module only along the declared
 * `MODULES` graph. Entry points (`TOOLS`) are run by a command and imported by nothing. Production
 * code never imports tests or test helpers; tests (`*.test.ts`, and everything under apps/api/test)
 * may import anything, since they exercise the assembled app. Type-only imports count: they are
 * dependencies of the design even when the compiled code drops them.
 *
 * Usage: node scripts/check-api-layers.mjs [source folder, default apps/api/src]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Layers, bottom first. `files` are paths relative to src: a folder ends in `/`. */
export const LAYERS = [
  { name: 'base', files: ['config.ts', 'lib/'], mayImport: [] },
  { name: 'db', files: ['db/'], mayImport: ['base'] },
  // The lib files that keep their state in the database (or serve it, as the web app serves the
  // session): above db, below the modules.
  {
    name: 'db-services',
    files: ['lib/session.ts', 'lib/rate-limit.ts', 'lib/unit-of-work.ts', 'lib/web-app.ts', 'lib/drawn-documents.ts'],
    mayImport: ['base', 'db'],
  },
  { name: 'app-deps', files: ['app-deps.ts'], mayImport: ['base', 'db', 'db-services'] },
  { name: 'modules', files: ['modules/'], mayImport: ['base', 'db', 'db-services', 'app-deps'] },
  // Beside the top: the first start and the demo data use the modules; only the entry points use them.
  { name: 'seed', files: ['seed/'], mayImport: ['base', 'db', 'db-services', 'app-deps', 'modules'] },
  {
    name: 'top',
    // cache-registry.ts collects every module's cache declaration (docs/decisions/0016-cache-declarations.md).
    // pdf-jobs.ts and pdf-worker.ts draw the PDFs of several modules in the pool's workers (decision 0038).
    files: ['app.ts', 'server.ts', 'cluster.ts', 'cache-registry.ts', 'pdf-jobs.ts', 'pdf-worker.ts'],
    mayImport: ['base', 'db', 'db-services', 'app-deps', 'modules', 'seed'],
  },
];

/** Which module may import which (besides itself). The graph must stay free of cycles. */
export const MODULES = {
  accounts: [],
  media: [],
  reviews: [],
  // The shop's profile (decision 0028): the others read it through AppDeps, not by import.
  shop: [],
  // The outbox of order events: the order modules write to it, it depends on none of them.
  'order-events': [],
  catalog: ['media', 'billing'],
  orders: ['order-events'],
  billing: ['orders', 'order-events', 'accounts'],
  // Only for the participant types of the order seam.
  delivery: ['orders'],
  weighing: ['orders', 'billing', 'accounts', 'substitutions'],
  // Substitutions (decision 0043): what may be sent in place of an ordered product, judged at
  // packing; the orders module moves the stock and bills it, so this needs only its line types.
  substitutions: ['orders'],
  // A report across domains (decision 0026): it reads their tables in its own repository and
  // imports no module.
  dashboard: [],
  // The shopper's own data (decision 0031): reads through the services of the modules that keep it.
  'personal-data': ['accounts', 'orders', 'complaints', 'khata', 'buy-again', 'notifications'],
  // Buy again (decision 0042): its own lists; the shopper's past order lines and today's products
  // are read in its own repository, and a list's quantities are checked by the order rules.
  'buy-again': ['orders'],
  // Complaints (decision 0030): the shopper's contact for the mails; the order's owner and number
  // are read in its own repository, like the dashboard's report.
  complaints: ['accounts'],
  // The delivery run and its cash (decision 0033): a report over the orders' slot and payment
  // columns in its own repository, with its own table of cash closes; it imports no module.
  'delivery-run': [],
  // Khata (decision 0034): an order participant (the seam's types, the adjustments' total) that
  // marks a khata bill's payment through billing, and gives billing its refund port.
  khata: ['orders', 'billing'],
  // Coupons (decision 0044): an order participant (the seam's types, the adjustment shape); the
  // shopper's earlier orders are read in its own repository.
  coupons: ['orders'],
  // The margin report and the GST return (decision 0037): every bill's figures come from billing's
  // own maths, so they agree with the bills register to the paisa.
  margins: ['billing'],
  'gst-return': ['billing'],
  // The daily rate board (decision 0036): it owns the rate changes and writes the products' rate
  // column under their row locks in its own repository, like the dashboard's report reads across
  // tables; it imports no module.
  rates: [],
  // Buying at the mandi, suppliers and wastage (decision 0035): its own tables and the products'
  // stock and cost columns in its own repository; orders only for the participant types of the
  // order seam (the packed lines keep their cost).
  purchases: ['orders'],
  // Notifications on WhatsApp and email (decision 0045): its own outbox and settings; the facts a
  // message says (the order, the shopper, the khata) are read in its own repository; app.ts hands it
  // the order events.
  notifications: [],
};

/** Entry points run by a command or forked by path: nothing imports them. */
export const TOOLS = [
  'db/backup-cli.ts',
  'db/migrate-cli.ts',
  'db/restore-cli.ts',
  'seed/seed-cli.ts',
  'seed/first-start-child.ts',
  'modules/billing/render-samples.ts',
  'pdf-worker.ts',
];

const posix = (file) => file.split(path.sep).join('/');
const isTest = (relative) => /\.test\.tsx?$/.test(relative);
const matches = (relative, pattern) => (pattern.endsWith('/') ? relative.startsWith(pattern) : relative === pattern);

/** The layer of a file (relative to src, posix): the most specific pattern wins. */
export function layerOf(relative) {
  let best = null;
  let bestLength = -1;
  for (const layer of LAYERS) {
    for (const pattern of layer.files) {
      if (matches(relative, pattern) && pattern.length > bestLength) {
        best = layer;
        bestLength = pattern.length;
      }
    }
  }
  return best;
}

const moduleOf = (relative) => (relative.startsWith('modules/') ? relative.split('/')[1] : null);

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The .ts file a relative specifier names (`./x.js` is `./x.ts` in the sources). */
function resolveSpecifier(fromFile, specifier) {
  const target = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'), target, `${target}.ts`];
  candidates.push(path.join(target, 'index.ts'));
  for (const candidate of candidates) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return target.replace(/\.js$/, '.ts');
}

/** Every relative import of a file (static, re-export, dynamic, type-only) with the line naming its path. */
function importsOf(text) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .filter((ref) => ref.fileName.startsWith('.'))
    .map((ref) => ({ specifier: ref.fileName, line: text.slice(0, ref.pos).split('\n').length }));
}

/** A cycle in the declared module graph, as a list of names, or null. */
export function findCycle(graph) {
  const state = new Map();
  const visit = (name, trail) => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'open') return [...trail.slice(trail.indexOf(name)), name];
    state.set(name, 'open');
    for (const next of graph[name] ?? []) {
      const cycle = visit(next, [...trail, name]);
      if (cycle) return cycle;
    }
    state.set(name, 'done');
    return null;
  };
  for (const name of Object.keys(graph)) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return null;
}

/** The rule an import from `from` to `to` (both relative to src) breaks, or null. */
function brokenRule(from, to) {
  if (to.startsWith('../')) return `production code may not import outside apps/api/src (${to})`;
  if (isTest(to)) return 'production code may not import a test file';
  if (TOOLS.includes(to)) return `${to} is an entry point (TOOLS): nothing imports it`;
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (!toLayer) return `${to} belongs to no layer: add it to LAYERS`;
  const fromModule = moduleOf(from);
  const toModule = moduleOf(to);
  if (fromModule && toModule) {
    if (fromModule === toModule) return null;
    const allowed = MODULES[fromModule] ?? [];
    if (allowed.includes(toModule)) return null;
    const list = allowed.length ? allowed.join(', ') : 'no other module';
    return `module "${fromModule}" may import ${list}, not "${toModule}" (MODULES graph)`;
  }
  if (fromLayer === toLayer || fromLayer.mayImport.includes(toLayer.name)) return null;
  const order = (layer) => LAYERS.indexOf(layer);
  const direction = order(toLayer) > order(fromLayer) ? 'a layer above it' : 'a layer beside it';
  const list = fromLayer.mayImport.length ? fromLayer.mayImport.join(', ') : 'only its own layer';
  return `layer "${fromLayer.name}" may import ${list}; "${toLayer.name}" is ${direction}`;
}

/** Checks a source tree; returns the problems as `file:line: message` lines. */
export function checkApiLayers(srcDir) {
  const problems = [];
  const cycle = findCycle(MODULES);
  if (cycle) problems.push(`MODULES graph has a cycle: ${cycle.join(' -> ')}`);
  const unknownEdges = Object.entries(MODULES).flatMap(([name, targets]) =>
    targets.filter((target) => !(target in MODULES)).map((target) => `${name} -> ${target}`),
  );
  if (unknownEdges.length) problems.push(`MODULES names undeclared modules: ${unknownEdges.join(', ')}`);

  const modulesDir = path.join(srcDir, 'modules');
  for (const name of statSync(modulesDir, { throwIfNoEntry: false }) ? readdirSync(modulesDir) : []) {
    if (statSync(path.join(modulesDir, name)).isDirectory() && !(name in MODULES)) {
      problems.push(`modules/${name}: a module missing from the MODULES graph; declare what it may import`);
    }
  }

  const files = sourceFiles(srcDir).map((file) => ({ file, from: posix(path.relative(srcDir, file)) }));
  files.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  for (const { file, from } of files) {
    if (isTest(from)) continue;
    if (!layerOf(from)) {
      problems.push(`${from}: belongs to no layer; add it to LAYERS in scripts/check-api-layers.mjs`);
      continue;
    }
    const text = readFileSync(file, 'utf8');
    for (const { specifier, line } of importsOf(text)) {
      const to = posix(path.relative(srcDir, resolveSpecifier(file, specifier)));
      const rule = brokenRule(from, to);
      if (!rule) continue;
      problems.push(`${from}:${line}: imports '${specifier}': ${rule}`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const srcDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/api/src'));
  const problems = checkApiLayers(srcDir);
  if (problems.length > 0) {
    console.error(
      `API layers broken (${problems.length}); see docs/decisions/0019-api-layers.md:\n${problems.join('\n')}`,
    );
    process.exit(1);
  }
}
