/**
 * Writes `sw.js` (the service worker, service-worker/sw.ts, issues 30 and 42) into the build with
 * the release's shopper files to keep: the code of every page of the shopper's app and of the
 * shell's lazily loaded parts (so no route is blank offline, whichever were visited), the
 * stylesheets, the icons and the pictures. Admin code is never kept: a phone on a weak signal does
 * not download what it will not run. VERSION is a hash of that list and of the worker's code, so
 * every release installs a new worker and cache.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The app's routes: the pages it loads lazily are the shopper's (the admin's routes aside). */
const ROUTER = 'src/app/router.tsx';
/** The admin's screens, loaded by the router for an admin only, with everything only they load. */
const ADMIN_ROUTES = 'src/app/admin-routes.tsx';
/** Loaded lazily, not kept ahead: the Hindi catalogue is kept once it is used (decision 0041), to keep the install light. */
const NOT_KEPT = ['src/lib/i18n/hindi-catalogue.ts'];
/** Public files the shell shows (the header's logo, the home page's pictures, the app's icons). */
const PUBLIC_DIRS = ['icons', 'images'];

export interface ChunkInfo {
  fileName: string;
  imports: readonly string[];
  dynamicImports: readonly string[];
  facadeModuleId: string | null;
  isEntry: boolean;
  moduleIds: readonly string[];
}

/**
 * The code a shopper may run, from the entry: every chunk it imports, and every chunk it loads
 * lazily except the admin's routes, a page no shopper route shows (an admin screen a shared
 * feature names, such as the bills register), a library loaded for one online-only panel (the UPI
 * QR code, drawn with an order's details from the server) and NOT_KEPT.
 */
export function shopperCode(chunks: readonly ChunkInfo[], root: string): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const id = (module: string) => path.resolve(root, module);
  const router = chunks.find((chunk) => chunk.moduleIds.includes(id(ROUTER)));
  if (!router) throw new Error(`service-worker: no chunk holds ${ROUTER}`);
  const routePages = new Set(router.dynamicImports);
  const skipped = new Set([id(ADMIN_ROUTES), ...NOT_KEPT.map(id)]);
  const isKeptLazily = (file: string): boolean => {
    const facade = byFile.get(file)?.facadeModuleId ?? null;
    if (facade === null) return true;
    if (skipped.has(facade) || facade.includes('/node_modules/')) return false;
    return !/\/pages\//.test(facade) || routePages.has(file);
  };
  const kept = new Set<string>();
  const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (kept.has(file)) continue;
    kept.add(file);
    const chunk = byFile.get(file);
    queue.push(...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? []).filter(isKeptLazily));
  }
  for (const page of routePages) {
    // The router's chunk may hold other modules of the first page (vite.config.ts's start chunk),
    // whose lazy imports (the Hindi catalogue) are not routes.
    const facade = byFile.get(page)?.facadeModuleId ?? null;
    if (facade !== null && skipped.has(facade)) continue;
    if (!kept.has(page)) {
      throw new Error(`service-worker: the route ${page} is not kept`);
    }
  }
  return [...kept];
}

/** The worker's source as a classic script (a module worker is not supported everywhere). */
export function workerScript(source: string, precache: readonly string[], version: string): string {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.None, removeComments: false },
  });
  return `const PRECACHE = ${JSON.stringify(precache)};\nconst VERSION = ${JSON.stringify(version)};\n${outputText}`;
}

export function serviceWorker(): Plugin {
  let root = '';
  return {
    name: 'mandi-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options, bundle) {
      const outDir = options.dir as string;
      const chunks: ChunkInfo[] = [];
      const styles: string[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.push(item);
        else if (item.fileName.endsWith('.css')) styles.push(item.fileName);
      }
      const publicFiles = PUBLIC_DIRS.flatMap((dir) =>
        fs.existsSync(path.join(outDir, dir))
          ? fs
              .readdirSync(path.join(outDir, dir))
              .filter((name) => !/\.(?:br|gz)$/.test(name))
              .map((name) => `${dir}/${name}`)
          : [],
      );
      const precache = [...shopperCode(chunks, root), ...styles, 'favicon.svg', ...publicFiles]
        .sort()
        .map((file) => `/${file}`);
      const source = fs.readFileSync(path.join(root, 'service-worker/sw.ts'), 'utf8');
      const version = createHash('sha256')
        .update(JSON.stringify(precache))
        .update(source)
        .digest('base64url')
        .slice(0, 12);
      fs.writeFileSync(path.join(outDir, 'sw.js'), workerScript(source, precache, version));
    },
  };
}
