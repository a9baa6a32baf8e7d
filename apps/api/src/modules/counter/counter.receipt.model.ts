/**
 * What a counter receipt says, before it is drawn (API contract part 4, "Counter sales"): the
 * receipt's input type and the blocks both renderers print, in the receipt's language — the shop,
 * the bill number and time, each line, the totals, the tenders, the khata, the GST summary (billing's
 * own split) and the UPI QR for what is still due. The HTML page (`counter.receipt.html.ts`) and the
 * ESC/POS bytes (`counter.receipt.escpos.ts`) only lay these blocks out for their paper.
 */
import { formatIndianAmount, formatQuantity, formatShopTime, type Unit, unitName, upiUrl } from '@mandi/shared/kernel';
import { computeBill } from '../billing/billing.rules.js';
import { RECEIPT_TEXTS_HI } from './counter.receipt.texts.hi.js';
import { RECEIPT_TEXTS_EN, type ReceiptTexts } from './counter.receipt.texts.js';

export interface CounterReceipt {
  shop: {
    name: string;
    address: string;
    gstin: string | null;
    fssai: string | null;
    upiVpa: string | null;
    upiPayeeName: string;
  };
  /** e.g. C1/26-27/000042 */
  invoiceNumber: string;
  soldAt: Date;
  cancelled: boolean;
  /** null: "Counter sale" */
  customer: { name: string; mobile: string | null } | null;
  lines: {
    name: string;
    nameHi: string | null;
    /** kg, litre, piece, dozen, bunch or pack. */
    unit: Unit;
    /** Thousandths of the unit: grams (ml) for kg (litre), 1000 a piece (decision 0022). */
    quantity: number;
    ratePaise: number;
    amountPaise: number;
    gstRate: number;
    hsnCode: string;
  }[];
  subtotalPaise: number;
  roundOffPaise: number;
  totalPaise: number;
  tenders: {
    method: 'Cash' | 'UPI' | 'Khata';
    amountPaise: number;
    receivedPaise: number | null;
    reference: string | null;
  }[];
  changePaise: number;
  /** The customer's khata balance after this sale (positive: owed), when a customer is given. */
  khataBalancePaise: number | null;
  /** Still to be paid by UPI: the QR code is printed when above 0. */
  upiDuePaise: number;
}

export type ReceiptWidth = 58 | 80;
export type ReceiptLanguage = 'en' | 'hi';
export interface ReceiptOptions {
  width: ReceiptWidth;
  language: ReceiptLanguage;
}

/** How a row is set off: the renderers make `shop`, `heading`, `cancelled` and `total` bold, and indent `detail`. */
export type ReceiptTone = 'shop' | 'heading' | 'cancelled' | 'total' | 'item' | 'detail' | 'plain';

export type ReceiptBlock =
  /** A line of text, with an amount to the right or centred. */
  | { kind: 'row'; left: string; right?: string; center?: boolean; tone: ReceiptTone }
  | { kind: 'rule' }
  /** The GST summary: the first column left, the others right-aligned amounts. */
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'qr'; url: string };

const TEXTS: Record<ReceiptLanguage, ReceiptTexts> = { en: RECEIPT_TEXTS_EN, hi: RECEIPT_TEXTS_HI };

export const receiptTexts = (language: ReceiptLanguage): ReceiptTexts => TEXTS[language];

/**
 * A counter sale involves no movement of the goods: it is supplied where they are handed over, in
 * the shop (IGST Act s. 10(1)(c)), so always within the shop's state: CGST and SGST, never IGST.
 * Billing's `computeBill` takes that as no PIN code (its place of supply is then the shop's state).
 */
const AT_THE_SHOP = { pinCode: null, shopState: 'shop' };

/**
 * Text from the sale (names, address, references) as one printable line: control characters
 * (which a printer would obey as commands) and runs of white space become one space.
 */
const cleanText = (text: string): string => text.replace(/[\p{Cc}\s]+/gu, ' ').trim();

/** Amounts as the bill prints them: Indian grouping, two decimals, no sign of the currency. */
const amount = (paise: number) => formatIndianAmount(paise);
/** An amount the customer reads as money to hand over: with the ₹ sign. */
const rupees = (paise: number) => `₹ ${formatIndianAmount(paise)}`;

const row = (left: string, tone: ReceiptTone = 'plain', right?: string): ReceiptBlock =>
  right === undefined ? { kind: 'row', left, tone } : { kind: 'row', left, right, tone };
const centred = (left: string, tone: ReceiptTone = 'plain'): ReceiptBlock => ({
  kind: 'row',
  left,
  center: true,
  tone,
});
const RULE: ReceiptBlock = { kind: 'rule' };

