/**
 * The bill's rules, pure (decision 0010): the financial year and number, the document kind, tax
 * taken out of GST-inclusive amounts so the printed lines add up to the amount due to the paisa,
 * the amount in words, and the UPI link. Money in integer paise throughout.
 */

import type { Unit } from '@mandi/shared/kernel';
import type { BillKind } from '@mandi/shared/schemas';
import { stateOfPinCode } from '../../lib/gst-states.js';

/** The attachment's file name: the number with `/` made `-`. */
export const invoiceFileName = (invoiceNumber: string) => `${invoiceNumber.replaceAll('/', '-')}.pdf`;

/**
 * The taxable value inside a GST-inclusive amount, half up to the paisa in integers:
 * round(amount × 100 / (100 + rate)). The tax is the rest, so taxable + tax is the amount exactly.
 */
export function taxableValuePaise(amountPaise: number, rate: number): number {
  const divisor = 100 + rate;
  return Math.floor((amountPaise * 200 + divisor) / (2 * divisor));
}

/**
 * "Bill of Supply" when the shop is not registered or nothing is taxed, "Tax Invoice" when every
 * line is taxed, "Invoice-cum-Bill of Supply" when the basket mixes both (CGST Rules 46, 46A, 49).
 */
export function billKind(isRegistered: boolean, rates: readonly number[]): BillKind {
  const taxed = rates.filter((rate) => rate > 0).length;
  if (!isRegistered || taxed === 0) return 'Bill of Supply';
  return taxed === rates.length ? 'Tax Invoice' : 'Invoice-cum-Bill of Supply';
}

/**
 * The rate of the principal supply: the rate carrying the most of the goods' value (the higher
 * rate on a tie). Delivery by the seller is part of a composite supply and is taxed at this rate
 * (CGST Act s. 8(a)), with the principal line's HSN code.
 */
export function principalSupply(lines: readonly { amountPaise: number; gstRate: number; hsnCode: string }[]): {
  gstRate: number;
  hsnCode: string;
} {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.gstRate, (byRate.get(line.gstRate) ?? 0) + line.amountPaise);
  let best: number | undefined;
  for (const [rate, amount] of byRate) {
    const bestAmount = best === undefined ? -1 : (byRate.get(best) ?? 0);
    if (best === undefined || amount > bestAmount || (amount === bestAmount && rate > best)) best = rate;
  }
  const gstRate = best ?? 0;
  // The largest line at that rate names the HSN code.
  const hsnCode =
    [...lines].filter((line) => line.gstRate === gstRate).sort((a, b) => b.amountPaise - a.amountPaise)[0]?.hsnCode ??
    '';
  return { gstRate, hsnCode };
}

export interface BillLineInput {
  description: string;
  hsnCode: string;
  gstRate: number;
  /** Packed thousandths of `unit`, grams for kg (null for the delivery charge). */
  grams: number | null;
  /** What the line is sold in (kg when absent); the bill prints its quantity code. */
  unit?: Unit;
  /** Paise per unit (null for the delivery charge). */
  ratePaise: number | null;
  /** GST-inclusive amount of the line. */
  amountPaise: number;
  /** For an adjustment's line (the delivery charge): which one, so the PDF prints its own label. */
  adjustment?: { source: string; kind: string };
  /**
   * For a line packed with a substitute (decision 0043): the product ordered. `description`, the
   * HSN code, the GST rate and the rate are then the substitute's, and the PDF prints
   * "ordered X → sent Y" in the bill's language.
   */
  orderedName?: string;
}

