/**
 * Dead exports, run by `npm run lint`: every name a production file of apps/api/src, apps/web/src
 * or packages/shared/src exports must be used by the shop: imported by another production file
 * that an entry point reaches, or at least used in its own file. An export that nothing in
 * production uses is dead code (like a constant whose value contradicts the real one) and fails.
 *
 * What counts as used:
 * - Only imports from production files reached from an entry point (ROOTS, and the `src/...`
 *   files that a workspace's package.json scripts run), following every import below, count.
 *   Tests (`*.test.ts(x)`, `test-*.ts`, `test-utils/`, `test-setup.ts`, apps/api/test, e2e, bench)
 *   do not: code that only tests import is dead for the shop, and the report says "imported by
 *   tests only" (move what the test needs into the test, or delete both).
 * - An export no other production file imports but its own file uses (a type in a signature, a
 *   schema composed into another, a helper its tests reach) is live code with a needless export
 *   keyword: common here and harmless, so it passes; `--all` lists those too.
 * - Static imports and `import type` use the names they import; `export ... from` re-exports a
 *   name, used when the re-export is; a name asked of an index with `export * from` is followed to
 *   the file defining it. A namespace import (`import * as repo`) uses the names read off it
 *   (`repo.find`, `repo.Type`); passed on whole as a value, it uses every value export.
 * - `import()`: the names read in `.then((m) => m.x)`, `.then(({ x }) => ...)`,
 *   `(await import(...)).x` or `const { x } = await import(...)`; `default` when it is the body of
 *   an arrow handed to one of LAZY_LOADERS (React's `lazy`); every export otherwise. Type-level
 *   `import('./x').T` uses T. `import.meta.glob(pattern, { import: 'name' })` uses `name` of every
 *   production file the pattern matches (every export without `import`).
 * - Specifiers: relative ones (`./x.js` is `./x.ts`/`./x.tsx`, a folder its index), and workspace
 *   packages by their package.json `exports` (`@mandi/shared/kernel`). Other packages are outside.
 * - ALLOWED names the exports a tool or framework reads by name, each with its reason.
 * A production file in the checked folders that no entry point reaches is reported whole.
 *
 * Usage: node scripts/check-dead-exports.mjs [--all] [repository root]; exits 1 listing `file: name`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { TOOLS } from './check-api-layers.mjs';

/** The folders whose production files' exports are checked (relative to the repository root). */
export const SOURCE_DIRS = ['apps/api/src', 'apps/web/src', 'packages/shared/src'];

/**
 * Entry points besides those package.json scripts run: files started by a tool, a path or a page.
 * `uses: 'values'` marks a file that a tool reads by path, using every value it exports.
 */
export const ROOTS = [
  // The API's commands, forked children and workers (check-api-layers' TOOLS), and its server.
  ...TOOLS.map((file) => ({ file: `apps/api/src/${file}`, reason: 'an API entry point (TOOLS)' })),
  { file: 'apps/api/src/server.ts', reason: 'built by apps/api/build.mjs for `npm start`' },
  { file: 'apps/api/build.mjs', reason: '`npm run build`' },
  { file: 'apps/api/drizzle.config.ts', reason: '`npm run db:generate` (drizzle-kit)' },
  { file: 'apps/api/src/db/schema.ts', uses: 'values', reason: 'drizzle-kit reads every table it exports' },
  { file: 'apps/web/src/main.tsx', reason: "index.html's module script" },
  { file: 'apps/web/vite.config.ts', reason: 'the web build, with its plugins in apps/web/build' },
];

/**
 * Exports read by name by a framework or tool, not by an import: { file, name, reason }. None yet:
 * the lazy pages' `default` is LAZY_LOADERS' and drizzle-kit's tables are ROOTS' (schema.ts).
 */
export const ALLOWED = [];

/** Functions given `() => import('./page')` that use the module's `default` export (React.lazy). */
export const LAZY_LOADERS = ['lazy', 'page'];

/** Test code: its imports keep nothing alive. */
export const isTestFile = (relative) =>
  /\.test\.[cm]?[jt]sx?$/.test(relative) ||
  /(^|\/)test-[^/]*\.tsx?$/.test(relative) ||
  /(^|\/)test-utils\//.test(relative) ||
  /^(apps\/api\/test|e2e|bench)\//.test(relative);

