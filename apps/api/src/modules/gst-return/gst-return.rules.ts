/**
 * GSTR-1 from the month's bills, pure (decision 0037): the tables a shop selling to consumers fills
 * in the GST portal's offline tool (B2C small, nil-rated and exempt, the HSN summary, documents
 * issued), built from each bill's own figures (billing's maths), so its taxable values and taxes
 * add up to the bills register to the paisa. Paise inside; rupees with 2 decimals in the file.
 */
import { GST_STATE_CODES, paiseToRupees, QUANTITY_CODES, unitOrDefault } from '@mandi/shared/kernel';
import type { Gstr1Return, Gstr1Warning } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';

/** The place of supply code for an unknown state: 97, "Other Territory", in the portal's list. */
export const OTHER_TERRITORY = '97';
/** An inter-state bill to a consumer above this (₹1,00,000) belongs in B2C Large (Notification 12/2024-CT). */
export const B2CL_THRESHOLD_PAISE = 10_000_000;
/** The longest document number the portal takes (CGST Rule 46(b): at most sixteen characters). */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;
/** What the portal calls a bill in Documents issued (its table 13, first nature of document). */
export const INVOICES_DOC_TYPE = 'Invoices for outward supply';

/** The part of a bill GSTR-1 reads: its number, status, and figures (billing's `BillFigures`). */
export interface ReturnBill {
  invoiceNumber: string;
  invoiceSeq: number;
  isCancelled: boolean;
  figures: {
    isInState: boolean;
    placeOfSupply: string | null;
    totalPaise: number;
    lines: readonly {
      description: string;
      hsnCode: string;
      gstRate: number;
      grams: number | null;
      unit?: string;
      taxablePaise: number;
      cgstPaise: number;
      sgstPaise: number;
      igstPaise: number;
    }[];
  };
}

interface Sums {
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
}

const zero = (): Sums => ({ txval: 0, iamt: 0, camt: 0, samt: 0 });
const add = (sums: Sums, line: ReturnBill['figures']['lines'][number]) => {
  sums.txval += line.taxablePaise;
  sums.iamt += line.igstPaise;
  sums.camt += line.cgstPaise;
  sums.samt += line.sgstPaise;
};

/** A valid HSN code for the portal: 4, 6 or 8 digits (the lengths of the HSN master). */
export const isPortalHsn = (code: string) => /^(\d{4}|\d{6}|\d{8})$/.test(code);

/** The portal's quantity code of a line: its unit's, or OTH for a line with no quantity (delivery). */
const uqcOf = (line: { grams: number | null; unit?: string }) =>
  line.grams === null ? 'OTH' : QUANTITY_CODES[unitOrDefault(line.unit)];

/** A short list of bill numbers for a message: at most five, then how many more. */
export function billList(numbers: readonly string[]): string {
  const shown = numbers.slice(0, 5).join(', ');
  return numbers.length > 5 ? `${shown} and ${numbers.length - 5} more` : shown;
}

/**
 * The series of a bill number: everything before its first `/` (`MND` of `MND/26-27/000001`, and
 * `MANDI` of a number issued before decision 0055, `MANDI/2026-27/000001`). A month lies inside one
 * financial year, so the series alone groups its bills.
 */
const seriesOf = (invoiceNumber: string) => invoiceNumber.slice(0, invoiceNumber.indexOf('/'));
/** Bill `seq` in the form of `sample` (another number of the series): for naming a gap. */
const numberLike = (sample: string, seq: number) =>
  `${sample.slice(0, sample.lastIndexOf('/'))}/${String(seq).padStart(6, '0')}`;

export interface Gstr1Build {
  file: Gstr1Return;
  /** In paise: the return's taxable value and taxes, overall and per rate. */
  totals: Sums & { byRate: Map<number, { txval: number; tax: number }> };
  warnings: Gstr1Warning[];
}

/**
 * The return of a month. `period` is MMYYYY; `shopStateCode` the GSTIN's first two digits;
 * `seqBefore` the highest number of each series before the month's first bill (0 when none), so a
 * gap at the month's start is found too.
 */
