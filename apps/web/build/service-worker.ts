/**
 * Writes `sw.js` (the service worker, service-worker/sw.ts, issue 30) into the build with the
 * release's shopper files to keep: the entry and the code of the pages a shopper opens offline
 * (catalogue, product, checkout, orders), the stylesheets, the icons and the pictures. Admin code
 * is never kept: a phone on a weak signal does not download what it will not run. VERSION is a
 * hash of that list and of the worker's code, so every release installs a new worker and cache.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The pages whose code is kept for offline use (lazily loaded chunks and their imports). */
const OFFLINE_PAGES = [
  'src/features/catalog/pages/home-page.tsx',
  'src/features/catalog/pages/products-page.tsx',
  'src/features/catalog/pages/product-page.tsx',
  'src/features/checkout/pages/checkout-page.tsx',
  'src/features/checkout/pages/confirm-order-page.tsx',
  'src/features/checkout/pages/order-placed-page.tsx',
  'src/features/orders/pages/my-orders-page.tsx',
  // Loaded when an order is queued or the browser goes offline.
  'src/app/offline-banner.tsx',
  'src/lib/offline/register-worker.ts',
  'src/features/checkout/components/queued-order-notice.tsx',
];
/** Public files the shell shows (the header's logo, the home page's pictures, the app's icons). */
const PUBLIC_DIRS = ['icons', 'images'];

interface ChunkInfo {
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
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
      const chunks = new Map<string, ChunkInfo>();
      const styles: string[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item);
        else if (item.fileName.endsWith('.css')) styles.push(item.fileName);
      }
      const starts = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      for (const module of OFFLINE_PAGES) {
        const id = path.resolve(root, module);
        const chunk = [...chunks.values()].find((c) => c.facadeModuleId === id);
        if (!chunk) throw new Error(`service-worker: no chunk for ${module}`);
        starts.push(chunk.fileName);
      }
      const code = new Set<string>();
      const queue = [...starts];
      while (queue.length > 0) {
        const file = queue.shift() as string;
        if (code.has(file)) continue;
        code.add(file);
        queue.push(...(chunks.get(file)?.imports ?? []));
      }
      const publicFiles = PUBLIC_DIRS.flatMap((dir) =>
        fs.existsSync(path.join(outDir, dir))
          ? fs
              .readdirSync(path.join(outDir, dir))
              .filter((name) => !/\.(?:br|gz)$/.test(name))
              .map((name) => `${dir}/${name}`)
          : [],
      );
      const precache = [...code, ...styles, 'favicon.svg', ...publicFiles].sort().map((file) => `/${file}`);
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
