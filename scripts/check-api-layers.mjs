/**
 * Layers of the API (apps/api/src), run by `npm run lint`; the order and the module graph are
 * explained in docs/decisions/0019-api-layers.md.
 *
 * Every file belongs to one layer and may import only its own layer and the layers listed under
 * `mayImport`; a module (modules/<name>) may import another module only along the graph its
 * manifest declares (`dependsOn` in modules/<name>/<name>.module.ts, read here with TypeScript's
 * parser, so it is written out as string literals); the graph must stay free of cycles. Entry
 * points (`TOOLS`) are run by a command and imported by nothing. Production code never imports
 * tests or test helpers; tests (`*.test.ts`, and everything under apps/api/test) may import
 * anything, since they exercise the assembled app. Type-only imports count: they are dependencies
 * of the design even when the compiled code drops them.
 *
 * Usage: node scripts/check-api-layers.mjs [source folder, default apps/api/src]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Layers, bottom first. `files` are paths relative to src: a folder ends in `/`; `*.schema.ts`
 * matches the files of that name anywhere.
 */
export const LAYERS = [
  // lib/ needs no database: db/ may use it (private-files.ts), and nothing in it imports db/.
  { name: 'base', files: ['config.ts', 'lib/'], mayImport: [] },
  // Every module's tables, in its own `<name>.schema.ts` (and the platform's): they reference each
  // other's keys, so they import each other whatever the modules' graph; db/schema.ts gathers them.
  { name: 'schema', files: ['*.schema.ts', 'db/columns.ts'], mayImport: ['base'] },
  { name: 'db', files: ['db/'], mayImport: ['base', 'schema'] },
  // The platform code that keeps its state in the database (sessions, rate limits, the unit of work
  // that commits and clears cache tags, the drawn documents): above db, below the modules.
  { name: 'platform', files: ['platform/'], mayImport: ['base', 'db'] },
  // What every module receives, and the type of a module's manifest: no module in either.
  { name: 'app-deps', files: ['app-deps.ts', 'module-manifest.ts'], mayImport: ['base', 'db', 'platform'] },
  { name: 'modules', files: ['modules/'], mayImport: ['base', 'db', 'platform', 'app-deps'] },
  // Beside the top: the first start and the demo data use the modules; only the entry points use them.
  { name: 'seed', files: ['seed/'], mayImport: ['base', 'db', 'platform', 'app-deps', 'modules'] },
  {
    name: 'top',
    // modules.ts lists the modules' manifests; cache-registry.ts gathers their cache declarations
    // (docs/decisions/0016-cache-declarations.md). pdf-jobs.ts and pdf-worker.ts draw the PDFs of
    // several modules in the pool's workers (decision 0038).
    files: ['app.ts', 'server.ts', 'cluster.ts', 'modules.ts', 'cache-registry.ts', 'pdf-jobs.ts', 'pdf-worker.ts'],
    mayImport: ['base', 'db', 'platform', 'app-deps', 'modules', 'seed'],
  },
];

/** A module's manifest, relative to src. */
const manifestOf = (name) => `modules/${name}/${name}.module.ts`;

/** The expression under `as const`, `satisfies T`, `as T` and parentheses. */
function unwrap(node) {
  let inner = node;
  while (
    ts.isAsExpression(inner) ||
    ts.isSatisfiesExpression(inner) ||
    ts.isParenthesizedExpression(inner) ||
    ts.isTypeAssertionExpression(inner)
  ) {
    inner = inner.expression;
  }
  return inner;
}

/**
 * The `name` and `dependsOn` a manifest file declares (its exported object literal that has both),
 * or the problem found: both must be literals, since they are read without running TypeScript.
 */
export function readManifest(text, file = 'x.module.ts') {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const object = declaration.initializer && unwrap(declaration.initializer);
      if (!object || !ts.isObjectLiteralExpression(object)) continue;
      const property = (key) =>
        object.properties.find(
          (candidate) => ts.isPropertyAssignment(candidate) && candidate.name.getText(source) === key,
        );
      const name = property('name');
      const dependsOn = property('dependsOn');
      if (!name || !dependsOn) continue;
      const nameValue = unwrap(name.initializer);
      const list = unwrap(dependsOn.initializer);
      if (!ts.isStringLiteralLike(nameValue)) return { problem: '`name` must be a string literal' };
      if (!ts.isArrayLiteralExpression(list) || !list.elements.every((element) => ts.isStringLiteralLike(element))) {
        return { problem: '`dependsOn` must be an array of string literals' };
      }
      return { name: nameValue.text, dependsOn: list.elements.map((element) => element.text) };
    }
  }
  return { problem: 'no exported manifest with `name` and `dependsOn`' };
}