const ALL = '*';
const VALUES = '*values';
const posix = (file) => file.split(path.sep).join('/');

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The workspace packages: name -> { dir, exports: subpath -> file }. */
function workspacePackages(root) {
  const packages = new Map();
  const rootJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const dir of rootJson.workspaces ?? []) {
    const file = path.join(root, dir, 'package.json');
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const exports = typeof json.exports === 'string' ? { '.': json.exports } : (json.exports ?? {});
    packages.set(json.name, { dir: path.join(root, dir), exports, scripts: json.scripts ?? {} });
  }
  return packages;
}

/** The file a specifier names from `fromFile`, or null (a package outside the workspace, a stylesheet). */
export function resolveSpecifier(fromFile, specifier, packages) {
  let target;
  if (specifier.startsWith('.')) {
    target = path.resolve(path.dirname(fromFile), specifier);
  } else {
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
    const pkg = packages.get(name);
    if (!pkg) return null;
    const subpath = `.${specifier.slice(name.length)}`;
    const entry = pkg.exports[subpath];
    const file = typeof entry === 'string' ? entry : (entry?.import ?? entry?.default);
    if (!file) return null;
    target = path.resolve(pkg.dir, file);
  }
  const stem = target.replace(/\.[cm]?js$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, target, `${target}.ts`, `${target}.tsx`];
  candidates.push(path.join(target, 'index.ts'), path.join(target, 'index.tsx'));
  for (const candidate of candidates) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** A glob of import.meta.glob (`*`, `**`) as a regular expression over absolute posix paths. */
export function globToRegExp(absolutePattern) {
  let source = '';
  const pattern = posix(absolutePattern);
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (pattern.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const hasModifier = (node, kind) =>
  (ts.canHaveModifiers(node) ? ts.getModifiers(node) : [])?.some((m) => m.kind === kind);
const stringOf = (node) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
const unparen = (node) => {
  let current = node.parent;
  while (current && ts.isParenthesizedExpression(current)) current = current.parent;
  return current;
};

function bindingNames(name) {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

/** Property names destructured by an object pattern (`{ a, b: c }` reads a and b); null if it is not one. */
function patternNames(name) {
  if (!name || !ts.isObjectBindingPattern(name)) return null;
  if (name.elements.some((element) => element.dotDotDotToken)) return ALL;
  return new Set(name.elements.map((element) => (element.propertyName ?? element.name).getText()));
}

/** An identifier that names something rather than referring to a binding (`x.name`, `{ name: 1 }`, a declaration). */
function isNameOnly(node) {
  const parent = node.parent;
  if (!parent) return true;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return true;
  if (ts.isQualifiedName(parent) && parent.right === node) return true;
  if (ts.isImportSpecifier(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent)) return true;
  if (ts.isExportSpecifier(parent)) return parent.propertyName !== node && parent.propertyName !== undefined;
  if (ts.isBindingElement(parent) && parent.propertyName === node) return true;
  if (ts.isShorthandPropertyAssignment(parent)) return false;
  if ('name' in parent && parent.name === node) return true;
  return false;
}

/** Reads one source file: what it exports, what it imports (with the names it uses), its local references. */
export function parseModule(fileName, text) {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const exports = new Map();
  const stars = [];
  const imports = [];
  const importedBindings = new Map();
  const localTypes = new Set();
  const references = new Map();
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  // Every identifier that refers to a binding, by name (shadowing ignored: it only makes uses more likely).
  const identifiers = [];
  const collect = (node) => {
    if (ts.isIdentifier(node) && !isNameOnly(node)) {
      identifiers.push(node);
      references.set(node.text, (references.get(node.text) ?? 0) + 1);
    }
    ts.forEachChild(node, collect);
  };
  collect(source);

  /** The names read off a binding `name` (a namespace or a module object) within `scope`. */
  const namesReadOff = (name, scope) => {
    const names = new Set();
    for (const id of identifiers) {
      if (id.text !== name || id.pos < scope.pos || id.end > scope.end) continue;
      const parent = id.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === id) names.add(parent.name.text);
      else if (ts.isQualifiedName(parent) && parent.left === id) names.add(parent.right.text);
      else if (ts.isElementAccessExpression(parent) && stringOf(parent.argumentExpression))
        names.add(stringOf(parent.argumentExpression));
      else if (ts.isTypeQueryNode(parent)) return ALL;
      else return VALUES;
    }
    return names;
  };

  /** The names a dynamic `import()` call uses. */
  const dynamicNames = (call) => {
    const parent = unparen(call);
    if (
      parent &&
      ts.isPropertyAccessExpression(parent) &&
      parent.name.text === 'then' &&
      ts.isCallExpression(parent.parent)
    ) {
      const callback = parent.parent.arguments[0];
      if (!callback || !(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) return ALL;
      const param = callback.parameters[0];
      if (!param) return new Set();
      if (ts.isIdentifier(param.name)) return namesReadOff(param.name.text, callback.body);
      return patternNames(param.name) ?? ALL;
    }
    if (parent && ts.isAwaitExpression(parent)) {
      const outer = unparen(parent);
      if (outer && ts.isPropertyAccessExpression(outer)) return new Set([outer.name.text]);
      if (outer && ts.isVariableDeclaration(outer)) {
        if (ts.isIdentifier(outer.name)) return namesReadOff(outer.name.text, source);
        return patternNames(outer.name) ?? ALL;
      }
      return ALL;
    }
    if (parent && ts.isArrowFunction(parent)) {
      const loader = parent.parent;
      if (
        ts.isCallExpression(loader) &&
        ts.isIdentifier(loader.expression) &&
        LAZY_LOADERS.includes(loader.expression.text)
      )
        return new Set(['default']);
    }
    return ALL;
  };

  const addExport = (name, entry, node) => exports.set(name, { ...entry, line: lineOf(node) });

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const specifier = stringOf(statement.moduleSpecifier);
      const clause = statement.importClause;
      const names = new Set();
      let namespace = null;
      if (clause?.name) {
        names.add('default');
        importedBindings.set(clause.name.text, { specifier, imported: 'default' });
      }
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespace = namesReadOff(bindings.name.text, source);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          const imported = (element.propertyName ?? element.name).text;
          names.add(imported);
          importedBindings.set(element.name.text, { specifier, imported, element });
        }
      }
      imports.push({ specifier, names: namespace ?? names, line: lineOf(statement), bindings: true });
      continue;
    }
    if (ts.isExportDeclaration(statement)) {
      const specifier = stringOf(statement.moduleSpecifier);
      const clause = statement.exportClause;
      if (specifier) imports.push({ specifier, names: new Set(), line: lineOf(statement) });
      if (!clause) {
        stars.push(specifier);
      } else if (ts.isNamespaceExport(clause)) {
        addExport(clause.name.text, { kind: 'namespace', specifier }, statement);
      } else {
        for (const element of clause.elements) {
          const from = (element.propertyName ?? element.name).text;
          const type = statement.isTypeOnly || element.isTypeOnly;
          if (specifier) addExport(element.name.text, { kind: 'reexport', specifier, imported: from, type }, element);
          else addExport(element.name.text, { kind: 'local', local: from, type }, element);
        }
      }
      continue;
    }
    if (ts.isExportAssignment(statement)) {
      const local = ts.isIdentifier(statement.expression) ? statement.expression.text : null;
      addExport('default', { kind: 'local', local, type: false, inline: !local }, statement);
      continue;
    }
    const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
    const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
    const type = ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement);
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.flatMap((declaration) => bindingNames(declaration.name))
      : statement.name && ts.isIdentifier(statement.name)
        ? [statement.name.text]
        : [];
    if (type) for (const name of names) localTypes.add(name);
    if (!exported) continue;
    if (isDefault) addExport('default', { kind: 'local', local: names[0] ?? null, type, inline: true }, statement);
    else for (const name of names) addExport(name, { kind: 'local', local: name, type, inline: true }, statement);
  }

  // `import { a } from './x'; export { a }`: a re-export of x's a, not a use of it (unless the file uses a too).
  for (const [name, entry] of exports) {
    if (entry.kind !== 'local' || !entry.local) continue;
    if (localTypes.has(entry.local)) entry.type = true;
    const binding = importedBindings.get(entry.local);
    if (!binding) continue;
    exports.set(name, {
      kind: 'reexport',
      specifier: binding.specifier,
      imported: binding.imported,
      type: entry.type,
      line: entry.line,
    });
    if ((references.get(entry.local) ?? 0) <= 1) {
      for (const item of imports)
        if (item.specifier === binding.specifier && item.names instanceof Set) item.names.delete(binding.imported);
    }
  }

  // Dynamic imports, type-level imports and import.meta.glob, anywhere in the file.
  const globs = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const specifier = stringOf(node.arguments[0]);
      if (specifier) imports.push({ specifier, names: dynamicNames(node), line: lineOf(node) });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const specifier = stringOf(node.argument.literal);
      let first = node.qualifier;
      while (first && ts.isQualifiedName(first)) first = first.left;
      if (specifier) imports.push({ specifier, names: first ? new Set([first.text]) : ALL, line: lineOf(node) });
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'glob' &&
      ts.isMetaProperty(node.expression.expression)
    ) {
      const [first, options] = node.arguments;
      const patterns = first && ts.isArrayLiteralExpression(first) ? first.elements.map(stringOf) : [stringOf(first)];
      let names = ALL;
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const property of options.properties) {
          if (
            ts.isPropertyAssignment(property) &&
            property.name.getText() === 'import' &&
            stringOf(property.initializer)
          )
            names = new Set([stringOf(property.initializer)]);
        }
      }
      globs.push({ patterns: patterns.filter(Boolean), names, line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  return { exports, stars, imports, globs, references };
}

/**
 * Finds the dead exports of the repository at `root`: `dead` (nothing in production uses them; a
 * file no entry point reaches is one entry, name `(the whole file)`) and `usedInFileOnly` (no other
 * production file imports them, their own file uses them), each [{ file, name, line, note }].
 */
export function findDeadExports(root, { sourceDirs = SOURCE_DIRS, roots = ROOTS, allowed = ALLOWED } = {}) {
  const packages = workspacePackages(root);
  const relative = (file) => posix(path.relative(root, file));
  const checked = sourceDirs.flatMap((dir) => sourceFiles(path.join(root, dir)));
  const rootFiles = roots.map((entry) => path.join(root, entry.file));
  for (const pkg of packages.values()) {
    for (const script of Object.values(pkg.scripts)) {
      for (const match of script.matchAll(/(?:^|\s)(src\/\S+\.tsx?)(?=\s|$)/g))
        rootFiles.push(path.join(pkg.dir, match[1]));
    }
  }
  const tests = ['apps', 'packages', 'e2e', 'bench'].flatMap((dir) => sourceFiles(path.join(root, dir)));
  const allFiles = [...new Set([...checked, ...rootFiles.filter((file) => existsSync(file)), ...tests])];
  const production = new Set(allFiles.filter((file) => !isTestFile(relative(file))));

  const modules = new Map();
  const moduleOf = (file) => {
    if (!modules.has(file)) {
      const info = existsSync(file) ? parseModule(file, readFileSync(file, 'utf8')) : null;
      if (info) {
        const resolve = (specifier) => (specifier ? resolveSpecifier(file, specifier, packages) : null);
        for (const item of info.imports) item.target = resolve(item.specifier);
        for (const entry of info.exports.values()) if (entry.specifier) entry.target = resolve(entry.specifier);
        info.starTargets = info.stars.map(resolve).filter(Boolean);
        info.globTargets = info.globs.map((glob) => {
          const regexps = glob.patterns.map((pattern) => globToRegExp(path.resolve(path.dirname(file), pattern)));
          const targets = [...production].filter((candidate) =>
            regexps.some((regexp) => regexp.test(posix(candidate))),
          );
          return { targets, names: glob.names };
        });
      }
      modules.set(file, info);
    }
    return modules.get(file);
  };

  /** Every name a module exports, `export *` included (memoised; cycles give what is known so far). */
  const exportedNamesCache = new Map();
  const exportedNames = (file) => {
    if (exportedNamesCache.has(file)) return exportedNamesCache.get(file);
    const names = new Set();
    exportedNamesCache.set(file, names);
    const info = moduleOf(file);
    if (!info) return names;
    for (const name of info.exports.keys()) names.add(name);
    for (const target of info.starTargets)
      for (const name of exportedNames(target)) if (name !== 'default') names.add(name);
    return names;
  };
  /** Whether a module's export is a type only, following re-exports. */
  const isType = (file, name, seen = new Set()) => {
    const key = `${file}\0${name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const info = moduleOf(file);
    const entry = info?.exports.get(name);
    if (entry?.type) return true;
    if (entry?.kind === 'reexport' && entry.target) return isType(entry.target, entry.imported, seen);
    if (!entry && info) {
      const target = info.starTargets.find((star) => exportedNames(star).has(name));
      return target ? isType(target, name, seen) : false;
    }
    return false;
  };

  /** Marks `name` of `file` used in `used` (a Set of `file\0name`), following re-exports to the defining file. */
  const mark = (used, file, names) => {
    if (!file || !moduleOf(file)) return;
    if (names === ALL || names === VALUES) {
      for (const name of exportedNames(file))
        if (names === ALL || !isType(file, name)) mark(used, file, new Set([name]));
      return;
    }
    const info = moduleOf(file);
    for (const name of names) {
      const key = `${file}\0${name}`;
      if (used.has(key)) continue;
      used.add(key);
      const entry = info.exports.get(name);
      if (entry?.kind === 'reexport') mark(used, entry.target, new Set([entry.imported]));
      else if (entry?.kind === 'namespace') mark(used, entry.target, ALL);
      else if (!entry && name !== 'default') {
        for (const target of info.starTargets) if (exportedNames(target).has(name)) mark(used, target, new Set([name]));
      }
    }
  };
  const edgesOf = (file) => {
    const info = moduleOf(file);
    if (!info) return [];
    return [
      ...info.imports.map((item) => ({ target: item.target, names: item.names })),
      ...info.globTargets.flatMap((glob) => glob.targets.map((target) => ({ target, names: glob.names }))),
    ].filter((edge) => edge.target);
  };

  // The production files the entry points reach, through every kind of import.
  const reached = new Set();
  const queue = rootFiles.filter((file) => existsSync(file));
  while (queue.length > 0) {
    const file = queue.pop();
    if (reached.has(file) || !production.has(file)) continue;
    reached.add(file);
    for (const { target } of edgesOf(file)) queue.push(target);
    for (const entry of moduleOf(file).exports.values()) if (entry.target) queue.push(entry.target);
    queue.push(...moduleOf(file).starTargets);
  }

  const used = new Set();
  for (const entry of roots) if (entry.uses === 'values') mark(used, path.join(root, entry.file), VALUES);
  for (const { file, name } of allowed) mark(used, path.join(root, file), new Set([name]));
  for (const file of reached) for (const { target, names } of edgesOf(file)) mark(used, target, names);
  const usedByTests = new Set();
  for (const file of allFiles) {
    if (production.has(file)) continue;
    for (const { target, names } of edgesOf(file)) mark(usedByTests, target, names);
  }

  const dead = [];
  const seams = [];
  for (const file of checked) {
    const name = relative(file);
    if (isTestFile(name)) continue;
    if (!reached.has(file)) {
      dead.push({ file: name, name: '(the whole file)', line: 0, note: 'no entry point imports it' });
      continue;
    }
    for (const [exported, entry] of moduleOf(file).exports) {
      if (used.has(`${file}\0${exported}`)) continue;
      const notes = [];
      const local = entry.kind === 'local' ? entry.local : null;
      // The declaration's own name is not a use; `export { a }` and `export default a` name it once more.
      const usedInFile = local && (moduleOf(file).references.get(local) ?? 0) >= (entry.inline ? 1 : 2);
      if (usedInFile) notes.push('used in its file');
      if (entry.kind === 'reexport') notes.push('a re-export');
      if (usedByTests.has(`${file}\0${exported}`)) notes.push('imported by tests only');
      (usedInFile ? seams : dead).push({ file: name, name: exported, line: entry.line, note: notes.join(', ') });
    }
  }
  const order = (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line);
  return { dead: dead.sort(order), usedInFileOnly: seams.sort(order) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  const folder = args.find((arg) => !arg.startsWith('--'));
  const root = path.resolve(folder ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const found = findDeadExports(root);
  const dead = all ? [...found.dead, ...found.usedInFileOnly] : found.dead;
  if (dead.length > 0) {
    const lines = dead.map(({ file, name, note }) => `${file}: ${name}${note ? ` (${note})` : ''}`);
    console.error(
      `Dead exports (${dead.length}); see scripts/check-dead-exports.mjs for what counts as used:\n${lines.join('\n')}`,
    );
    process.exit(1);
  }
}
