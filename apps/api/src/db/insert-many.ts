/**
 * Many rows in one INSERT whose text does not grow with them: each column goes as one array
 * parameter and `unnest` turns the arrays back into rows. Drizzle's `.values([...])` writes one
 * placeholder per cell, so a checkout batch of 16 orders and 33 lines sent ~600 parameters that
 * Node had to build and PostgreSQL had to parse and plan again every time, all while the batch held
 * its products' row locks. Columns left out take their defaults, as with `.values`.
 */
import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

type Insert<T extends PgTable> = T['$inferInsert'];

/**
 * `insert into <table> (<columns>, <computed columns>) select rows.*, <computed> from unnest(<one
 * array per column>) as rows`: add ON CONFLICT or RETURNING after it, and read returned rows with
 * `rowsFromDriver`. The columns are those the rows give a value (null included), so a value added
 * to the rows is never dropped; a column no row gives takes its default. Unlike `.values`, one
 * row's `undefined` beside another's value is NULL, not the default. `computed` columns are an
 * expression evaluated for each row.
 */
export function insertManySql<T extends PgTable>(
  table: T,
  rows: readonly Insert<T>[],
  computed: Partial<Record<keyof Insert<T> & string, SQL>> = {},
): SQL {
  const keys = new Set<string>();
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) if (value !== undefined) keys.add(key);
  }
  const columns = getTableColumns(table) as Record<string, Column>;
  const names: ReturnType<typeof sql.identifier>[] = [];
  const arrays: SQL[] = [];
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    names.push(sql.identifier(column.name));
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      return value === undefined || value === null ? null : column.mapToDriverValue(value);
    });
    // One parameter holding the whole array (a bare array would become a list of parameters).
    arrays.push(sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`);
  }
  const selected: SQL[] = [sql.raw('rows.*')];
  for (const [key, expression] of Object.entries(computed) as [string, SQL][]) {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    names.push(sql.identifier(column.name));
    selected.push(expression);
  }
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(selected, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as rows`;
}

/** Rows of a raw `returning *` as Drizzle's own queries give them: property names, driver values mapped. */
export function rowsFromDriver<T extends PgTable>(table: T, result: unknown): T['$inferSelect'][] {
  const raw = (result as { rows: Record<string, unknown>[] }).rows;
  const columns = Object.entries(getTableColumns(table) as Record<string, Column>);
  return raw.map((row) => {
    const mapped: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return mapped as T['$inferSelect'];
  });
}
