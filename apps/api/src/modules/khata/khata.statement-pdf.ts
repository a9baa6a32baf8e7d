/**
 * The khata statement as a PDF (A4, English or Hindi), printed the way the bill is (the shop's PDF
 * kit in lib/pdf/ with its seller block, in the bill's texts): the title, the shop, the customer and
 * the period, then a ledger table (date, particulars, debit, credit, running balance) that opens with
 * the opening balance and closes with the period's totals, then the closing balance as "Balance
 * due" or "Advance", the credit limit and a legend. A long statement runs over pages that name it
 * and repeat the table's header; every page carries its number. Money is in Indian grouping, dates
 * are shop dates.
 */
import type { KhataEntryKind, ShopLanguage } from '@mandi/shared';
import { formatIndianAmount, orderNumberLabel, shopInstant } from '@mandi/shared/kernel';
import {
  CONTENT_WIDTH,
  drawTableHeader,
  MUTED,
  openPdfCanvas,
  PAGE,
  RULE,
  SHADE,
  STRIPE,
  type TableColumn,
} from '../../lib/pdf/pdf-canvas.js';
import { documentDateFormat, drawSeller } from '../../lib/pdf/pdf-seller.js';
import { BILL_TEXTS } from '../billing/billing.pdf.js';
import type { BillShop } from '../billing/billing.service.js';
import { KHATA_STATEMENT_TEXTS_HI } from './khata.statement-pdf.texts.hi.js';
import { KHATA_STATEMENT_TEXTS_EN, type KhataStatementTexts } from './khata.statement-pdf.texts.js';

export interface KhataStatementEntry {
  date: Date;
  kind: KhataEntryKind;
  orderNumber: number | null;
  invoiceNumber: string | null;
  method: 'Cash' | 'UPI' | null;
  reference: string | null;
  note: string;
  /** > 0 adds to what is owed. */
  amountPaise: number;
  /** The running balance after the entry. */
  balanceAfterPaise: number;
}

export interface KhataStatement {
  /** The shop as its bills print it (decision 0028). */
  shop: BillShop;
  customer: { name: string; mobile: string | null };
  /** Shop dates `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  /** The balance at the start of `from`. */
  openingBalancePaise: number;
  /** The period's entries, oldest first. */
  entries: KhataStatementEntry[];
  closingBalancePaise: number;
  /** Null: the khata is closed. */
  creditLimitPaise: number | null;
  generatedAt: Date;
}

const STATEMENT_TEXTS: Record<ShopLanguage, KhataStatementTexts> = {
  en: KHATA_STATEMENT_TEXTS_EN,
  hi: KHATA_STATEMENT_TEXTS_HI,
};

/** ₹ and the amount in Indian grouping: "₹1,23,456.50". */
const rupees = (paise: number) => `₹${formatIndianAmount(paise)}`;

/** The words of an entry's particulars, in the statement's language. */
export function entryParticulars(entry: KhataStatementEntry, say: KhataStatementTexts, language: ShopLanguage): string {
  const order = entry.orderNumber === null ? null : orderNumberLabel(entry.orderNumber);
  switch (entry.kind) {
    case 'bill':
      return order
        ? `${say.bill(order)}${entry.invoiceNumber ? ` (${entry.invoiceNumber})` : ''}`
        : entry.invoiceNumber
          ? `${say.kind.bill} ${entry.invoiceNumber}`
          : say.kind.bill;
    case 'reversal':
      return order ? say.reversal(order) : say.kind.reversal;
    case 'adjustment':
      return order ? say.adjustment(order) : say.kind.adjustment;
    case 'payment': {
      const head = entry.method ? say.payment(BILL_TEXTS[language].paymentMethod[entry.method]) : say.kind.payment;
      return entry.reference ? `${head} ${say.reference(entry.reference)}` : head;
    }
    case 'payout': {
      const head = entry.method ? say.payout(BILL_TEXTS[language].paymentMethod[entry.method]) : say.kind.payout;
      return entry.reference ? `${head} ${say.reference(entry.reference)}` : head;
    }
  }
}

