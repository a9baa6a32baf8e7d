import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkApiLayers, findCycle, readManifest, readModuleGraph } from './check-api-layers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const realSrc = path.join(root, 'apps/api/src');
const script = path.join(root, 'scripts/check-api-layers.mjs');
const copies = [];

/** A copy of the API's sources (no migrations: only code is checked) to plant imports in. */
function copyOfSources() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-layers-'));
  copies.push(dir);
  fs.cpSync(realSrc, dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}migrations`) });
  return dir;
}

/** Puts `lines` at the top of a file of the copy. */
function plant(dir, file, lines) {
  const full = path.join(dir, file);
  fs.writeFileSync(full, `${lines}\n${fs.readFileSync(full, 'utf8')}`);
}

afterEach(() => {
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Each test copies or walks the whole API source and some spawn node: seconds on a busy machine.
describe('API layering check', { timeout: 30_000 }, () => {
  it('passes on the tree as it is, from the command line too', () => {
    expect(checkApiLayers(realSrc)).toEqual([]);
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('fails the command on a planted import, naming the file, the line and the rule', () => {
    const dir = copyOfSources();
    plant(dir, 'db/client.ts', "import { placeOrder } from '../modules/orders/orders.service.js';");
    const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `db/client.ts:1: imports '../modules/orders/orders.service.js': layer "db" may import base, schema; "modules" is a layer above it`,
    );
  });

  it('reports an import from a lower layer into a higher one', () => {
    const dir = copyOfSources();
    plant(dir, 'lib/mail.ts', "import { users } from '../db/schema.js';");
    plant(dir, 'modules/catalog/catalog.service.ts', "import { SEED_TAX } from '../../seed/seed-data.js';");
    plant(dir, 'app-deps.ts', "import type { OrderView } from './modules/orders/orders.presenter.js';");
    expect(checkApiLayers(dir)).toEqual([
      `app-deps.ts:1: imports './modules/orders/orders.presenter.js': layer "app-deps" may import base, db, platform; "modules" is a layer above it`,
      `lib/mail.ts:1: imports '../db/schema.js': layer "base" may import only its own layer; "db" is a layer above it`,
      `modules/catalog/catalog.service.ts:1: imports '../../seed/seed-data.js': layer "modules" may import base, db, platform, app-deps; "seed" is a layer above it`,
    ]);
  });

  it('reports a module importing one the graph does not allow, type-only and multi-line imports included', () => {
    const dir = copyOfSources();
    plant(
      dir,
      'modules/accounts/accounts.service.ts',
      "\n\nimport type {\n  OrderView,\n} from '../orders/orders.presenter.js';",
    );
    plant(dir, 'modules/orders/orders.lifecycle.ts', "const pdf = () => import('../billing/billing.pdf.js');");
    expect(checkApiLayers(dir)).toEqual([
      `modules/accounts/accounts.service.ts:5: imports '../orders/orders.presenter.js': module "accounts" may import no other module, not "orders" (dependsOn in modules/accounts/accounts.module.ts)`,
      `modules/orders/orders.lifecycle.ts:1: imports '../billing/billing.pdf.js': module "orders" may import order-events, accounts, not "billing" (dependsOn in modules/orders/orders.module.ts)`,
    ]);
  });

  it('reports production code importing a test helper, a test or an entry point, and lets tests import anything', () => {
    const dir = copyOfSources();
    plant(dir, 'modules/reviews/reviews.service.ts', "import { makeUser } from '../../../test/factories.js';");
    plant(dir, 'lib/images.ts', "import './session.test.js';");
    plant(dir, 'app.ts', "import './db/migrate-cli.js';");
    plant(dir, 'modules/reviews/reviews.test.ts', "import { seedDatabase } from '../../seed/seed.js';");
    expect(checkApiLayers(dir)).toEqual([
      `app.ts:1: imports './db/migrate-cli.js': db/migrate-cli.ts is an entry point (TOOLS): nothing imports it`,
      `lib/images.ts:1: imports './session.test.js': production code may not import a test file`,
      `modules/reviews/reviews.service.ts:1: imports '../../../test/factories.js': production code may not import outside apps/api/src (../test/factories.ts)`,
    ]);
  });

  it('reports a module folder without a manifest, a manifest of another name, and a file in no layer', () => {
    const dir = copyOfSources();
    fs.mkdirSync(path.join(dir, 'modules/loyalty'));
    fs.writeFileSync(path.join(dir, 'modules/loyalty/loyalty.service.ts'), 'export const POINTS = [];\n');
    fs.writeFileSync(path.join(dir, 'helpers.ts'), 'export const HELP = 1;\n');
    const reviews = path.join(dir, 'modules/reviews/reviews.module.ts');
    fs.writeFileSync(reviews, fs.readFileSync(reviews, 'utf8').replace("name: 'reviews'", "name: 'review'"));
    expect(checkApiLayers(dir)).toEqual([
      'modules/loyalty: a module without a manifest; declare it in modules/loyalty/loyalty.module.ts (name, dependsOn)',
      'modules/reviews/reviews.module.ts: names the module "review", not "reviews"',
      'helpers.ts: belongs to no layer; add it to LAYERS in scripts/check-api-layers.mjs',
    ]);
  });

  it("reads each module's dependsOn from its manifest, as literals only", () => {
    const { graph, problems } = readModuleGraph(realSrc);
    expect(problems).toEqual([]);
    expect(graph.orders).toEqual(['order-events', 'accounts']);
    expect(graph['order-events']).toEqual([]);
    expect(readManifest("export const m: ModuleManifest = { name: 'x', dependsOn: ['a', 'b'] as const };")).toEqual({
      name: 'x',
      dependsOn: ['a', 'b'],
    });
    expect(readManifest("const others = ['a'];\nexport const m = { name: 'x', dependsOn: others };")).toEqual({
      problem: '`dependsOn` must be an array of string literals',
    });
  });

  it('keeps the declared module graph free of cycles, and finds one when there is', () => {
    const { graph } = readModuleGraph(realSrc);
    expect(findCycle(graph)).toBeNull();
    expect(findCycle({ ...graph, orders: ['order-events', 'weighing'] })).toEqual(['orders', 'weighing', 'orders']);
    const dir = copyOfSources();
    const orders = path.join(dir, 'modules/orders/orders.module.ts');
    fs.writeFileSync(
      orders,
      fs
        .readFileSync(orders, 'utf8')
        .replace("dependsOn: ['order-events', 'accounts']", "dependsOn: ['order-events', 'weighing']"),
    );
    expect(checkApiLayers(dir)[0]).toBe("the modules' dependsOn graph has a cycle: orders -> weighing -> orders");
  });
});
