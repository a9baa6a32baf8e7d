/**
 * When a weight may be taken (contract "The scale and barcodes"): when the scale says it is
 * steady, or, for a scale that does not say, when the same value (within one division) was read 3
 * times over at least 500 ms. Never a reading under zero, over capacity or in another unit, and a
 * scale that says it is moving is believed.
 */
import type { ScaleReading } from './scale-profiles';

export const STEADY_READINGS = 3;
export const STEADY_MS = 500;

type Seen = { grams: number; division: number; at: number };

export interface StabilityJudge {
  /** Whether `reading`, read at `at` (ms), is a steady weight to take. */
  judge(reading: ScaleReading, at: number): boolean;
}

export function stabilityJudge({ count = STEADY_READINGS, spanMs = STEADY_MS } = {}): StabilityJudge {
  let run: Seen[] = [];
  return {
    judge(reading, at) {
      if (reading.kind !== 'weight') {
        run = [];
        return false;
      }
      const { grams, division } = reading;
      // The run: the readings in a row, up to this one, each within one division of it.
      let lastOff = -1;
      run.forEach((seen, index) => {
        if (Math.abs(seen.grams - grams) > Math.max(division, seen.division)) lastOff = index;
      });
      run = [...run.slice(lastOff + 1).slice(-20), { grams, division, at }];
      if (reading.stable !== null) return reading.stable;
      const oldest = run[0];
      return run.length >= count && oldest !== undefined && at - oldest.at >= spanMs;
    },
  };
}
