/** The PDF on its own: a long bill runs over pages that name it, with the totals and the note once. */
import { describe, expect, it } from 'vitest';
import { renderBillPdf } from './billing.pdf.js';
import { computeBill } from './billing.rules.js';
import { pdfText } from './pdf-text.js';

describe('a bill of 50 lines', () => {
  it('continues on further pages under the bill number, and adds up', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => ({
      description: `Loose item ${i + 1} with a name long enough to wrap in its column`,
      hsnCode: i % 2 ? '0405' : '0709',
      gstRate: i % 2 ? 5 : 0,
      grams: 1000 + i,
      ratePaise: 2_800 + i,
      amountPaise: 2_828 + i * 13,
    }));
    const figures = computeBill({
      lines,
      shippingPaise: 4_000,
      pinCode: '560001',
      shopState: 'Karnataka',
      isRegistered: true,
    });
    const pdf = await renderBillPdf({
      kind: figures.kind,
      figures,
      invoiceNumber: 'MANDI/2026-27/000077',
      invoicedAt: new Date('2026-11-23T06:00:00Z'),
      orderId: '5d2c9a80-1e3b-4c6f-8a7d-2b9e0f4c6a13',
      seller: { legalName: 'Mandi Fresh Produce', address: 'Bengaluru', state: 'Karnataka', gstin: '29AAJCM4321F1ZJ' },
      buyer: {
        name: 'Asha Rao',
        address: '7th Main',
        city: 'Bengaluru',
        pinCode: '560001',
        mobileNumber: '9876543210',
      },
      isCancelled: false,
      payment: null,
    });
    const pages = (await pdfText(pdf)).split('\n');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toMatch(/^Invoice-cum-Bill of Supply /);
    for (const page of pages.slice(1))
      expect(page).toMatch(/^Invoice-cum-Bill of Supply MANDI\/2026-27\/000077 \(continued\)/);
    const all = pages.join(' ');
    expect(all).toContain('50 0405 Loose item 50');
    expect(all).toContain('51 0405 Delivery charge');
    expect(all.match(/This is a computer-generated document/g)).toHaveLength(1);
    expect(all.match(/Amount due/g)).toHaveLength(1);
    expect(figures.taxablePaise + figures.cgstPaise + figures.sgstPaise).toBe(figures.totalPaise);
  });
});
