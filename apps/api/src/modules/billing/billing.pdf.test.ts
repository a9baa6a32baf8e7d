/**
 * The PDF on its own: a long bill runs over pages that name it, with the totals and the note once,
 * in English and in Hindi; Devanagari product names read back whole on both; words shaped for one
 * document are drawn the same in the next.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import { openPdfCanvas } from '../../lib/pdf/pdf-canvas.js';
import { type BillDocument, renderBillPdf } from './billing.pdf.js';
import { computeBill } from './billing.rules.js';

function longBill(description: (i: number) => string): BillDocument {
  const lines = Array.from({ length: 50 }, (_, i) => ({
    description: description(i),
    hsnCode: i % 2 ? '0405' : '0709',
    gstRate: i % 2 ? 5 : 0,
    grams: 1000 + i,
    ratePaise: 2_800 + i,
    amountPaise: 2_828 + i * 13,
  }));
  const figures = computeBill({
    lines,
    adjustments: [
      {
        source: 'delivery',
        kind: 'fee',
        label: 'Delivery charge',
        amountPaise: 4_000,
        taxTreatment: 'principal-supply',
      },
      { source: 'round-off', kind: 'round-off', label: 'Round off', amountPaise: 0, taxTreatment: 'outside-supply' },
    ],
    pinCode: '560001',
    shopState: 'Karnataka',
    isRegistered: true,
  });
  return {
    kind: figures.kind,
    figures,
    invoiceNumber: 'MANDI/2026-27/000077',
    invoicedAt: new Date('2026-11-23T06:00:00Z'),
    orderNumber: 1077,
    seller: {
      legalName: 'Mandi Fresh Produce',
      address: 'Bengaluru',
      state: 'Karnataka',
      gstin: '29AAJCM4321F1ZJ',
      fssaiNumber: null,
      phone: null,
      email: null,
    },
    buyer: {
      name: 'Asha Rao',
      address: '7th Main',
      city: 'Bengaluru',
      pinCode: '560001',
      mobileNumber: '9876543210',
    },
    isCancelled: false,
    payment: null,
  };
}

describe('a bill of 50 lines', () => {
  it('continues on further pages under the bill number, and adds up', async () => {
    const bill = longBill((i) => `Loose item ${i + 1} with a name long enough to wrap in its column`);
    const { figures } = bill;
    const pdf = await renderBillPdf(bill);
    const pages = (await pdfText(pdf)).split('\n');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toMatch(/^Invoice-cum-Bill of Supply /);
    for (const page of pages.slice(1))
      expect(page).toMatch(/^Invoice-cum-Bill of Supply MANDI\/2026-27\/000077 \(continued\)/);
    const all = pages.join(' ');
    expect(all).toContain('50 0405 Loose item 50');
    // The order's number, as the shopper reads it out, not its 36-character id.
    expect(all).toMatch(/Order:\s*#1077/);
    expect(all).not.toContain('5d2c9a80');
    expect(all).toContain('51 0405 Delivery charge');
    expect(all.match(/This is a computer-generated document/g)).toHaveLength(1);
    expect(all.match(/Amount due/g)).toHaveLength(1);
    expect(figures.taxablePaise + figures.cgstPaise + figures.sgstPaise).toBe(figures.totalPaise);
  });
});

describe('a bill of 50 lines in Hindi', () => {
  it('continues on further pages under the bill number, with the Hindi texts once', async () => {
    const onion = 'Nashik Red Onion (प्याज़)'.normalize('NFC');
    const pdf = await renderBillPdf(
      longBill((i) => (i % 3 ? `Loose item ${i + 1}` : onion)),
      'hi',
    );
    const pages = (await pdfText(pdf)).split('\n');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toMatch(/^बीजक - सह - आपूर्ति बिल \(Invoice-cum-Bill of Supply\) /);
    for (const page of pages.slice(1)) {
      expect(page).toMatch(/^बीजक - सह - आपूर्ति बिल \(Invoice-cum-Bill of Supply\) MANDI\/2026-27\/000077 \( जारी \)/);
    }
    const all = pages.join(' ');
    // The product's own Devanagari reads back whole, on the Hindi bill as on the English one.
    expect(all.match(/Nashik Red Onion \( प्याज़ \)/g)).toHaveLength(17);
    expect(all).toContain('51 0405 डिलीवरी शुल्क');
    expect(all.match(/यह कंप्यूटर द्वारा बनाया गया दस्तावेज़ है/g)).toHaveLength(1);
    expect(all.match(/देय राशि/g)).toHaveLength(1);
    const english = await pdfText(await renderBillPdf(longBill((i) => (i % 3 ? `Loose item ${i + 1}` : onion))));
    expect(english.match(/Nashik Red Onion \( प्याज़ \)/g)).toHaveLength(17);
  });
});

/** Every piece of text on the first page with where it is drawn and how wide. */
async function placedText(pdf: Uint8Array) {
  const document = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, verbosity: 0 }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  await document.destroy();
  return content.items.map((item) => ('str' in item ? [item.str, item.transform, item.width] : null));
}

describe('shaped words kept across documents', () => {
  it('hands each caller its own positions: one scaled in place leaves the next untouched', async () => {
    type Run = { positions: { xAdvance: number }[] };
    const layoutOf = () => {
      const canvas = openPdfCanvas({ locale: 'hi-IN', info: {} });
      const font = (canvas.doc.font('deva') as unknown as { _font: { font: { layout(text: string): Run } } })._font
        .font;
      void canvas.end();
      return (text: string) => font.layout(text);
    };
    const first = layoutOf()('प्याज़');
    const widths = first.positions.map((position) => position.xAdvance);
    // What pdfkit does with a run of a font whose units are not 1000 to the em.
    for (const position of first.positions) position.xAdvance *= 2.048;
    const again = layoutOf()('प्याज़');
    expect(again).not.toBe(first);
    expect(again.positions.map((position) => position.xAdvance)).toEqual(widths);
  });

  it('draws the third Hindi bill exactly as the first, though its words were shaped once', async () => {
    const bill = longBill((i) => (i % 2 ? `दाल ${i + 1}` : 'Nashik Red Onion (प्याज़)'));
    const first = await placedText(await renderBillPdf(bill, 'hi'));
    await renderBillPdf(bill, 'en');
    const third = await placedText(await renderBillPdf(bill, 'hi'));
    expect(third).toEqual(first);
    expect(first.length).toBeGreaterThan(100);
  });
});
