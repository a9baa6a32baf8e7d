/**
 * Landed cost of a mandi purchase and the moving-average cost of stock (api-contract-shop "Buying at
 * the mandi, stock cost and wastage", decision 0035), in integers: paise and thousandths of the
 * product's unit ("grams"). The server saves what this computes and the purchase screen shows the
 * same figures as the buyer types, so both import this one function.
 *
 * Rounding, each step to the paisa, half up:
 * - a line's value is `net × rate` (as an order line's amount: `lineAmountPaise`);
 * - a line's commission is `commissionPercent` of its value;
 * - the charges (exact paise) are shared over the lines in proportion to value by largest
 *   remainder: every line gets the floor of its exact share, and the paise left over go one each to
 *   the lines with the largest fractions (the earlier line on a tie), so the shares add up to the
 *   charges exactly;
 * - a line's landed cost is value + commission + share; the purchase's total is the sum of the
 *   lines' landed costs, so nothing is lost or made up by rounding;
 * - the landed rate (paise per unit) is `landed / net`, rounded half up; it is shown and used for
 *   nothing else: the stock's cost moves by the landed cost itself.
 */
import { lineAmountPaise } from './money.js';

/** A commission percentage with at most 2 decimals as basis points: 6 → 600, 2.25 → 225. */
export const percentToBasisPoints = (percent: number): number => Math.round(percent * 100);

/** Basis points as the percentage the API sends: 225 → 2.25. */
export const basisPointsToPercent = (basisPoints: number): number => basisPoints / 100;

export interface PurchaseLineInput {
  grossGrams: number;
  tareGrams: number;
  /** Paise per unit. */
  ratePaise: number;
}

export interface LandedLine {
  netGrams: number;
  valuePaise: number;
  commissionPaise: number;
  chargesPaise: number;
  landedPaise: number;
  /** Paise per unit, half up; null when the net quantity is not above 0 (the line is refused). */
  landedRatePaise: number | null;
}

export interface LandedPurchase {
  lines: LandedLine[];
  valuePaise: number;
  commissionPaise: number;
  chargesPaise: number;
  /** The sum of the lines' landed costs: value + commission + charges. */
  totalPaise: number;
}

/** `numerator / denominator` rounded half up, for non-negative integers. */
const divideHalfUp = (numerator: number, denominator: number): number =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/**
 * Shares `amount` paise over `weights` in proportion, by largest remainder: the shares add up to
 * `amount` exactly. All weights 0 (nothing has value): shared equally the same way.
 */
export function shareByWeight(amount: number, weights: readonly number[]): number[] {
  if (!weights.length) return [];
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const used = total > 0 ? weights : weights.map(() => 1);
  const usedTotal = total > 0 ? total : weights.length;
  // Exact in integers: amount × weight stays far below 2^53 for the shop's limits.
  const shares = used.map((weight) => Math.floor((amount * weight) / usedTotal));
  const remainders = used.map((weight, index) => ({ index, remainder: (amount * weight) % usedTotal }));
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  remainders.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of remainders) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * The landed cost of every line of a purchase: value, commission (basis points of the value), a
 * share of the charges by value, landed cost and landed rate. A line whose tare is not below its
 * gross has a net of 0 or less and no landed rate (the server refuses it with a 400).
 */
export function landedCost(
  lines: readonly PurchaseLineInput[],
  commissionBasisPoints: number,
  chargesPaise: readonly number[],
): LandedPurchase {
  const nets = lines.map((line) => line.grossGrams - line.tareGrams);
  const values = lines.map((line, index) => lineAmountPaise(line.ratePaise, Math.max(0, nets[index] ?? 0)));
  const commissions = values.map((value) => divideHalfUp(value * commissionBasisPoints, 10_000));
  const chargesTotal = chargesPaise.reduce((sum, amount) => sum + amount, 0);
  const shares = shareByWeight(chargesTotal, values);
  const landed = lines.map((_line, index) => {
    const netGrams = nets[index] ?? 0;
    const valuePaise = values[index] ?? 0;
    const commissionPaise = commissions[index] ?? 0;
    const share = shares[index] ?? 0;
    const landedPaise = valuePaise + commissionPaise + share;
    return {
      netGrams,
      valuePaise,
      commissionPaise,
      chargesPaise: share,
      landedPaise,
      landedRatePaise: netGrams > 0 ? divideHalfUp(landedPaise * 1000, netGrams) : null,
    };
  });
  const sum = (pick: (line: LandedLine) => number) => landed.reduce((total, line) => total + pick(line), 0);
  return {
    lines: landed,
    valuePaise: sum((line) => line.valuePaise),
    commissionPaise: sum((line) => line.commissionPaise),
    chargesPaise: chargesTotal,
    totalPaise: sum((line) => line.landedPaise),
  };
}

/**
 * The cost per unit (paise) of the stock after a purchase adds `netGrams` costing `landedPaise`:
 * `(stock × costRate + landed) / (stock + net)`, half up. Without a cost yet (the first purchase),
 * or with no stock on hand, the purchase's own landed rate.
 */
export function movingAverageCostRate(
  stockGrams: number,
  costRatePaise: number | null,
  netGrams: number,
  landedPaise: number,
): number {
  const onHand = BigInt(costRatePaise === null ? 0 : Math.max(0, stockGrams));
  // In BigInt: a large stock times a large rate may pass 2^53.
  const numerator = onHand * BigInt(costRatePaise ?? 0) + BigInt(landedPaise) * 1000n;
  const denominator = onHand + BigInt(netGrams);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** What `grams` of stock cost at `costRatePaise` per unit, half up; nothing when there is no cost yet. */
export const wastageCostPaise = (costRatePaise: number | null, grams: number): number =>
  costRatePaise === null ? 0 : lineAmountPaise(costRatePaise, grams);

/** Shrinkage: what was written off as a share of what was bought, in percent (1 decimal); null without purchases. */
export function shrinkagePercent(wastedGrams: number, boughtGrams: number): number | null {
  if (boughtGrams <= 0) return null;
  return Math.round((wastedGrams * 1000) / boughtGrams) / 10;
}
