/**
 * docs/architecture.md against what the app assembles from the modules' manifests: its tables of
 * the modules (what each may import, the tables it owns), of the order participants (in rank
 * order), of the order event subscribers (with their event types) and of the cache tags (what each
 * module's cached reads use and its writes drop). A module, participant, subscriber or tag added or
 * renamed without the doc fails here. Each checked table follows a comment that names it,
 * `<!-- checked by architecture-doc.test.ts: modules -->`; the test reads the names in backticks of
 * each cell, so the rest of a cell is the doc's to word.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from './app-deps.js';
import { loadConfig } from './config.js';
import type { ModuleContext, ModuleServices } from './module-manifest.js';
import { MODULES } from './modules.js';

const DOC_PATH = path.join(import.meta.dirname, '../../../docs/architecture.md');
const doc = fs.readFileSync(DOC_PATH, 'utf8');

/** The rows of the table marked `name` in the doc, each a list of cells (header and rule left out). */
function checkedTable(name: string): string[][] {
  const marker = `<!-- checked by architecture-doc.test.ts: ${name} -->`;
  const at = doc.indexOf(marker);
  if (at < 0) throw new Error(`docs/architecture.md has no table marked ${marker}`);
  const lines = doc
    .slice(at + marker.length)
    .split('\n')
    .map((line) => line.trim());
  const start = lines.findIndex((line) => line !== '');
  const end = lines.findIndex((line, index) => index >= start && !line.startsWith('|'));
  const table = lines.slice(start, end < 0 ? undefined : end);
  if (table.length < 2) throw new Error(`docs/architecture.md: no table right after ${marker}`);
  return table.slice(2).map((row) =>
    row
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim()),
  );
}

/** The names written in backticks in a cell: "`orders`, `accounts`" → ['orders', 'accounts']; "nothing" → []. */
const names = (cell: string | undefined) => [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
const sorted = (list: Iterable<string>) => [...new Set(list)].sort();

/**
 * What the manifests' participants and subscribers are made from. Only the configuration is real;
 * the services are stand-ins, which participants and subscribers keep for when an order moment or
 * an event runs (the notifications dispatcher as when the WhatsApp Cloud API is set up, so that its
 * subscriber is made too). Anything else touched while they are made fails the test by name.
 */
function stubContext(): ModuleContext {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    DATA_DIR: '/tmp/mandi-architecture-doc',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const only = <T extends object>(what: string, given: Record<string, unknown>) =>
    new Proxy(given, {
      get(target, key) {
        if (typeof key === 'symbol' || key in target) return target[key as string];
        throw new Error(`the architecture doc test gives no ${what} ${key}: add a stand-in to stubContext`);
      },
    }) as unknown as T;
  const silent = () => {};
  const log: Record<string, unknown> = { level: 'silent', silent };
  for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace']) log[level] = silent;
  log.child = () => log;
  return {
    deps: only<AppDeps>('dependency', { config }),
    now: () => new Date('2026-11-24T06:30:00Z'),
    warmUp: false,
    log: log as unknown as FastifyBaseLogger,
    services: only<ModuleServices>('service', {
      orderLifecycle: { participants: [] },
      khataRefund: {},
      notifications: { isSending: true },
    }),
  };
}

const context = stubContext();

/** Stands for any id a tag is made from (a user's, a product's, a list of them): `orders-of:<id>`. */
const ANY_ID = Object.assign(['<id>'], { toLowerCase: () => '<id>' });
/** The tags a read or a write names for ANY_ID (none when it declares no such function). */
const tagsFor = (tags: unknown): readonly string[] =>
  typeof tags === 'function' ? (tags as (params: unknown) => readonly string[])(ANY_ID) : [];
/** `orders-of:<user>` in the doc is `orders-of:<id>` here. */
const placeholder = (tag: string) => tag.replace(/<[^>]+>/g, '<id>');

describe('docs/architecture.md', () => {
  it('lists every module with what it may import and the tables it owns, as their manifests say', () => {
    const documented = checkedTable('modules')
      .map(([module, dependsOn, tables]) => ({
        module: names(module)[0],
        dependsOn: sorted(names(dependsOn)),
        tables: sorted(names(tables)),
      }))
      .sort((a, b) => String(a.module).localeCompare(String(b.module)));
    const declared = MODULES.map((module) => ({
      module: module.name,
      dependsOn: sorted(module.dependsOn),
      tables: sorted(module.tables),
    })).sort((a, b) => a.module.localeCompare(b.module));
    expect(documented, 'the modules table of docs/architecture.md').toEqual(declared);
  });

  it('lists the order participants in the order their ranks run them, each with its module', () => {
    const documented = checkedTable('participants').map(([rank, participant, module]) => ({
      rank: Number(rank),
      participant: names(participant)[0],
      module: names(module)[0],
    }));
    const declared = MODULES.flatMap((module) =>
      (module.participants?.(context) ?? []).map(({ rank, participant }) => ({
        rank,
        participant: participant.name,
        module: module.name,
      })),
    ).sort((a, b) => a.rank - b.rank);
    expect(documented, 'the participants table of docs/architecture.md').toEqual(declared);
  });

  it('lists the order event subscribers with their modules and event types', () => {
    const documented = checkedTable('subscribers')
      .map(([subscriber, module, types]) => ({
        subscriber: names(subscriber)[0],
        module: names(module)[0],
        types: sorted(names(types)),
      }))
      .sort((a, b) => String(a.subscriber).localeCompare(String(b.subscriber)));
    const declared = MODULES.flatMap((module) =>
      (module.subscribers?.(context) ?? []).map(({ name, types }) => ({
        subscriber: name,
        module: module.name,
        types: sorted(types),
      })),
    ).sort((a, b) => a.subscriber.localeCompare(b.subscriber));
    expect(documented, 'the subscribers table of docs/architecture.md').toEqual(declared);
  });

  it("lists the cache tags each module's cached reads use and its writes drop", () => {
    const documented = checkedTable('cache tags')
      .map(([module, reads, writes]) => ({
        module: names(module)[0],
        reads: sorted(names(reads).map(placeholder)),
        writes: sorted(names(writes).map(placeholder)),
      }))
      .sort((a, b) => String(a.module).localeCompare(String(b.module)));
    const declared = MODULES.flatMap(({ name, cache }) => {
      if (!cache) return [];
      const reads = Object.values(cache.reads).flatMap((read) => [
        ...tagsFor(read.tags),
        ...tagsFor(read.tagsWhileLoading),
      ]);
      const writes = Object.values(cache.writes).flatMap((write) => tagsFor(write.tags));
      return [{ module: name, reads: sorted(reads), writes: sorted(writes) }];
    }).sort((a, b) => a.module.localeCompare(b.module));
    expect(documented, 'the cache tags table of docs/architecture.md').toEqual(declared);
  });
});
