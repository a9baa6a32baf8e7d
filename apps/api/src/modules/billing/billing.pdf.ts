/**
 * The bill as a PDF (pdfkit, A4): the document kind as title, seller, number and date, buyer and
 * delivery address, a table of lines with right-aligned figures, the tax totals, the amount in
 * words and the computer-generated note. Fonts are Noto Sans from the installed @fontsource
 * packages (Latin, and Devanagari, which also holds ₹ U+20B9), embedded: no network. Every fixed
 * text comes from the bill's texts in English or Hindi (`billing.pdf.texts*.ts`); figures stay in
 * Latin digits with Indian grouping in both, as Indian GST bills print them.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ShopLanguage } from '@mandi/shared';
import { gramsToKgString, orderNumberLabel, QUANTITY_CODES, SHOP_TIME_ZONE } from '@mandi/shared/kernel';
import type { BillKind, OrderPayment } from '@mandi/shared/schemas';
import PDFDocument from 'pdfkit';
import { GST_STATE_CODES } from '../../lib/gst-states.js';
import { DELIVERY_FEE, ROUND_OFF } from '../orders/orders.adjustments.js';
import { BILL_TEXTS_HI } from './billing.pdf.texts.hi.js';
import { BILL_TEXTS_EN, type BillTexts } from './billing.pdf.texts.js';
import { type BillFigures, formatIndianAmount } from './billing.rules.js';
import { keepReadingOrder } from './pdf-reading-order.js';
import { fontFileAsSfnt } from './woff-to-sfnt.js';

/** Everything printed on a bill. */
export interface BillDocument {
  kind: BillKind;
  invoiceNumber: string;
  /** The bill's date. */
  invoicedAt: Date;
  /** The order's number, printed #1042 (decision 0023). */
  orderNumber: number;
  /** Null: not given (no GSTIN: not registered; FSSAI, phone and email: not printed). */
  seller: {
    legalName: string;
    address: string;
    state: string;
    gstin: string | null;
    fssaiNumber: string | null;
    phone: string | null;
    email: string | null;
  };
  buyer: { name: string; address: string; city: string; pinCode: string; mobileNumber: string };
  figures: BillFigures;
  isCancelled: boolean;
  payment: OrderPayment | null;
}

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) =>
  path.join(path.dirname(require.resolve(`${pkg}/LICENSE`)), 'files', file);
const FONTS = {
  regular: fontFile('@fontsource/noto-sans', 'noto-sans-latin-400-normal.woff'),
  bold: fontFile('@fontsource/noto-sans', 'noto-sans-latin-700-normal.woff'),
  regularExt: fontFile('@fontsource/noto-sans', 'noto-sans-latin-ext-400-normal.woff'),
  boldExt: fontFile('@fontsource/noto-sans', 'noto-sans-latin-ext-700-normal.woff'),
  deva: fontFile('@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari-400-normal.woff'),
  devaBold: fontFile('@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari-700-normal.woff'),
};

type Weight = 'regular' | 'bold';

/** Which embedded font draws a character: Devanagari (and ₹), Latin, or Latin Extended. */
function fontFor(char: string, weight: Weight): keyof typeof FONTS {
  const code = char.codePointAt(0) ?? 0;
  if ((code >= 0x0900 && code <= 0x097f) || code === 0x20b9 || (code >= 0xa8e0 && code <= 0xa8ff)) {
    return weight === 'bold' ? 'devaBold' : 'deva';
  }
  if (code > 0xff && code !== 0x2013 && code !== 0x2014 && code !== 0x2019 && code !== 0x2022) {
    return weight === 'bold' ? 'boldExt' : 'regularExt';
  }
  return weight;
}

