/** Which order lines count in "kg to pack" (decision 0026): every line today, only kg and litre once lines carry a unit. */
import { sql } from 'drizzle-orm';
import { PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { orderItems } from '../../db/schema.js';
import { weightLinesOf } from './dashboard.repository.js';

const rendered = (lines: object) => new PgDialect().sqlToQuery(sql`where ${weightLinesOf(lines)}`).sql;

describe('weight lines', () => {
  it("follows the schema's order lines: every line without a unit column, the kg and litre lines with one", () => {
    expect(rendered(orderItems)).toBe('unit' in orderItems ? `where "oi"."unit" in ('kg', 'litre')` : 'where true');
  });

  it('counts only the kg and litre lines once order lines have a unit column', () => {
    const withUnit = pgTable('order_items', { unit: text('unit').notNull().default('kg') });
    expect(rendered(withUnit)).toBe(`where "oi"."unit" in ('kg', 'litre')`);
  });
});