export function buildGstr1(input: {
  gstin: string;
  period: string;
  shopStateCode: string;
  bills: readonly ReturnBill[];
  seqBefore: ReadonlyMap<string, number>;
}): Gstr1Build {
  const b2cs = new Map<string, Sums & { sply_ty: 'INTRA' | 'INTER'; pos: string; rt: number }>();
  const nil = new Map<'INTRAB2C' | 'INTRB2C', number>();
  type HsnRow = Sums & { hsn_sc: string; desc: string; uqc: string; grams: number; rt: number };
  const hsn = new Map<string, HsnRow>();
  const noQuantity: { line: ReturnBill['figures']['lines'][number] }[] = [];
  const totals: Gstr1Build['totals'] = { ...zero(), byRate: new Map() };
  const badHsn = new Map<string, string[]>();
  const unknownPlace: string[] = [];
  const warnings: Gstr1Warning[] = [];

  for (const bill of input.bills) {
    if (bill.isCancelled) continue;
    const { figures } = bill;
    const inState = figures.isInState;
    const pos = inState
      ? input.shopStateCode
      : ((figures.placeOfSupply && GST_STATE_CODES[figures.placeOfSupply]) ?? OTHER_TERRITORY);
    if (!inState && !figures.placeOfSupply) unknownPlace.push(bill.invoiceNumber);
    if (!inState && figures.totalPaise > B2CL_THRESHOLD_PAISE) {
      warnings.push(serverMessage('gstB2clBill', { bill: bill.invoiceNumber }));
    }
    for (const line of figures.lines) {
      add(totals, line);
      const rate = totals.byRate.get(line.gstRate) ?? { txval: 0, tax: 0 };
      rate.txval += line.taxablePaise;
      rate.tax += line.igstPaise + line.cgstPaise + line.sgstPaise;
      totals.byRate.set(line.gstRate, rate);
      if (line.gstRate > 0) {
        const sply_ty = inState ? 'INTRA' : 'INTER';
        const key = `${sply_ty}|${pos}|${line.gstRate}`;
        const entry = b2cs.get(key) ?? { sply_ty, pos, rt: line.gstRate, ...zero() };
        add(entry, line);
        b2cs.set(key, entry);
      } else {
        // Fresh produce is exempt (Notification 2/2017-CT(Rate)): exempt, not nil-rated.
        const sply = inState ? 'INTRAB2C' : 'INTRB2C';
        nil.set(sply, (nil.get(sply) ?? 0) + line.taxablePaise);
      }
      if (!isPortalHsn(line.hsnCode)) {
        const numbers = badHsn.get(line.hsnCode) ?? [];
        // A bill's lines come together: its number is the last one listed when it is there at all
        // (a scan of the whole list per line was quadratic in a month of bills).
        if (numbers.at(-1) !== bill.invoiceNumber) numbers.push(bill.invoiceNumber);
        badHsn.set(line.hsnCode, numbers);
      }
      if (line.grams === null) {
        noQuantity.push({ line });
        continue;
      }
      const uqc = uqcOf(line);
      const key = `${line.hsnCode}|${line.gstRate}|${uqc}`;
      const entry = hsn.get(key) ?? {
        hsn_sc: line.hsnCode,
        desc: line.description.slice(0, 30),
        uqc,
        grams: 0,
        rt: line.gstRate,
        ...zero(),
      };
      entry.grams += line.grams;
      add(entry, line);
      hsn.set(key, entry);
    }
  }
  // A line with no quantity (the delivery charge, taxed as the principal supply) joins its HSN
  // code's row at that rate, adding value but no quantity; alone, it gets a row of its own.
  // The first row of each code and rate, found by key rather than by a scan per line.
  const firstRowOf = new Map<string, HsnRow>();
  for (const entry of hsn.values()) {
    const key = `${entry.hsn_sc}|${entry.rt}`;
    if (!firstRowOf.has(key)) firstRowOf.set(key, entry);
  }
  for (const { line } of noQuantity) {
    const found = firstRowOf.get(`${line.hsnCode}|${line.gstRate}`);
    const key = `${line.hsnCode}|${line.gstRate}|OTH`;
    const entry = found ??
      hsn.get(key) ?? {
        hsn_sc: line.hsnCode,
        desc: line.description.slice(0, 30),
        uqc: 'OTH',
        grams: 0,
        rt: line.gstRate,
        ...zero(),
      };
    add(entry, line);
    if (!found) hsn.set(key, entry);
  }

  for (const [code, numbers] of badHsn) {
    warnings.push(serverMessage('gstHsnInvalid', { hsn: code, bills: billList(numbers) }));
  }
  if (unknownPlace.length) warnings.push(serverMessage('gstPlaceUnknown', { bills: billList(unknownPlace) }));

  // Documents issued: every bill of the month, cancelled ones counted as such, per number series.
  const series = new Map<string, ReturnBill[]>();
  for (const bill of input.bills) {
    const name = seriesOf(bill.invoiceNumber);
    const list = series.get(name);
    if (list) list.push(bill);
    else series.set(name, [bill]);
  }
  const docs: Gstr1Return['doc_issue']['doc_det'][number]['docs'] = [];
  for (const [name, bills] of series) {
    const sorted = [...bills].sort((a, b) => a.invoiceSeq - b.invoiceSeq);
    const first = sorted[0];
    const last = sorted[sorted.length - 1];
    if (!first || !last) continue;
    let previous = input.seqBefore.get(name) ?? 0;
    for (const bill of sorted) {
      if (bill.invoiceSeq > previous + 1) {
        warnings.push(
          serverMessage('gstNumberGap', {
            from: numberLike(bill.invoiceNumber, previous + 1),
            to: numberLike(bill.invoiceNumber, bill.invoiceSeq - 1),
          }),
        );
      }
      previous = bill.invoiceSeq;
    }
    const cancel = sorted.filter((bill) => bill.isCancelled).length;
    docs.push({
      num: docs.length + 1,
      from: first.invoiceNumber,
      to: last.invoiceNumber,
      totnum: sorted.length,
      cancel,
      net_issue: sorted.length - cancel,
    });
  }
  const tooLong = input.bills.find((bill) => bill.invoiceNumber.length > MAX_DOCUMENT_NUMBER_LENGTH);
  if (tooLong) {
    warnings.push(
      serverMessage('gstNumberTooLong', { number: tooLong.invoiceNumber, length: tooLong.invoiceNumber.length }),
    );
  }
  const cancelled = input.bills.filter((bill) => bill.isCancelled).length;
  if (cancelled) warnings.push(serverMessage('gstCancelledCounted', { count: cancelled }));

  const money = (sums: Sums) => ({
    txval: paiseToRupees(sums.txval),
    iamt: paiseToRupees(sums.iamt),
    camt: paiseToRupees(sums.camt),
    samt: paiseToRupees(sums.samt),
    csamt: 0,
  });
  const file: Gstr1Return = {
    gstin: input.gstin,
    fp: input.period,
    b2cs: [...b2cs.values()]
      .sort((a, b) => a.sply_ty.localeCompare(b.sply_ty) || a.pos.localeCompare(b.pos) || a.rt - b.rt)
      .map((entry) => ({ sply_ty: entry.sply_ty, pos: entry.pos, typ: 'OE' as const, rt: entry.rt, ...money(entry) })),
    nil: {
      inv: (['INTRB2C', 'INTRAB2C'] as const)
        .filter((sply) => nil.has(sply))
        .map((sply) => ({ sply_ty: sply, nil_amt: 0, expt_amt: paiseToRupees(nil.get(sply) ?? 0), ngsup_amt: 0 })),
    },
    hsn: {
      hsn_b2c: [...hsn.values()]
        .sort((a, b) => a.hsn_sc.localeCompare(b.hsn_sc) || a.rt - b.rt || a.uqc.localeCompare(b.uqc))
        .map((entry, index) => {
          const { txval, iamt, camt, samt, csamt } = money(entry);
          return {
            num: index + 1,
            hsn_sc: entry.hsn_sc,
            desc: entry.desc,
            uqc: entry.uqc,
            // The portal takes quantities to 2 decimals: grams are rounded half up to ten grams.
            qty: Math.round(entry.grams / 10) / 100,
            rt: entry.rt,
            txval,
            iamt,
            camt,
            samt,
            csamt,
          };
        }),
    },
    doc_issue: { doc_det: docs.length ? [{ doc_num: 1, doc_typ: INVOICES_DOC_TYPE, docs }] : [] },
  };
  return { file, totals, warnings };
}