/** Text split into runs that one font draws. */
function runsOf(text: string, weight: Weight): { font: keyof typeof FONTS; text: string }[] {
  const runs: { font: keyof typeof FONTS; text: string }[] = [];
  for (const char of text) {
    const font = fontFor(char, weight);
    const last = runs.at(-1);
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#9a9a9a';
const SHADE = '#eef2ee';

interface TextOptions {
  size?: number;
  weight?: Weight;
  color?: string;
  /** Within [x, x + width). */
  align?: 'left' | 'right' | 'center';
  width?: number;
}

const BILL_TEXTS: Record<ShopLanguage, BillTexts> = { en: BILL_TEXTS_EN, hi: BILL_TEXTS_HI };

/** Renders the bill in English (the default) or Hindi; resolves with the PDF's bytes. */
export function renderBillPdf(bill: BillDocument, language: ShopLanguage = 'en'): Promise<Buffer> {
  const say = BILL_TEXTS[language];
  const title = say.kind[bill.kind];
  // The adjustments every bill knows print in its language; any other prints the label it was given.
  const labelOf = (ref: { source: string; kind: string }, label: string) =>
    ref.source === DELIVERY_FEE.source && ref.kind === DELIVERY_FEE.kind
      ? say.deliveryCharge
      : ref.source === ROUND_OFF.source && ref.kind === ROUND_OFF.kind
        ? say.roundOff
        : label;
  const dateFormat = new Intl.DateTimeFormat(say.locale, {
    timeZone: SHOP_TIME_ZONE,
    day: '2-digit',
    month: say.monthStyle,
    year: 'numeric',
  });
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: say.locale,
    info: { Title: `${title} ${bill.invoiceNumber}`, Author: bill.seller.legalName, Subject: title },
    autoFirstPage: true,
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, fontFileAsSfnt(file));
  // Devanagari is drawn out of reading order (ि before its consonant): map it back for search and copy.
  for (const name of ['deva', 'devaBold'] as const) {
    keepReadingOrder((doc.font(name) as unknown as { _font: unknown })._font);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('regular');
  const latinAscender = (doc as unknown as { _font: { ascender: number } })._font.ascender;

  const widthOf = (text: string, size: number, weight: Weight) =>
    runsOf(text, weight).reduce((sum, run) => sum + doc.font(run.font).fontSize(size).widthOfString(run.text), 0);

  /** One line of text at (x, y), font runs drawn one after another. */
  const text = (value: string, x: number, y: number, options: TextOptions = {}) => {
    const size = options.size ?? 9;
    const weight = options.weight ?? 'regular';
    const width = widthOf(value, size, weight);
    let left = x;
    if (options.align === 'right' && options.width !== undefined) left = x + options.width - width;
    if (options.align === 'center' && options.width !== undefined) left = x + (options.width - width) / 2;
    doc.fillColor(options.color ?? INK);
    // Every run on the Latin font's baseline: the Devanagari font's taller ascender would lift its runs.
    const baseline = -(latinAscender * size) / 1000;
    for (const run of runsOf(value, weight)) {
      doc.font(run.font).fontSize(size).text(run.text, left, y, { lineBreak: false, baseline });
      left += doc.widthOfString(run.text);
    }
  };

  /** Words wrapped into lines no wider than `width`. */
  const wrap = (value: string, width: number, size: number, weight: Weight = 'regular'): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of value.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && widthOf(next, size, weight) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines.length ? lines : [''];
  };

  const rule = (y: number, color = RULE, x1 = PAGE.margin, x2 = PAGE.width - PAGE.margin) =>
    doc.moveTo(x1, y).lineTo(x2, y).lineWidth(0.6).strokeColor(color).stroke();

  const { figures } = bill;
  const left = PAGE.margin;
  let y = PAGE.margin;

  // Title, and CANCELLED beside it when the order was cancelled (the number stays in the series).
  text(title, left, y, { size: 18, weight: 'bold', align: 'center', width: CONTENT_WIDTH });
  y += 26;
  if (bill.isCancelled) {
    text(say.cancelled, left, y, { size: 14, weight: 'bold', color: '#b00020', align: 'center', width: CONTENT_WIDTH });
    y += 20;
  }
  rule(y);
  y += 10;

  // Seller on the left, the bill's particulars on the right.
  const half = CONTENT_WIDTH / 2;
  let sellerY = y;
  text(bill.seller.legalName, left, sellerY, { size: 12, weight: 'bold' });
  sellerY += 17;
  for (const line of wrap(bill.seller.address, half - 10, 9)) {
    text(line, left, sellerY);
    sellerY += 12;
  }
  text(say.sellerState(bill.seller.state, GST_STATE_CODES[bill.seller.state] ?? '-'), left, sellerY);
  sellerY += 12;
  text(bill.seller.gstin ? say.gstin(bill.seller.gstin) : say.notRegistered, left, sellerY, {
    weight: bill.seller.gstin ? 'bold' : 'regular',
  });
  sellerY += 12;
  // Every food business prints its FSSAI licence or registration number on its bills (FSSAI, 2021).
  if (bill.seller.fssaiNumber) {
    text(say.fssai(bill.seller.fssaiNumber), left, sellerY);
    sellerY += 12;
  }
  const contact = [bill.seller.phone && say.phone(bill.seller.phone), bill.seller.email].filter(Boolean).join(' · ');
  for (const line of contact ? wrap(contact, half - 10, 9) : []) {
    text(line, left, sellerY);
    sellerY += 12;
  }

  const particulars: { label: string; value: string; weight?: Weight; size?: number }[] = [
    { label: say.number, value: bill.invoiceNumber, weight: 'bold' },
    { label: say.date, value: dateFormat.format(bill.invoicedAt) },
    { label: say.order, value: orderNumberLabel(bill.orderNumber), weight: 'bold' },
    {
      label: say.placeOfSupply,
      value: figures.placeOfSupply
        ? `${figures.placeOfSupply} (${GST_STATE_CODES[figures.placeOfSupply] ?? '-'})`
        : say.unknownState,
    },
  ];
  let rightY = y;
  for (const { label, value, weight, size } of particulars) {
    text(`${label}:`, left + half, rightY, { color: MUTED });
    text(value, left + half + 78, rightY, { weight: weight ?? 'regular', size: size ?? 9 });
    rightY += 13;
  }
  y = Math.max(sellerY, rightY) + 8;

  // Buyer and delivery address.
  doc.rect(left, y, CONTENT_WIDTH, 58).fillColor(SHADE).fill();
  text(say.billedTo, left + 8, y + 6, { color: MUTED, size: 8 });
  text(bill.buyer.name, left + 8, y + 17, { weight: 'bold', size: 10 });
  const buyerLines = wrap(`${bill.buyer.address}, ${bill.buyer.city} ${bill.buyer.pinCode}`, CONTENT_WIDTH - 16, 9);
  text(buyerLines.slice(0, 1).join(' '), left + 8, y + 31);
  text(
    `${buyerLines.length > 1 ? `${buyerLines.slice(1).join(' ')} · ` : ''}${say.buyerStateAndMobile(figures.placeOfSupply ?? say.unknownState, bill.buyer.mobileNumber)}`,
    left + 8,
    y + 43,
  );
  y += 70;

  // The lines.
  const taxLabel = figures.isInState ? 'CGST+SGST' : 'IGST';
  const columns: { label: string; width: number; align: 'left' | 'right' }[] = [
    { label: '#', width: 18, align: 'right' },
    { label: say.columnHsn, width: 48, align: 'left' },
    { label: say.columnDescription, width: 128, align: 'left' },
    { label: say.columnQuantity, width: 58, align: 'right' },
    { label: say.columnRate, width: 52, align: 'right' },
    { label: say.columnTaxable, width: 62, align: 'right' },
    { label: say.columnGstRate, width: 34, align: 'right' },
    { label: say.columnTax(taxLabel), width: 58, align: 'right' },
    { label: say.columnAmount, width: 57, align: 'right' },
  ];
  /** A further page names the bill it continues. */
  const newPage = () => {
    doc.addPage();
    y = PAGE.margin;
    text(say.continued(title, bill.invoiceNumber), left, y, { size: 9, color: MUTED });
    y += 18;
  };
  const header = () => {
    doc.rect(left, y, CONTENT_WIDTH, 18).fillColor('#2f5d3a').fill();
    let x = left;
    for (const column of columns) {
      text(column.label, x + 3, y + 5, {
        size: 7.5,
        weight: 'bold',
        color: '#ffffff',
        align: column.align,
        width: column.width - 6,
      });
      x += column.width;
    }
    y += 20;
  };
  header();
  figures.lines.forEach((line, index) => {
    // An adjustment's line (no weight): the ones the bill knows print their fixed text.
    const label = line.adjustment ? labelOf(line.adjustment, line.description) : line.description;
    const description = wrap(label, columns[2]!.width - 6, 8.5);
    const height = 6 + description.length * 11;
    if (y + height > PAGE.height - PAGE.margin - 40) {
      newPage();
      header();
    }
    if (index % 2 === 1)
      doc
        .rect(left, y - 2, CONTENT_WIDTH, height)
        .fillColor('#f7f7f7')
        .fill();
    const cells = [
      String(index + 1),
      line.hsnCode,
      '',
      // The quantity in its unit and the unit's quantity code: "0.25 KGS", "1 DOZ".
      line.grams === null ? '' : `${gramsToKgString(line.grams)} ${QUANTITY_CODES[line.unit ?? 'kg']}`,
      line.ratePaise === null ? '' : formatIndianAmount(line.ratePaise),
      formatIndianAmount(line.taxablePaise),
      `${line.gstRate}%`,
      formatIndianAmount(line.taxPaise),
      formatIndianAmount(line.amountPaise),
    ];
    let x = left;
    columns.forEach((column, i) => {
      if (i === 2) {
        description.forEach((part, row) => {
          text(part, x + 3, y + 1 + row * 11, { size: 8.5 });
        });
      } else text(cells[i] ?? '', x + 3, y + 1, { size: 8.5, align: column.align, width: column.width - 6 });
      x += column.width;
    });
    y += height;
  });
  rule(y);
  y += 8;

  // Totals, right-aligned under the figures.
  if (y > PAGE.height - PAGE.margin - 200) newPage();
  const totals: [string, number][] = [[say.taxableValue, figures.taxablePaise]];
  // A shop not registered for GST charges none: no tax rows at all.
  if (bill.seller.gstin && figures.isInState) {
    totals.push(['CGST', figures.cgstPaise], ['SGST', figures.sgstPaise]);
  } else if (bill.seller.gstin) totals.push(['IGST', figures.igstPaise]);
  // After the tax: what is no supply (the round-off to whole rupees), signed.
  for (const entry of figures.afterTax) totals.push([labelOf(entry, entry.label), entry.amountPaise]);
  const boxX = left + CONTENT_WIDTH - 220;
  for (const [label, paise] of totals) {
    text(label, boxX, y, { color: MUTED });
    text(formatIndianAmount(paise), boxX + 100, y, { align: 'right', width: 120 });
    y += 13;
  }
  rule(y, RULE, boxX, left + CONTENT_WIDTH);
  y += 5;
  text(say.amountDue, boxX, y, { weight: 'bold', size: 11 });
  text(`₹ ${formatIndianAmount(figures.totalPaise)}`, boxX + 80, y, {
    weight: 'bold',
    size: 11,
    align: 'right',
    width: 140,
  });
  y += 20;

  // Tax by rate, for the buyer's and the accountant's check.
  const rateLine = figures.taxByRate
    .map((entry) =>
      say.taxByRateEntry(entry.rate, formatIndianAmount(entry.taxablePaise), formatIndianAmount(entry.taxPaise)),
    )
    .join('   ·   ');
  for (const line of wrap(`${say.taxByRate} ${rateLine}`, CONTENT_WIDTH, 8)) {
    text(line, left, y, { size: 8, color: MUTED });
    y += 11;
  }
  y += 4;
  text(say.amountInWordsLabel, left, y, { size: 8, color: MUTED });
  y += 11;
  for (const line of wrap(say.amountInWords(figures.totalPaise), CONTENT_WIDTH, 9.5, 'bold')) {
    text(line, left, y, { size: 9.5, weight: 'bold' });
    y += 13;
  }
  y += 6;

  const notes: string[] = [];
  if (!bill.seller.gstin) notes.push(say.noteNotRegistered);
  else if (figures.kind === 'Bill of Supply') notes.push(say.noteExempt);
  else if (figures.kind === 'Invoice-cum-Bill of Supply') notes.push(say.noteMixed);
  if (bill.seller.gstin && figures.lines.some((line) => line.grams === null)) notes.push(say.noteDelivery);
  if (bill.payment) {
    const paidOn = dateFormat.format(new Date(bill.payment.paidAt));
    notes.push(
      bill.payment.method === 'Khata'
        ? say.noteKhata(paidOn)
        : say.notePaid(say.paymentMethod[bill.payment.method], bill.payment.reference ?? '', paidOn),
    );
  }
  if (bill.isCancelled) notes.push(say.noteCancelled);
  for (const note of notes) {
    for (const line of wrap(note, CONTENT_WIDTH, 8.5)) {
      text(line, left, y, { size: 8.5 });
      y += 11;
    }
  }

  // In place of a signature, at the foot of the last page.
  const footY = PAGE.height - PAGE.margin - 14;
  rule(footY - 6);
  text(say.computerGenerated, left, footY, {
    size: 8,
    color: MUTED,
    align: 'center',
    width: CONTENT_WIDTH,
  });

  doc.end();
  return done;
}