/** The receipt's GST summary per rate, from billing's bill figures (its split of CGST and SGST). */
function taxSummary(receipt: CounterReceipt) {
  const figures = computeBill({
    lines: receipt.lines.map((line) => ({
      description: line.name,
      hsnCode: line.hsnCode,
      gstRate: line.gstRate,
      grams: line.quantity,
      unit: line.unit,
      ratePaise: line.ratePaise,
      amountPaise: line.amountPaise,
    })),
    adjustments: [],
    ...AT_THE_SHOP,
    isRegistered: receipt.shop.gstin !== null,
  });
  const rates = figures.taxByRate.map((entry) => {
    const lines = figures.lines.filter((line) => line.gstRate === entry.rate);
    const sum = (pick: (line: (typeof lines)[number]) => number) =>
      lines.reduce((total, line) => total + pick(line), 0);
    return {
      rate: entry.rate,
      taxablePaise: entry.taxablePaise,
      cgstPaise: sum((line) => line.cgstPaise),
      sgstPaise: sum((line) => line.sgstPaise),
    };
  });
  return { kind: figures.kind, rates };
}

/** The receipt as blocks, top to bottom, in the language asked for. */
export function receiptBlocks(receipt: CounterReceipt, language: ReceiptLanguage): ReceiptBlock[] {
  const say = receiptTexts(language);
  const { shop } = receipt;
  const tax = taxSummary(receipt);
  const blocks: ReceiptBlock[] = [];

  blocks.push(centred(cleanText(shop.name), 'shop'));
  if (cleanText(shop.address)) blocks.push(centred(cleanText(shop.address)));
  blocks.push(centred(shop.gstin ? say.gstin(cleanText(shop.gstin)) : say.notRegistered));
  if (shop.fssai) blocks.push(centred(say.fssai(cleanText(shop.fssai))));
  blocks.push(centred(say.kind[tax.kind], 'heading'));
  if (receipt.cancelled) blocks.push(centred(say.cancelled, 'cancelled'));
  blocks.push(RULE);

  blocks.push(row(say.billNumber(cleanText(receipt.invoiceNumber))));
  const soldAt = formatShopTime(
    receipt.soldAt,
    { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
    language,
  );
  blocks.push(row(say.date(soldAt)));
  if (receipt.customer) {
    blocks.push(row(say.customer(cleanText(receipt.customer.name))));
    if (receipt.customer.mobile) blocks.push(row(say.mobile(cleanText(receipt.customer.mobile))));
  } else {
    blocks.push(row(say.counterSale));
  }
  blocks.push(RULE);

  for (const line of receipt.lines) {
    const name = (language === 'hi' && line.nameHi ? cleanText(line.nameHi) : '') || cleanText(line.name);
    blocks.push(row(name, 'item'));
    const quantity = formatQuantity(line.unit, line.quantity, language);
    const detail = say.lineDetail(quantity, amount(line.ratePaise), unitName(line.unit, language));
    blocks.push(row(detail, 'detail', amount(line.amountPaise)));
  }
  blocks.push(RULE);

  blocks.push(row(say.subtotal, 'plain', amount(receipt.subtotalPaise)));
  if (receipt.roundOffPaise !== 0) blocks.push(row(say.roundOff, 'plain', amount(receipt.roundOffPaise)));
  blocks.push(row(say.total, 'total', rupees(receipt.totalPaise)));
  blocks.push(RULE);

  for (const tender of receipt.tenders) {
    blocks.push(row(say.tender[tender.method], 'plain', amount(tender.amountPaise)));
    if (tender.receivedPaise !== null) blocks.push(row(say.received, 'detail', amount(tender.receivedPaise)));
    if (tender.reference) blocks.push(row(say.reference(cleanText(tender.reference)), 'detail'));
  }
  const tookCash = receipt.tenders.some((tender) => tender.receivedPaise !== null);
  if (receipt.changePaise > 0 || tookCash) blocks.push(row(say.change, 'plain', amount(receipt.changePaise)));
  if (receipt.khataBalancePaise !== null) {
    const balance = receipt.khataBalancePaise;
    blocks.push(row(balance < 0 ? say.khataAdvance : say.khataDue, 'plain', amount(Math.abs(balance))));
  }

  if (shop.gstin !== null && tax.rates.length > 0) {
    blocks.push(RULE);
    blocks.push(row(say.taxSummary, 'heading'));
    const columns = say.taxColumns;
    blocks.push({
      kind: 'table',
      header: [columns.rate, columns.taxable, columns.cgst, columns.sgst],
      rows: tax.rates.map((rate) => [
        `${rate.rate}%`,
        amount(rate.taxablePaise),
        amount(rate.cgstPaise),
        amount(rate.sgstPaise),
      ]),
    });
  }

  // Nothing is payable on a cancelled bill, so it never invites a payment.
  if (receipt.upiDuePaise > 0 && !receipt.cancelled) {
    blocks.push(RULE);
    blocks.push(row(say.upiDue, 'total', rupees(receipt.upiDuePaise)));
    if (shop.upiVpa) {
      const payee = { upiId: cleanText(shop.upiVpa), name: cleanText(shop.upiPayeeName) };
      blocks.push({ kind: 'qr', url: upiUrl(payee, receipt.upiDuePaise, cleanText(receipt.invoiceNumber)) });
      blocks.push(centred(say.upiPayee(payee.upiId)));
      blocks.push(centred(say.scanToPay));
    }
  }

  blocks.push(RULE);
  if (receipt.cancelled) blocks.push(centred(say.cancelled, 'cancelled'));
  blocks.push(centred(say.thanks));
  return blocks;
}