/**
 * Which module may import which (besides itself), from every module folder's manifest, and the
 * problems met reading them: a folder without a manifest, a manifest naming another folder.
 */
export function readModuleGraph(srcDir) {
  const graph = {};
  const problems = [];
  const modulesDir = path.join(srcDir, 'modules');
  const folders = statSync(modulesDir, { throwIfNoEntry: false }) ? readdirSync(modulesDir) : [];
  for (const name of folders.filter((folder) => statSync(path.join(modulesDir, folder)).isDirectory()).sort()) {
    const file = manifestOf(name);
    let text;
    try {
      text = readFileSync(path.join(srcDir, file), 'utf8');
    } catch {
      problems.push(`modules/${name}: a module without a manifest; declare it in ${file} (name, dependsOn)`);
      continue;
    }
    const manifest = readManifest(text, file);
    if (manifest.problem) {
      problems.push(`${file}: ${manifest.problem}`);
      continue;
    }
    if (manifest.name !== name) problems.push(`${file}: names the module "${manifest.name}", not "${name}"`);
    graph[name] = manifest.dependsOn;
  }
  return { graph, problems };
}

/** Entry points run by a command or forked by path: nothing imports them. */
export const TOOLS = [
  'db/backup-cli.ts',
  'db/migrate-cli.ts',
  'db/restore-cli.ts',
  'seed/seed-cli.ts',
  'seed/first-start-child.ts',
  'modules/billing/render-samples.ts',
  'pdf-worker.ts',
  'db/pglite-worker.ts',
];

const posix = (file) => file.split(path.sep).join('/');
const isTest = (relative) => /\.test\.tsx?$/.test(relative);
const matches = (relative, pattern) =>
  pattern.startsWith('*')
    ? relative.endsWith(pattern.slice(1))
    : pattern.endsWith('/')
      ? relative.startsWith(pattern)
      : relative === pattern;

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
function brokenRule(graph, from, to) {
  if (to.startsWith('../')) return `production code may not import outside apps/api/src (${to})`;
  if (isTest(to)) return 'production code may not import a test file';
  if (TOOLS.includes(to)) return `${to} is an entry point (TOOLS): nothing imports it`;
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (!toLayer) return `${to} belongs to no layer: add it to LAYERS`;
  // A foreign key names another module's table: the schema files form one layer.
  if (fromLayer?.name === 'schema' && toLayer.name === 'schema') return null;
  const fromModule = moduleOf(from);
  const toModule = moduleOf(to);
  if (fromModule && toModule) {
    if (fromModule === toModule) return null;
    const allowed = graph[fromModule] ?? [];
    if (allowed.includes(toModule)) return null;
    const list = allowed.length ? allowed.join(', ') : 'no other module';
    return `module "${fromModule}" may import ${list}, not "${toModule}" (dependsOn in ${manifestOf(fromModule)})`;
  }
  if (fromLayer === toLayer || fromLayer.mayImport.includes(toLayer.name)) return null;
  const order = (layer) => LAYERS.indexOf(layer);
  const direction = order(toLayer) > order(fromLayer) ? 'a layer above it' : 'a layer beside it';
  const list = fromLayer.mayImport.length ? fromLayer.mayImport.join(', ') : 'only its own layer';
  return `layer "${fromLayer.name}" may import ${list}; "${toLayer.name}" is ${direction}`;
}

/** Checks a source tree; returns the problems as `file:line: message` lines. */
export function checkApiLayers(srcDir) {
  const { graph, problems } = readModuleGraph(srcDir);
  const cycle = findCycle(graph);
  if (cycle) problems.push(`the modules' dependsOn graph has a cycle: ${cycle.join(' -> ')}`);
  const unknownEdges = Object.entries(graph).flatMap(([name, targets]) =>
    targets.filter((target) => !(target in graph)).map((target) => `${name} -> ${target}`),
  );
  if (unknownEdges.length) problems.push(`dependsOn names modules that do not exist: ${unknownEdges.join(', ')}`);

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
      const rule = brokenRule(graph, from, to);
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
