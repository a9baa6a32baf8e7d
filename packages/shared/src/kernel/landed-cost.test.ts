import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  landedCost,
  movingAverageCostRate,
  percentToBasisPoints,
  shareByWeight,
  shrinkagePercent,
  wastageCostPaise,
} from './landed-cost.js';

describe('landedCost', () => {
  it('works the contract example: 10 kg gross, 0.5 kg tare at ₹20, 6% commission, ₹50 of charges', () => {
    const purchase = landedCost([{ grossGrams: 10_000, tareGrams: 500, ratePaise: 2000 }], 600, [5000]);
    expect(purchase.lines).toEqual([
      {
        netGrams: 9500,
        valuePaise: 19_000,
        commissionPaise: 1140,
        chargesPaise: 5000,
        landedPaise: 25_140,
        landedRatePaise: 2646,
      },
    ]);
    expect(purchase).toMatchObject({
      valuePaise: 19_000,
      commissionPaise: 1140,
      chargesPaise: 5000,
      totalPaise: 25_140,
    });
  });

  it('shares the charges by value, and the lines add up to the total to the paisa', () => {
    // Values ₹100, ₹200 and ₹33.33: ₹100 of charges by value is 29.99..., 59.99..., 10.00...
    const purchase = landedCost(
      [
        { grossGrams: 10_000, tareGrams: 0, ratePaise: 1000 },
        { grossGrams: 10_000, tareGrams: 0, ratePaise: 2000 },
        { grossGrams: 1000, tareGrams: 0, ratePaise: 3333 },
      ],
      0,
      [6000, 4000],
    );
    expect(purchase.lines.map((line) => line.valuePaise)).toEqual([10_000, 20_000, 3333]);
    expect(purchase.lines.map((line) => line.chargesPaise)).toEqual([3000, 6000, 1000]);
    expect(purchase.lines.reduce((sum, line) => sum + line.chargesPaise, 0)).toBe(10_000);
    expect(purchase.totalPaise).toBe(33_333 + 10_000);
  });

  it('gives the paise left over by largest remainder, earlier line first on a tie', () => {
    expect(shareByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByWeight(101, [1, 2])).toEqual([34, 67]);
    expect(shareByWeight(5, [0, 0])).toEqual([3, 2]);
    expect(shareByWeight(0, [10, 20])).toEqual([0, 0]);
    expect(shareByWeight(7, [])).toEqual([]);
  });

  it('rounds the commission half up per line, and the purchase commission is their sum', () => {
    // 2.5% of ₹0.50 = 1.25 paise → 1; of ₹0.70 = 1.75 → 2; of ₹0.60 = 1.5 → 2.
    const purchase = landedCost(
      [
        { grossGrams: 1000, tareGrams: 0, ratePaise: 50 },
        { grossGrams: 1000, tareGrams: 0, ratePaise: 70 },
        { grossGrams: 1000, tareGrams: 0, ratePaise: 60 },
      ],
      percentToBasisPoints(2.5),
      [],
    );
    expect(purchase.lines.map((line) => line.commissionPaise)).toEqual([1, 2, 2]);
    expect(purchase.commissionPaise).toBe(5);
    expect(purchase.totalPaise).toBe(185);
  });

  it('has no landed rate for a line without net quantity', () => {
    const purchase = landedCost([{ grossGrams: 500, tareGrams: 500, ratePaise: 2000 }], 0, [100]);
    expect(purchase.lines[0]?.netGrams).toBe(0);
    expect(purchase.lines[0]?.landedRatePaise).toBeNull();
  });

  it('works in pieces and dozens like kilograms (thousandths of the unit)', () => {
    const purchase = landedCost([{ grossGrams: 12_000, tareGrams: 0, ratePaise: 6000 }], 500, [1200]);
    expect(purchase.lines[0]).toMatchObject({ valuePaise: 72_000, commissionPaise: 3600, landedPaise: 76_800 });
    expect(purchase.lines[0]?.landedRatePaise).toBe(6400);
  });
});

describe('movingAverageCostRate', () => {
  it('sets the cost on the first purchase, whatever stock was typed in before', () => {
    expect(movingAverageCostRate(5000, null, 9500, 25_140)).toBe(2646);
  });
  it('averages the stock on hand with the purchase by value', () => {
    // 10 kg at ₹20 + 10 kg landed for ₹300 → ₹25 a kg.
    expect(movingAverageCostRate(10_000, 2000, 10_000, 30_000)).toBe(2500);
    // 1 kg at ₹10 + 2 kg for ₹45.01 → 55.01 / 3 = 18.3366 → 18.34.
    expect(movingAverageCostRate(1000, 1000, 2000, 4501)).toBe(1834);
  });
  it('takes the landed rate when no stock is on hand', () => {
    expect(movingAverageCostRate(0, 5000, 4000, 10_000)).toBe(2500);
  });
});

describe('wastage and shrinkage', () => {
  it('values a write-off at the cost rate, nothing without one', () => {
    expect(wastageCostPaise(2646, 2000)).toBe(5292);
    expect(wastageCostPaise(2646, 333)).toBe(881);
    expect(wastageCostPaise(null, 2000)).toBe(0);
  });
  it('gives shrinkage as a percent of what was bought', () => {
    expect(shrinkagePercent(2000, 28_500)).toBe(7);
    expect(shrinkagePercent(1000, 3000)).toBe(33.3);
    expect(shrinkagePercent(1000, 0)).toBeNull();
  });
});

describe('commission percent and basis points', () => {
  it('goes both ways without binary leftovers', () => {
    expect(percentToBasisPoints(2.25)).toBe(225);
    expect(basisPointsToPercent(225)).toBe(2.25);
    expect(basisPointsToPercent(percentToBasisPoints(6))).toBe(6);
  });
});
