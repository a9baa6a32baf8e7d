/**
 * Renders a sample bill of each kind to PNG for the docs (docs/bill-of-supply.png,
 * docs/tax-invoice.png, docs/invoice-cum-bill-of-supply.png) and the tax invoice in Hindi
 * (docs/tax-invoice-hi.png), with poppler's `pdftoppm`:
 *   npx tsx apps/api/src/modules/billing/render-samples.ts
 * The samples are made from demo products as a packed order would hold them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ShopLanguage } from '@mandi/shared';
import { lineAmountPaise, roundOffPaise, shopInstant } from '@mandi/shared/kernel';
import { type BillDocument, renderBillPdf } from './billing.pdf.js';
import { type BillLineInput, computeBill } from './billing.rules.js';

const docsDir = path.resolve(import.meta.dirname, '../../../../../docs');

const line = (
  description: string,
  hsnCode: string,
  gstRate: number,
  grams: number,
  ratePaise: number,
): BillLineInput => ({
  description,
  hsnCode,
  gstRate,
  grams,
  ratePaise,
  amountPaise: lineAmountPaise(ratePaise, grams),
});

const produce = [
  line('Desi Tomato', '0702', 0, 1040, 3800),
  line('Agra Potato', '0701', 0, 2015, 2800),
  line('Nashik Red Onion', '0703', 0, 1980, 3400),
  line('Robusta Banana', '0803', 0, 1230, 4800),
  line('Palak (Spinach)', '0709', 0, 505, 4000),
];
const taxed = [
  line('Desi Cow Ghee', '0405', 5, 510, 69900),
  line('White Butter (Makhan)', '0405', 5, 495, 54900),
  line('Bold Peanuts', '1202', 5, 1010, 13900),
];

/** A made-up GSTIN of a Karnataka shop with a valid check character, for the samples' Bengaluru seller. */
const SAMPLE_GSTIN = '29AAJCM4321F1ZJ';
const seller = {
  legalName: 'Mandi Fresh Produce',
  address: '12, 4th Cross, Jayanagar 4th Block, Bengaluru 560011',
  state: 'Karnataka',
  fssaiNumber: '11226999000123',
  phone: '9845012345',
  email: 'hello@mandi.example',
};
const buyer = (pinCode: string, city: string) => ({
  name: 'Asha Rao',
  address: 'Flat 3B, Lakeview Apartments, 7th Main Road',
  city,
  pinCode,
  mobileNumber: '9876543210',
});

const samples: { file: string; bill: BillDocument; language: ShopLanguage }[] = [];
const add = (
  file: string,
  bill: Omit<BillDocument, 'kind' | 'figures'>,
  lines: BillLineInput[],
  shippingPaise: number,
  language: ShopLanguage = 'en',
) => {
  const figures = computeBill({
    lines,
    adjustments: [
      {
        source: 'delivery',
        kind: 'fee',
        label: 'Delivery charge',
        amountPaise: shippingPaise,
        taxTreatment: 'principal-supply',
      },
      {
        source: 'round-off',
        kind: 'round-off',
        label: 'Round off',
        amountPaise: roundOffPaise(lines.reduce((sum, line) => sum + line.amountPaise, 0) + shippingPaise),
        taxTreatment: 'outside-supply',
      },
    ],
    pinCode: bill.buyer.pinCode,
    shopState: bill.seller.state,
    isRegistered: Boolean(bill.seller.gstin),
  });
  samples.push({ file, bill: { ...bill, kind: figures.kind, figures }, language });
};

add(
  'bill-of-supply',
  {
    invoiceNumber: 'MND/26-27/000041',
    invoicedAt: shopInstant('2026-11-23', 8 * 60 + 15),
    orderNumber: 1042,
    seller: { ...seller, gstin: null },
    buyer: buyer('560034', 'Bengaluru'),
    isCancelled: false,
    payment: { method: 'Cash', reference: '', paidAt: '2026-11-23T11:40:00.000Z' },
  },
  produce,
  3000,
);
const taxInvoice = {
  invoiceNumber: 'MND/26-27/000042',
  invoicedAt: shopInstant('2026-11-23', 8 * 60 + 20),
  orderNumber: 1043,
  seller: { ...seller, gstin: SAMPLE_GSTIN },
  buyer: buyer('411038', 'Pune'),
  isCancelled: false,
  payment: null,
};
add('tax-invoice', taxInvoice, taxed, 4900);
// The same bill for a shopper who chose Hindi, paid in cash, with a product named in Devanagari too.
add(
  'tax-invoice-hi',
  { ...taxInvoice, payment: { method: 'Cash', reference: '', paidAt: '2026-11-23T11:40:00.000Z' } },
  [...taxed, line('Kachi Ghani Mustard Oil (सरसों का तेल)', '1514', 5, 910, 21900)],
  4900,
  'hi',
);
add(
  'invoice-cum-bill-of-supply',
  {
    invoiceNumber: 'MND/26-27/000043',
    invoicedAt: shopInstant('2026-11-23', 8 * 60 + 25),
    orderNumber: 1044,
    seller: { ...seller, gstin: SAMPLE_GSTIN },
    buyer: buyer('560011', 'Bengaluru'),
    isCancelled: false,
    payment: { method: 'UPI', reference: '633012345678', paidAt: '2026-11-23T12:05:00.000Z' },
  },
  [...produce, ...taxed],
  3000,
);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-bills-'));
for (const { file, bill, language } of samples) {
  const pdf = path.join(work, `${file}.pdf`);
  fs.writeFileSync(pdf, await renderBillPdf(bill, language));
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, path.join(docsDir, file)]);
  console.log(`docs/${file}.png (${bill.kind})`);
}
fs.rmSync(work, { recursive: true, force: true });