/** Renders the statement; resolves with the PDF's bytes. */
export function renderKhataStatementPdf(statement: KhataStatement, language: ShopLanguage): Promise<Buffer> {
  const say = STATEMENT_TEXTS[language];
  const billSay = BILL_TEXTS[language];
  const dateFormat = documentDateFormat(billSay, language);
  const timeFormat = documentDateFormat(billSay, language, true);
  // A shop date prints as the shop's day, whatever the server's clock.
  const shopDate = (date: string) => dateFormat.format(shopInstant(date, 12 * 60));
  const period = say.periodRange(shopDate(statement.from), shopDate(statement.to));
  /** A balance with its side: owed to the shop (Dr) or an advance (Cr). */
  const balance = (paise: number) =>
    paise === 0
      ? formatIndianAmount(0)
      : `${formatIndianAmount(Math.abs(paise))} ${paise > 0 ? say.due : say.inAdvance}`;

  const { shop, customer } = statement;
  const canvas = openPdfCanvas({
    locale: billSay.locale,
    info: { Title: `${say.title} ${customer.name} ${period}`, Author: shop.legalName, Subject: say.title },
    bufferPages: true,
  });
  const { doc, text, wrap, rule } = canvas;
  const left = PAGE.margin;
  let y = PAGE.margin;
  /** Below this the page's foot (its number) begins. */
  const bottom = PAGE.height - PAGE.margin - 30;

  text(say.title, left, y, { size: 18, weight: 'bold', align: 'center', width: CONTENT_WIDTH });
  y += 26;
  rule(y);
  y += 10;

  // The shop on the left as on its bills, the statement's particulars on the right.
  const half = CONTENT_WIDTH / 2;
  const sellerY = drawSeller(canvas, shop, billSay, left, y, half - 10, shop.name);
  const particulars: { label: string; lines: string[]; bold?: boolean }[] = [
    { label: say.period, lines: wrap(period, half - 88, 9) },
    { label: say.generated, lines: [timeFormat.format(statement.generatedAt)] },
    {
      label: say.creditLimit,
      lines: [statement.creditLimitPaise === null ? say.khataClosed : rupees(statement.creditLimitPaise)],
      bold: true,
    },
  ];
  let rightY = y;
  for (const { label, lines, bold } of particulars) {
    text(`${label}:`, left + half, rightY, { color: MUTED });
    for (const line of lines) {
      text(line, left + half + 78, rightY, { weight: bold ? 'bold' : 'regular' });
      rightY += 13;
    }
  }
  y = Math.max(sellerY, rightY) + 8;

  // The customer.
  doc
    .rect(left, y, CONTENT_WIDTH, customer.mobile ? 46 : 34)
    .fillColor(SHADE)
    .fill();
  text(say.statementFor, left + 8, y + 6, { color: MUTED, size: 8 });
  text(customer.name, left + 8, y + 17, { weight: 'bold', size: 10 });
  if (customer.mobile) text(say.mobile(customer.mobile), left + 8, y + 31);
  y += customer.mobile ? 58 : 46;

  // The ledger.
  const columns: TableColumn[] = [
    { label: say.columnDate, width: 68, align: 'left' },
    { label: say.columnParticulars, width: CONTENT_WIDTH - 68 - 3 * 76 - 12, align: 'left' },
    { label: say.columnDebit, width: 76, align: 'right' },
    { label: say.columnCredit, width: 76, align: 'right' },
    { label: say.columnBalance, width: 88, align: 'right' },
  ];
  const particularsWidth = columns[1]!.width - 6;
  const header = () => {
    y = drawTableHeader(canvas, columns, left, y);
  };
  /** A further page names the statement it continues. */
  const newPage = () => {
    doc.addPage();
    y = PAGE.margin;
    for (const line of wrap(say.continued(say.title, customer.name, period), CONTENT_WIDTH, 9)) {
      text(line, left, y, { size: 9, color: MUTED });
      y += 12;
    }
    y += 6;
  };
  let rowIndex = 0;
  /** One row: the cells, the particulars wrapped, and a note under them in grey. */
  const row = (cells: string[], particulars: string, note = '', weight: 'regular' | 'bold' = 'regular') => {
    const main = wrap(particulars, particularsWidth, 8.5, weight);
    const noteLines = note ? wrap(note, particularsWidth, 7.5) : [];
    const height = 6 + main.length * 11 + noteLines.length * 10;
    if (y + height > bottom) {
      newPage();
      header();
    }
    if (rowIndex % 2 === 1)
      doc
        .rect(left, y - 2, CONTENT_WIDTH, height)
        .fillColor(STRIPE)
        .fill();
    rowIndex += 1;
    let x = left;
    columns.forEach((column, i) => {
      if (i === 1) {
        main.forEach((part, line) => {
          text(part, x + 3, y + 1 + line * 11, { size: 8.5, weight });
        });
        noteLines.forEach((part, line) => {
          text(part, x + 3, y + 1 + main.length * 11 + line * 10, { size: 7.5, color: MUTED });
        });
      } else text(cells[i] ?? '', x + 3, y + 1, { size: 8.5, weight, align: column.align, width: column.width - 6 });
      x += column.width;
    });
    y += height;
  };

  header();
  row([shopDate(statement.from), '', '', '', balance(statement.openingBalancePaise)], say.openingBalance);
  let debitsPaise = 0;
  let creditsPaise = 0;
  for (const entry of statement.entries) {
    const isCredit = entry.amountPaise < 0;
    if (isCredit) creditsPaise -= entry.amountPaise;
    else debitsPaise += entry.amountPaise;
    row(
      [
        dateFormat.format(entry.date),
        '',
        isCredit ? '' : formatIndianAmount(entry.amountPaise),
        isCredit ? formatIndianAmount(-entry.amountPaise) : '',
        balance(entry.balanceAfterPaise),
      ],
      entryParticulars(entry, say, language),
      entry.note.trim(),
    );
  }
  if (statement.entries.length === 0) {
    if (y + 17 > bottom) {
      newPage();
      header();
    }
    text(say.noEntries, left + columns[0]!.width + 3, y + 1, { size: 8.5, color: MUTED });
    y += 17;
  }
  rule(y);
  y += 4;
  row(
    ['', '', formatIndianAmount(debitsPaise), formatIndianAmount(creditsPaise), balance(statement.closingBalancePaise)],
    say.periodTotal,
    '',
    'bold',
  );
  rule(y - 2);
  y += 10;

  // The closing balance, right-aligned under the figures, with the legend and the note below.
  const legend = wrap(say.legend, CONTENT_WIDTH, 8);
  if (y + 80 + legend.length * 11 > bottom) newPage();
  const boxX = left + CONTENT_WIDTH - 240;
  const summary: [string, string][] = [
    [say.openingBalance, balance(statement.openingBalancePaise)],
    [say.debits, formatIndianAmount(debitsPaise)],
    [say.credits, formatIndianAmount(creditsPaise)],
  ];
  for (const [label, value] of summary) {
    text(label, boxX, y, { color: MUTED });
    text(value, boxX + 100, y, { align: 'right', width: 140 });
    y += 13;
  }
  rule(y, RULE, boxX, left + CONTENT_WIDTH);
  y += 5;
  const closing = statement.closingBalancePaise;
  text(closing < 0 ? say.advance : say.balanceDue, boxX, y, { weight: 'bold', size: 11 });
  text(rupees(Math.abs(closing)), boxX + 100, y, { weight: 'bold', size: 11, align: 'right', width: 140 });
  y += 24;
  for (const line of legend) {
    text(line, left, y, { size: 8, color: MUTED });
    y += 11;
  }
  y += 4;
  text(billSay.computerGenerated, left, y, { size: 8, color: MUTED });

  // Every page's foot: the statement it belongs to and its number.
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const footY = PAGE.height - PAGE.margin - 14;
    rule(footY - 6);
    const pageLabel = say.page(String(page - start + 1), String(count));
    const labelWidth = canvas.widthOf(pageLabel, 8, 'regular');
    const [foot = ''] = wrap(`${say.title} · ${customer.name}`, CONTENT_WIDTH - labelWidth - 20, 8);
    text(foot, left, footY, { size: 8, color: MUTED });
    text(pageLabel, left, footY, { size: 8, color: MUTED, align: 'right', width: CONTENT_WIDTH });
  }
  return canvas.end();
}
