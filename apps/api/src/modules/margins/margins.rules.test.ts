/** The margin report's pure rules (decision 0037). */
import { describe, expect, it } from 'vitest';
import { datesOf, lineCostPaise, marginPercent, marginTally } from './margins.rules.js';

describe('margin rules', () => {
  it('costs a packed line half up to the paisa, and an unknown cost as 0', () => {
    expect(lineCostPaise(1950, 2500)).toBe(4875);
    expect(lineCostPaise(333, 1001)).toBe(333);
    expect(lineCostPaise(1000, null)).toBe(0);
  });

  it('gives the margin percent to one decimal, none without sales', () => {
    expect(marginPercent({ salesPaise: 11800, costPaise: 7475, wastedCostPaise: 5000 })).toBe(-5.7);
    expect(marginPercent({ salesPaise: 57143, costPaise: 0, wastedCostPaise: 1000 })).toBe(98.3);
    expect(marginPercent({ salesPaise: 0, costPaise: 0, wastedCostPaise: 1000 })).toBeNull();
  });

  it('lists every date of a range, across a month end', () => {
    expect(datesOf('2026-11-29', '2026-12-02')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it('keeps a product sold in two units as two rows, and a deleted product by its name', () => {
    const at = new Date('2026-11-23T06:00:00Z');
    const line = { name: 'Paneer', grams: 1000, taxablePaise: 100, costRatePaise: 50, invoicedAt: at };
    const tally = marginTally('2026-11-23', '2026-11-23');
    tally.addSold([
      { ...line, productId: 'p1', unit: 'kg' },
      { ...line, productId: 'p1', unit: 'pack' },
      { ...line, productId: null, unit: 'kg', name: 'Old Paneer' },
    ]);
    const { rows } = tally.report();
    expect(rows.map((row) => [row.productId, row.name, row.unit, row.salesPaise, row.costPaise])).toEqual([
      [null, 'Old Paneer', 'kg', 100, 50],
      ['p1', 'Paneer', 'kg', 100, 50],
      ['p1', 'Paneer', 'pack', 100, 50],
    ]);
  });
});
