import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findDeadExports, globToRegExp } from './check-dead-exports.mjs';

const script = path.join(import.meta.dirname, 'check-dead-exports.mjs');
const trees = [];

/** A small workspace (a shared package with subpath exports, an app) with the given files. */
function tree(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-dead-exports-'));
  trees.push(dir);
  const all = {
    'package.json': JSON.stringify({ workspaces: ['packages/lib', 'apps/app'] }),
    'packages/lib/package.json': JSON.stringify({
      name: '@x/lib',
      exports: { '.': './src/index.ts', './kernel': './src/kernel/index.ts' },
    }),
    'apps/app/package.json': JSON.stringify({ name: '@x/app', scripts: { start: 'tsx src/main.ts' } }),
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const check = (dir) => {
  const { dead, usedInFileOnly } = findDeadExports(dir, {
    sourceDirs: ['apps/app/src', 'packages/lib/src'],
    roots: [],
  });
  const line = ({ file, name, note }) => `${file}: ${name}${note ? ` (${note})` : ''}`;
  return { dead: dead.map(line), usedInFileOnly: usedInFileOnly.map(line) };
};

afterEach(() => {
  for (const dir of trees.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// The command's tests spawn node and read TypeScript's parser: seconds on a busy machine.
describe('dead-export check', { timeout: 30_000 }, () => {
  it('follows package subpaths, `export *` indexes, named re-exports and type imports to the defining file', () => {
    const dir = tree({
      'apps/app/src/main.ts': [
        "import { used } from '@x/lib/kernel';",
        "import type { Shape } from '@x/lib';",
        "import { again } from './barrel.js';",
        'export const shape: Shape | null = null; used(again);',
      ].join('\n'),
      'apps/app/src/barrel.ts': "export { again, notAgain } from './again.js';",
      'apps/app/src/again.ts': 'export const again = 1;\nexport const notAgain = 2;',
      'packages/lib/src/index.ts': "export * from './shapes.js';",
      'packages/lib/src/shapes.ts': 'export interface Shape { a: number }\nexport type Unused = string;',
      'packages/lib/src/kernel/index.ts': "export * from './used.js';",
      'packages/lib/src/kernel/used.ts': 'export function used(n: number) { return n; }\nexport const SPARE = 0;',
    });
    expect(check(dir).dead).toEqual([
      'apps/app/src/again.ts: notAgain',
      'apps/app/src/barrel.ts: notAgain (a re-export)',
      'apps/app/src/main.ts: shape',
      'packages/lib/src/kernel/used.ts: SPARE',
      'packages/lib/src/shapes.ts: Unused',
    ]);
  });

  it('counts only the names read off a namespace import, dynamic import or import.meta.glob', () => {
    const dir = tree({
      'apps/app/src/main.ts': [
        "import * as repo from './repo.js';",
        "import { lazy } from 'react';",
        'repo.find(); let t: repo.Row;',
        "const Page = lazy(() => import('./page.js'));",
        "void import('./worker.js').then(({ start }) => start());",
        "const jobs = async () => (await import('./jobs.js')).run();",
        "const texts = import.meta.glob('./**/*.texts.ts', { eager: true, import: 'hi' });",
      ].join('\n'),
      'apps/app/src/repo.ts': 'export function find() {}\nexport interface Row {}\nexport function remove() {}',
      'apps/app/src/page.ts': 'export default function Page() {}\nexport const LABEL = "x";',
      'apps/app/src/worker.ts': 'export function start() {}\nexport function stop() {}',
      'apps/app/src/jobs.ts': 'export function run() {}\nexport function walk() {}',
      'apps/app/src/deep/a.texts.ts': 'export const hi = {};\nexport const en = {};',
    });
    expect(check(dir).dead.filter((line) => !line.startsWith('apps/app/src/main.ts'))).toEqual([
      'apps/app/src/deep/a.texts.ts: en',
      'apps/app/src/jobs.ts: walk',
      'apps/app/src/page.ts: LABEL',
      'apps/app/src/repo.ts: remove',
      'apps/app/src/worker.ts: stop',
    ]);
  });

  it('does not count tests, tells apart an export its own file uses, and reports unreached files', () => {
    const dir = tree({
      'apps/app/src/main.ts': "import { a } from './a.js';\na();",
      'apps/app/src/a.ts': [
        'export function a() { return helper(); }',
        'export function helper() { return 1; }',
        'export const FOR_TESTS = 2;',
      ].join('\n'),
      'apps/app/src/a.test.ts': "import { FOR_TESTS, helper } from './a.js';\nimport { lonely } from './lonely.js';",
      'apps/app/src/lonely.ts': 'export const lonely = 1;',
    });
    expect(check(dir)).toEqual({
      dead: [
        'apps/app/src/a.ts: FOR_TESTS (imported by tests only)',
        'apps/app/src/lonely.ts: (the whole file) (no entry point imports it)',
      ],
      usedInFileOnly: ['apps/app/src/a.ts: helper (used in its file, imported by tests only)'],
    });
  });

  it('exits 1 naming `file: name`, and 0 on a clean tree', () => {
    const run = (dir) => spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
    // The command checks the shop's own folders from its entry points (apps/web/src/main.tsx here).
    const web = (a) => ({ 'apps/web/src/main.tsx': "import { a } from './a';\na;", 'apps/web/src/a.ts': a });
    const clean = tree(web('export const a = 1;'));
    expect(run(clean).status).toBe(0);
    const result = run(tree(web('export const a = 1;\nexport const SHIPPING_CHARGE = 0;')));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('apps/web/src/a.ts: SHIPPING_CHARGE\n');
  });

  it('matches import.meta.glob patterns the way Vite does', () => {
    expect(globToRegExp('/w/src/**/*.texts.hi.ts').test('/w/src/a/b/c.texts.hi.ts')).toBe(true);
    expect(globToRegExp('/w/src/**/*.texts.hi.ts').test('/w/src/c.texts.hi.ts')).toBe(true);
    expect(globToRegExp('/w/src/**/*.texts.ts').test('/w/src/c.texts.hi.ts')).toBe(false);
  });
});
