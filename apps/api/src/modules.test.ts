/**
 * The modules' manifests against the tree: every module folder is listed once under its own name,
 * and the tables a manifest names are exactly those of its `<name>.schema.ts`, so that "who owns
 * this table" has one answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './db/schema.js';
import { MODULES } from './modules.js';

const modulesDir = path.join(import.meta.dirname, 'modules');
const folders = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const tablesOf = (exports: Record<string, unknown>) =>
  Object.values(exports)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .sort();

describe("the modules' manifests", () => {
  it('list every module folder once, each under its own name', () => {
    expect(MODULES.map((module) => module.name).sort()).toEqual(folders);
  });

  it("name exactly the tables of their module's schema file, and every table has one owner", async () => {
    for (const module of MODULES) {
      const file = path.join(modulesDir, module.name, `${module.name}.schema.ts`);
      const declared = fs.existsSync(file) ? tablesOf(await import(file)) : [];
      expect({ module: module.name, tables: [...module.tables].sort() }).toEqual({
        module: module.name,
        tables: declared,
      });
    }
    const platform = tablesOf(await import('./db/platform.schema.js'));
    const owned = [...MODULES.flatMap((module) => module.tables), ...platform].sort();
    expect(owned).toEqual(tablesOf(schema));
  });
});