export interface BillLine extends BillLineInput {
  /**
   * The line's share of the bill's discounts (positive paise, 0 for most bills): its taxable value
   * and tax are of `amountPaise - discountPaise` (decision 0044).
   */
  discountPaise: number;
  taxablePaise: number;
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface TaxByRate {
  rate: number;
  taxablePaise: number;
  taxPaise: number;
}

export interface BillFigures {
  kind: BillKind;
  /** Delivery in the shop's state: CGST + SGST; otherwise IGST. */
  isInState: boolean;
  /** Where the goods go, from the PIN code; null when no circle has it (treated as out of state). */
  placeOfSupply: string | null;
  lines: BillLine[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  /** The amount due: the lines and the amounts after the tax (the round-off). */
  totalPaise: number;
  /**
   * Discounts (a coupon's), signed negative: printed as lines after the goods; each goods line's
   * taxable value is already lowered by its share, in proportion to its value.
   */
  discounts: { source: string; kind: string; label: string; amountPaise: number }[];
  /** Adjustments that are no supply (the round-off): printed after the tax, no tax on them. */
  afterTax: { source: string; kind: string; label: string; amountPaise: number }[];
  /** Taxable value and tax per rate, lowest rate first. */
  taxByRate: TaxByRate[];
}

export interface BillInput {
  /** The goods lines as packed. */
  lines: readonly BillLineInput[];
  /** The order's adjustments (decision 0017), each taxed by its treatment. */
  adjustments: readonly BillAdjustment[];
  /** Where the goods were delivered; null for a sale over the counter, supplied in the shop's own state. */
  pinCode: string | null;
  shopState: string;
  isRegistered: boolean;
}

export interface BillAdjustment {
  source: string;
  kind: string;
  label: string;
  amountPaise: number;
  taxTreatment: 'principal-supply' | 'outside-supply' | 'discount';
}

/**
 * Shares `total` paise over `weights` in proportion, in whole paise that add up to `total`: each
 * gets the floor of its exact share, and the paise left go one each to the largest remainders
 * (the earlier line on a tie).
 */
export function shareInProportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map((value) => Math.floor(value));
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * The bill's figures. Each line's taxable value and tax add up to its amount, so the lines add up
 * to the amount due. In state, a line's tax is split CGST/SGST half each, the odd paisa to CGST
 * (SGST = floor(tax / 2)); out of state it is all IGST. An unregistered shop charges no tax: every
 * line is printed at its full amount, rate 0.
 */
export function computeBill(input: BillInput): BillFigures {
  const goods = input.isRegistered ? input.lines : input.lines.map((line) => ({ ...line, gstRate: 0 }));
  const all: BillLineInput[] = [...goods];
  const principal = principalSupply(goods);
  const afterTax: BillFigures['afterTax'] = [];
  const discounts: BillFigures['discounts'] = [];
  for (const adjustment of input.adjustments) {
    if (adjustment.amountPaise === 0) continue;
    const { source, kind, label, amountPaise } = adjustment;
    if (adjustment.taxTreatment === 'outside-supply') {
      afterTax.push({ source, kind, label, amountPaise });
      continue;
    }
    if (adjustment.taxTreatment === 'discount') {
      discounts.push({ source, kind, label, amountPaise });
      continue;
    }
    // Part of a composite supply (the delivery charge): the main goods' rate and HSN code.
    all.push({
      description: label,
      hsnCode: principal.hsnCode,
      gstRate: principal.gstRate,
      grams: null,
      ratePaise: null,
      amountPaise,
      adjustment: { source, kind },
    });
  }
  const placeOfSupply = input.pinCode === null ? input.shopState : stateOfPinCode(input.pinCode);
  const isInState = placeOfSupply === input.shopState;
  // A discount lowers the goods' value, so their taxable value (CGST Act s. 15(3)(a): a discount
  // shown on the bill): shared over the goods lines in proportion to their amounts.
  const discountPaise = Math.min(
    -discounts.reduce((sum, entry) => sum + entry.amountPaise, 0),
    goods.reduce((sum, line) => sum + line.amountPaise, 0),
  );
  const shares = shareInProportion(
    Math.max(0, discountPaise),
    goods.map((line) => line.amountPaise),
  );
  const lines = all.map((line, index): BillLine => {
    const share = index < goods.length ? (shares[index] ?? 0) : 0;
    const taxablePaise = taxableValuePaise(line.amountPaise - share, line.gstRate);
    const taxPaise = line.amountPaise - share - taxablePaise;
    const sgstPaise = isInState ? Math.floor(taxPaise / 2) : 0;
    const cgstPaise = isInState ? taxPaise - sgstPaise : 0;
    return {
      ...line,
      discountPaise: share,
      taxablePaise,
      taxPaise,
      cgstPaise,
      sgstPaise,
      igstPaise: isInState ? 0 : taxPaise,
    };
  });
  const sum = (pick: (line: BillLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const rates = new Map<number, TaxByRate>();
  for (const line of lines) {
    const entry = rates.get(line.gstRate) ?? { rate: line.gstRate, taxablePaise: 0, taxPaise: 0 };
    entry.taxablePaise += line.taxablePaise;
    entry.taxPaise += line.taxPaise;
    rates.set(line.gstRate, entry);
  }
  return {
    kind: billKind(
      input.isRegistered,
      goods.map((line) => line.gstRate),
    ),
    isInState,
    placeOfSupply,
    lines,
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    taxPaise: sum((line) => line.taxPaise),
    totalPaise:
      sum((line) => line.amountPaise) +
      discounts.reduce((total, entry) => total + entry.amountPaise, 0) +
      afterTax.reduce((total, entry) => total + entry.amountPaise, 0),
    discounts,
    afterTax,
    taxByRate: [...rates.values()].sort((a, b) => a.rate - b.rate),
  };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1..99 in words. */
function twoDigits(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)]}${ones ? `-${ONES[ones]}` : ''}`;
}

/**
 * A whole number from 1 up in words the Indian way, in any language: its crores (themselves in
 * these words), then lakhs, thousands and hundreds, then the rest; `below100` writes 1..99 and
 * `names` are those of a crore, a lakh, a thousand and a hundred.
 */
function inIndianGroups(
  n: number,
  below100: (n: number) => string,
  names: readonly [crore: string, lakh: string, thousand: string, hundred: string],
): string {
  const [croreName, ...groupNames] = names;
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) parts.push(`${inIndianGroups(crore, below100, names)} ${croreName}`);
  let rest = n % 10_000_000;
  [100_000, 1000, 100].forEach((size, i) => {
    const count = Math.floor(rest / size);
    if (count) parts.push(`${below100(count)} ${groupNames[i]}`);
    rest %= size;
  });
  if (rest) parts.push(below100(rest));
  return parts.join(' ');
}

/** A whole number in Indian words: crore, lakh, thousand, hundred ("One Lakh Twenty Thousand"). */
export function numberInIndianWords(n: number): string {
  return n === 0 ? 'Zero' : inIndianGroups(n, twoDigits, ['Crore', 'Lakh', 'Thousand', 'Hundred']);
}

/** "Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${numberInIndianWords(rupees)}${rest ? ` and ${twoDigits(rest)} Paise` : ''} Only`;
}

/**
 * 0..99 in Hindi words. Hindi has a word of its own for every number below a hundred (पैंतीस is not
 * "thirty-five" built from parts), so the list is the rule.
 */
// biome-ignore format: ten numbers a row, as a reader checks them
const HINDI_0_TO_99 = [
  'शून्य', 'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ',
  'दस', 'ग्यारह', 'बारह', 'तेरह', 'चौदह', 'पंद्रह', 'सोलह', 'सत्रह', 'अठारह', 'उन्नीस',
  'बीस', 'इक्कीस', 'बाईस', 'तेईस', 'चौबीस', 'पच्चीस', 'छब्बीस', 'सत्ताईस', 'अट्ठाईस', 'उनतीस',
  'तीस', 'इकतीस', 'बत्तीस', 'तैंतीस', 'चौंतीस', 'पैंतीस', 'छत्तीस', 'सैंतीस', 'अड़तीस', 'उनतालीस',
  'चालीस', 'इकतालीस', 'बयालीस', 'तैंतालीस', 'चवालीस', 'पैंतालीस', 'छियालीस', 'सैंतालीस', 'अड़तालीस', 'उनचास',
  'पचास', 'इक्यावन', 'बावन', 'तिरेपन', 'चौवन', 'पचपन', 'छप्पन', 'सत्तावन', 'अट्ठावन', 'उनसठ',
  'साठ', 'इकसठ', 'बासठ', 'तिरेसठ', 'चौंसठ', 'पैंसठ', 'छियासठ', 'सड़सठ', 'अड़सठ', 'उनहत्तर',
  'सत्तर', 'इकहत्तर', 'बहत्तर', 'तिहत्तर', 'चौहत्तर', 'पचहत्तर', 'छिहत्तर', 'सतहत्तर', 'अठहत्तर', 'उन्यासी',
  'अस्सी', 'इक्यासी', 'बयासी', 'तिरासी', 'चौरासी', 'पचासी', 'छियासी', 'सत्तासी', 'अट्ठासी', 'नवासी',
  'नब्बे', 'इक्यानबे', 'बानबे', 'तिरानबे', 'चौरानबे', 'पंचानबे', 'छियानबे', 'सत्तानबे', 'अट्ठानबे', 'निन्यानबे',
].map((word) => word.normalize('NFC'));

/** A whole number in Hindi words, Indian system: करोड़, लाख, हज़ार, सौ ("एक लाख बीस हज़ार"). */
export function numberInHindiWords(n: number): string {
  const below100 = (k: number) => HINDI_0_TO_99[k] ?? '';
  if (n < 100) return below100(n);
  return inIndianGroups(n, below100, ['करोड़', 'लाख', 'हज़ार', 'सौ']).normalize('NFC');
}

/** "एक हज़ार दो सौ पैंतीस रुपये और पचास पैसे मात्र"; one rupee is रुपया, one paisa पैसा. */
export function amountInHindiWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWord = rupees === 1 ? 'रुपया' : 'रुपये';
  const paiseWords = rest ? ` और ${HINDI_0_TO_99[rest]} ${rest === 1 ? 'पैसा' : 'पैसे'}` : '';
  return `${numberInHindiWords(rupees)} ${rupeeWord}${paiseWords} मात्र`.normalize('NFC');
}

// The bill number, the UTR, the shop month and the UPI link are the kernel's rules (the counter
// screen numbers its bills and draws its QR with them too); named here for billing's own files.
export { financialYearOf, formatInvoiceNumber, isUtr, shopMonthRange, upiUrl } from '@mandi/shared/kernel';
