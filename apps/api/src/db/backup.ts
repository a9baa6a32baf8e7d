/**
 * Logical backups through the app's own database connection, the same on PGlite and PostgreSQL.
 *
 * File format (NDJSON, gzip-compressed when the name ends in .gz): a header line naming every
 * table and its columns, then `{ table, rows }` lines of at most BATCH_ROWS rows (tables in
 * foreign-key order, each row as PostgreSQL's own JSON of it, bytea columns as base64), then an
 * end line with the row count of every table, so a cut-off file is detected.
 *
 * Backup reads one consistent snapshot (a read-only repeatable-read transaction). Restore runs in
 * ONE transaction: truncate every table, insert every row, check the counts; any failure rolls
 * back and leaves the database exactly as it was. Copies (`COPY_TABLES`) are left out and emptied.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { getTableName, is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { makeMissingDirsPrivateSync, makePrivateFileSync, PRIVATE_FILE_MODE } from '../lib/private-files.js';
import type { Db, Tx } from './client.js';
import * as schema from './schema.js';

export const BACKUP_FORMAT = 'mandi-backup';
export const BACKUP_VERSION = 1;
const BATCH_ROWS = 200;

interface TableInfo {
  name: string;
  columns: string[];
  byteaColumns: string[];
  primaryKey: string[];
}

interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  tables: { name: string; columns: string[] }[];
}

export type TableCounts = Record<string, number>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables that hold copies the shop makes again from the others (finished bills, decision 0052):
 * not written to a backup, and emptied by a restore with the rest.
 */
export const COPY_TABLES: readonly string[] = [getTableName(schema.drawnDocuments)];

