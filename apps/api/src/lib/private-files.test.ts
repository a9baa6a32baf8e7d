import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { backupDatabase } from '../db/backup.js';
import { openDatabase } from '../db/client.js';
import { pgliteDirFor, secureDataDir } from '../db/prepare.js';
import { createMailer } from './mail.js';

/** Every entry under root whose mode lets anyone but the owner in, as `path mode`. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if ((stat.mode & 0o077) !== 0) found.push(`${entry} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return found;
}

let root: string;
let previousUmask: number;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-private-'));
  // The most permissive umask: only our own chmods keep the files private.
  previousUmask = process.umask(0);
});
afterAll(() => {
  process.umask(previousUmask);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('private files', () => {
  it('keeps the embedded database private to this user, whatever the umask', async () => {
    const dataDir = path.join(root, 'data');
    const database = await openDatabase({ pgliteDir: pgliteDirFor({ dataDir }) });
    await database.db.execute(sql`create table secrets (hash text)`);
    await database.db.execute(sql`insert into secrets values ('$argon2id$...')`);
    expect(openToOthers(dataDir)).toEqual([]);
    await database.close();
    expect(openToOthers(dataDir)).toEqual([]);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('fixes an existing data directory at start and says so', () => {
    const dataDir = path.join(root, 'old');
    fs.mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true, mode: 0o777 });
    fs.writeFileSync(path.join(dataDir, 'pglite', 'base', '1234'), 'rows', { mode: 0o666 });
    expect(openToOthers(dataDir).length).toBe(4);
    expect(secureDataDir({ dataDir })).toMatch(/Made 4 files and folders in .* private/);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(secureDataDir({ dataDir })).toBeNull();
  });

  it('writes outbox mail privately and logs the file, not the link', async () => {
    const dataDir = path.join(root, 'mail');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'none' });
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const link = 'http://localhost:3000/reset-password/id/secret-token-123';
    await createMailer(config, log).send({ to: 'a@example.com', subject: 'Reset', text: `Open ${link}` });
    expect(openToOthers(config.outboxDir)).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain('secret-token-123');
    expect(JSON.stringify(logged)).toContain('.eml');
  });

  it('writes backups privately', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    const { migrateDatabase } = await import('../db/migrate.js');
    await migrateDatabase(database);
    const file = path.join(root, 'backups', 'daily', 'shop.jsonl.gz');
    await backupDatabase(database.db, file);
    await database.close();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // Every folder the backup had to create is private too (umask 0 would leave them 0777).
    expect(fs.statSync(path.join(root, 'backups')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(root, 'backups', 'daily')).mode & 0o777).toBe(0o700);
  });
});
