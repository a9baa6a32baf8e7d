import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage.js';

const oldSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space');

describe('collectGarbage', () => {
  it('frees what nothing refers to any more, and gives back the pages it lay on', () => {
    let rows: { n: number; text: string }[] | null = Array.from({ length: 1_000_000 }, (_, n) => ({
      n,
      text: `row ${n}`,
    }));
    collectGarbage();
    // One row in ten stays alive, spread over every page the rows lie on.
    const survivors = rows.filter((row) => row.n % 10 === 0);
    const before = oldSpace();
    rows = null;
    collectGarbage();
    const after = oldSpace();
    expect(survivors.length).toBe(100_000);
    // 900,000 dead objects and strings are well over 10 MB, and the pages they left are given back
    // (a collection that does not compact keeps nearly every page: each holds a survivor).
    expect((before?.space_used_size ?? 0) - (after?.space_used_size ?? 0)).toBeGreaterThan(10 * 1024 * 1024);
    expect((before?.space_size ?? 0) - (after?.space_size ?? 0)).toBeGreaterThan(10 * 1024 * 1024);
  });
});