/** Every table of the schema but the copies, parents before children (so inserts satisfy foreign keys). */
export function backupTables(): TableInfo[] {
  const tables = Object.values(schema as Record<string, unknown>).filter(
    (value): value is PgTable => is(value, PgTable) && !COPY_TABLES.includes(getTableName(value)),
  );
  const infos = new Map<string, { info: TableInfo; parents: Set<string> }>();
  for (const table of tables) {
    const config = getTableConfig(table);
    const compositeKey = config.primaryKeys[0]?.columns.map((column) => column.name);
    const singleKey = config.columns.filter((column) => column.primary).map((column) => column.name);
    const parents = new Set(
      config.foreignKeys
        .map((fk) => getTableName(fk.reference().foreignTable))
        .filter((parent) => parent !== config.name),
    );
    infos.set(config.name, {
      parents,
      info: {
        name: config.name,
        // Generated columns (products.search_text) are computed again on insert and cannot be written.
        columns: config.columns.filter((column) => !column.generated).map((column) => column.name),
        byteaColumns: config.columns.filter((column) => column.getSQLType() === 'bytea').map((column) => column.name),
        primaryKey: compositeKey?.length
          ? compositeKey
          : singleKey.length
            ? singleKey
            : [config.columns[0]?.name ?? ''],
      },
    });
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (placed.size < infos.size) {
    // The first table (in schema order) whose parents are all placed.
    const next = [...infos.values()].find(
      ({ info, parents }) => !placed.has(info.name) && [...parents].every((parent) => placed.has(parent)),
    );
    if (!next) throw new Error('The schema has a foreign-key cycle; cannot order tables for backup');
    ordered.push(next.info);
    placed.add(next.info.name);
  }
  return ordered;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** A writer that respects back-pressure, gzip-compressing when the file name ends in .gz. */
function openOutput(file: string, isGzip: boolean) {
  // A backup holds every password hash: private to this user whatever the umask.
  const sink = fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  const gzip = isGzip ? zlib.createGzip() : null;
  const head = gzip ?? sink;
  const finished = gzip ? pipeline(gzip, sink) : once(sink, 'close').then(() => undefined);
  // Surface stream errors at the next write or at the end instead of crashing the process.
  let failure: unknown;
  head.on('error', (error: Error) => {
    failure = error;
  });
  sink.on('error', (error) => {
    failure = error;
  });
  return {
    async write(value: unknown) {
      if (failure) throw failure;
      if (!head.write(`${JSON.stringify(value)}\n`)) await once(head, 'drain');
    },
    async end() {
      head.end();
      await finished;
      if (failure) throw failure;
    },
    destroy() {
      head.destroy();
      sink.destroy();
    },
  };
}

/**
 * Writes a backup of every table to `file` (written to `file.partial` first and renamed at the end,
 * so a failed backup never leaves a file that looks complete). Returns the row count per table.
 */
export async function backupDatabase(db: Db, file: string): Promise<TableCounts> {
  const tables = backupTables();
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new Error(`${target} already exists; choose another file name`);
  makeMissingDirsPrivateSync(path.dirname(target));
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const output = openOutput(partial, target.endsWith('.gz'));
  const counts: TableCounts = {};
  try {
    await db.transaction(
      async (tx) => {
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          tables: tables.map(({ name, columns }) => ({ name, columns })),
        };
        await output.write(header);
        for (const table of tables) {
          counts[table.name] = await writeTable(tx, table, output.write);
        }
        await output.write({ end: true, counts });
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await output.end();
    makePrivateFileSync(partial);
    fs.renameSync(partial, target);
    return counts;
  } catch (error) {
    output.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

async function writeTable(tx: Tx, table: TableInfo, write: (value: unknown) => Promise<void>): Promise<number> {
  // PostgreSQL turns each row into JSON itself (exact timestamps, numerics and arrays); bytea is
  // re-encoded as base64, which is smaller than the default hex.
  const rowJson = table.byteaColumns.reduce<SQL>(
    (expression, column) =>
      sql`${expression} || jsonb_build_object(${column}::text, encode(t.${sql.raw(quote(column))}, 'base64'))`,
    sql`to_jsonb(t)`,
  );
  const orderBy = sql.raw(table.primaryKey.map((column) => `t.${quote(column)}`).join(', '));
  let total = 0;
  for (let offset = 0; ; offset += BATCH_ROWS) {
    const result = await tx.execute(
      sql`select ${rowJson} as row from ${sql.raw(quote(table.name))} t order by ${orderBy} limit ${BATCH_ROWS} offset ${offset}`,
    );
    const rows = rowsOf<{ row: unknown }>(result).map(({ row }) => (typeof row === 'string' ? JSON.parse(row) : row));
    if (rows.length > 0) await write({ table: table.name, rows });
    total += rows.length;
    if (rows.length < BATCH_ROWS) return total;
  }
}

async function* readLines(file: string): AsyncGenerator<unknown> {
  const handle = fs.openSync(file, 'r');
  const magic = Buffer.alloc(2);
  fs.readSync(handle, magic, 0, 2, 0);
  fs.closeSync(handle);
  const raw = fs.createReadStream(file);
  const input = magic[0] === 0x1f && magic[1] === 0x8b ? raw.pipe(zlib.createGunzip()) : raw;
  raw.on('error', (error) => input.destroy(error));
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber += 1;
      if (line.trim() === '') continue;
      try {
        yield JSON.parse(line);
      } catch {
        throw new Error(`Line ${lineNumber} of the backup is not valid JSON`);
      }
    }
  } catch (error) {
    if (String((error as { code?: unknown }).code ?? '').startsWith('Z_')) {
      throw new Error(`The backup file is damaged: ${(error as Error).message}`);
    }
    throw error;
  }
}

function checkHeader(value: unknown, tables: TableInfo[]): Map<string, string[]> {
  const header = value as Partial<BackupHeader> | null;
  if (!header || header.format !== BACKUP_FORMAT || !Array.isArray(header.tables)) {
    throw new Error('This file is not a Mandi backup (its first line has no mandi-backup header)');
  }
  if (header.version !== BACKUP_VERSION) {
    throw new Error(
      `This backup has format version ${header.version}; this version of Mandi reads version ${BACKUP_VERSION}`,
    );
  }
  const known = new Map(tables.map((table) => [table.name, table]));
  const columnsByTable = new Map<string, string[]>();
  for (const entry of header.tables) {
    const table = known.get(entry.name);
    if (!table) throw new Error(`The backup has a table "${entry.name}" that this version of Mandi does not know`);
    const unknown = entry.columns.filter((column) => !table.columns.includes(column));
    if (unknown.length > 0) {
      throw new Error(
        `The backup's table "${entry.name}" has columns this version does not know: ${unknown.join(', ')}`,
      );
    }
    columnsByTable.set(entry.name, entry.columns);
  }
  return columnsByTable;
}

async function insertRows(tx: Tx, table: TableInfo, columns: string[], rows: unknown[]): Promise<void> {
  const columnList = sql.raw(columns.map(quote).join(', '));
  const values = sql.raw(
    columns
      .map((column) =>
        table.byteaColumns.includes(column) ? `decode(e.r->>${`'${column}'`}, 'base64')` : `p.${quote(column)}`,
      )
      .join(', '),
  );
  const name = sql.raw(quote(table.name));
  // Identity columns (the outbox's ids) keep their backed-up values; restoreIdentities moves their sequences past them.
  await tx.execute(sql`
    insert into ${name} (${columnList}) overriding system value
    select ${values}
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as e(r),
         lateral jsonb_populate_record(null::${name}, e.r) as p`);
}

/**
 * Replaces the whole content of the database with the backup in `file`, in one transaction.
 * The schema must already be migrated. Returns the row count per table.
 */
export async function restoreDatabase(db: Db, file: string): Promise<TableCounts> {
  const target = path.resolve(file);
  if (!fs.existsSync(target)) throw new Error(`No backup file at ${target}`);
  const tables = backupTables();
  const byName = new Map(tables.map((table) => [table.name, table]));
  const lines = readLines(target);

  const first = await lines.next();
  if (first.done) throw new Error('The backup file is empty');
  const columnsByTable = checkHeader(first.value, tables);

  return db.transaction(async (tx) => {
    const emptied = [...tables.map((table) => table.name), ...COPY_TABLES];
    await tx.execute(sql.raw(`truncate table ${emptied.map(quote).join(', ')} cascade`));
    const counts: TableCounts = Object.fromEntries(tables.map((table) => [table.name, 0]));
    let expected: TableCounts | undefined;
    for await (const value of lines) {
      const line = value as { table?: string; rows?: unknown[]; end?: boolean; counts?: TableCounts };
      if (line.end) {
        expected = line.counts ?? {};
        break;
      }
      const table = line.table ? byName.get(line.table) : undefined;
      const columns = line.table ? columnsByTable.get(line.table) : undefined;
      if (!table || !columns || !Array.isArray(line.rows)) {
        throw new Error(`The backup has a line for an unknown table "${String(line.table)}"`);
      }
      await insertRows(tx, table, columns, line.rows);
      counts[table.name] = (counts[table.name] ?? 0) + line.rows.length;
    }
    if (!expected) throw new Error('The backup file is incomplete (no end line): nothing was restored');
    for (const table of tables) {
      if ((expected[table.name] ?? 0) !== counts[table.name]) {
        throw new Error(
          `The backup file is incomplete: table ${table.name} should have ${expected[table.name] ?? 0} rows, found ${counts[table.name]}; nothing was restored`,
        );
      }
    }
    if (!columnsByTable.get('orders')?.includes('order_number')) await numberOrdersByCreation(tx);
    await restoreIdentities(tx);
    return counts;
  });
}

/**
 * Sets each identity column's sequence past the largest restored value, so the next row gets a new
 * id (and the next order a new number); an empty table starts again at the sequence's own start
 * (order numbers at 1001).
 */
async function restoreIdentities(tx: Tx): Promise<void> {
  const identities = rowsOf<{ table_name: string; column_name: string }>(
    await tx.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and is_identity = 'YES'`),
  );
  for (const { table_name: table, column_name: column } of identities) {
    const qualified = quote(table);
    const sequence = `pg_get_serial_sequence('${qualified.replaceAll("'", "''")}', '${column.replaceAll("'", "''")}')`;
    await tx.execute(
      sql.raw(
        `select setval(${sequence}, coalesce(max(${quote(column)}) + 1, (select seqstart from pg_sequence where seqrelid = ${sequence}::regclass)), false) from ${qualified}`,
      ),
    );
  }
}

/**
 * A backup made before order numbers (migration 0010) has no `order_number`: its orders took
 * numbers from the sequence in the order they were inserted (by id), so they are numbered again by
 * creation time from 1001, as the migration numbers existing orders.
 */
async function numberOrdersByCreation(tx: Tx): Promise<void> {
  // Through negative numbers first: the unique index is checked row by row, and a new number may
  // still be held by another row.
  await tx.execute(sql`
    update orders set order_number = -numbered.n
    from (select id, 1000 + row_number() over (order by created_at, id) as n from orders) as numbered
    where orders.id = numbered.id`);
  await tx.execute(sql`update orders set order_number = -order_number`);
}
