import type { Gstr1Answer, MarginAnswer } from '@mandi/shared/schemas';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathnameOf, renderAdmin, stubFetch } from '../../test-utils';
import GstReturnPage from './pages/gst-return-page';
import MarginReportPage from './pages/margin-report-page';

beforeEach(() => {
  // Wednesday 25 November 2026, 20:00 UTC: already Thursday 26 in the shop.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T20:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const figures = { sales: 118, cost: 74.75, wastedCost: 50, margin: -6.75, marginPercent: -5.7 };
const margin: MarginAnswer = {
  success: true,
  from: '2026-11-23',
  to: '2026-11-26',
  rows: [
    {
      productId: 'p-1',
      name: 'Desi Tomato',
      unit: 'kg',
      soldQuantity: 2.95,
      ...figures,
      wastedQuantity: 2,
      uncostedQuantity: 0,
    },
    {
      productId: 'p-2',
      name: 'Desi Cow Ghee',
      unit: 'kg',
      soldQuantity: 1.5,
      sales: 857.14,
      cost: 240,
      wastedCost: 0,
      margin: 617.14,
      marginPercent: 72,
      wastedQuantity: 0,
      uncostedQuantity: 1,
    },
  ],
  totals: { sales: 975.14, cost: 314.75, wastedCost: 50, margin: 610.39, marginPercent: 62.6 },
  days: [
    { date: '2026-11-23', sales: 363.71, cost: 288.75, wastedCost: 0, margin: 74.96, marginPercent: 20.6 },
    { date: '2026-11-24', sales: 40, cost: 26, wastedCost: 50, margin: -36, marginPercent: -90 },
    { date: '2026-11-25', sales: 0, cost: 0, wastedCost: 0, margin: 0, marginPercent: null },
    { date: '2026-11-26', sales: 571.43, cost: 0, wastedCost: 0, margin: 571.43, marginPercent: 100 },
  ],
};

describe('margin report', () => {
  it('opens on this week in shop time with the products, totals, chart and CSV', async () => {
    const calls = stubFetch((call) =>
      pathnameOf(call) === '/api/admin/reports/margin' ? { body: margin } : undefined,
    );
    renderAdmin(<MarginReportPage />, { path: '/admin/reports/margin' });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-23');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-26');
    const table = await screen.findByRole('table', { name: /Margin per product from/ });
    expect(calls[0]?.path).toBe('/api/admin/reports/margin?from=2026-11-23&to=2026-11-26&format=json');
    const tomato = within(table).getByRole('row', { name: /Desi Tomato/ });
    expect(
      within(tomato)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2.95 Kg', '₹118', '₹74.75', '2 Kg', '₹50', '-₹6.75', '-5.7 %']);
    expect(within(table).getByText('1 Kg sold without a cost: counted at no cost')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('their margin shows too high');
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(within(total).getAllByRole('cell')[0]?.textContent).toBe('₹975.14');
    expect(screen.getByRole('img', { name: /Daily margin from 23 Nov 2026 to 26 Nov 2026/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/reports/margin?from=2026-11-23&to=2026-11-26&format=csv',
    );
  });
});

const gstr1: Gstr1Answer = {
  success: true,
  gstin: '29AAJCM4321F1ZJ',
  fp: '102026',
  month: '2026-10',
  b2cs: [{ sply_ty: 'INTER', pos: '27', typ: 'OE', rt: 12, txval: 250, iamt: 30, camt: 0, samt: 0, csamt: 0 }],
  nil: { inv: [{ sply_ty: 'INTRAB2C', nil_amt: 0, expt_amt: 150, ngsup_amt: 0 }] },
  hsn: {
    hsn_b2c: [
      {
        num: 1,
        hsn_sc: '2007',
        desc: 'Mango Jam',
        uqc: 'KGS',
        qty: 1,
        rt: 12,
        txval: 250,
        iamt: 30,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
      {
        num: 2,
        hsn_sc: '0702',
        desc: 'Desi Tomato',
        uqc: 'KGS',
        qty: 3,
        rt: 0,
        txval: 150,
        iamt: 0,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ],
  },
  doc_issue: {
    doc_det: [
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: 'M/2026-27/000002', to: 'M/2026-27/000005', totnum: 4, cancel: 1, net_issue: 3 }],
      },
    ],
  },
  totals: {
    taxableValue: 400,
    tax: 30,
    igst: 30,
    cgst: 0,
    sgst: 0,
    taxByRate: [
      { rate: 0, taxableValue: 150, tax: 0 },
      { rate: 12, taxableValue: 250, tax: 30 },
    ],
  },
  register: {
    taxableValue: 400,
    tax: 30,
    taxByRate: [
      { rate: 0, taxableValue: 150, tax: 0 },
      { rate: 12, taxableValue: 250, tax: 30 },
    ],
    roundOff: 0,
    total: 430,
    bills: 4,
    cancelled: 1,
  },
  reconciled: true,
  warnings: [
    {
      code: 'gstCancelledCounted',
      values: { count: 1 },
      message: '1 cancelled bills are counted in Documents issued as cancelled and left out of every other table',
    },
  ],
};

describe('GST return', () => {
  it('opens on last month: matched with the register, warnings, tables and downloads', async () => {
    const calls = stubFetch((call) => (pathnameOf(call) === '/api/admin/gst/gstr1' ? { body: gstr1 } : undefined));
    renderAdmin(<GstReturnPage />, { path: '/admin/gst' });
    expect((screen.getByLabelText('Month') as HTMLInputElement).value).toBe('2026-10');
    expect(await screen.findByText('Matches the bills register to the paisa.')).toBeTruthy();
    expect(calls[0]?.path).toBe('/api/admin/gst/gstr1?period=102026');
    expect(screen.getByText(/1 cancelled bills are counted/)).toBeTruthy();
    const b2cs = screen.getByRole('table', { name: 'B2C small supplies by place of supply and rate' });
    expect(within(b2cs).getByText('27 Maharashtra')).toBeTruthy();
    const docs = screen.getByRole('table', { name: 'Documents issued in the month' });
    expect(
      within(docs)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['M/2026-27/000002', 'M/2026-27/000005', '4', '1', '3']);
    expect(screen.getByRole('link', { name: 'Download JSON for the offline tool' }).getAttribute('href')).toBe(
      '/api/admin/gst/gstr1?period=102026&format=portal',
    );
    expect(screen.getByRole('link', { name: 'CSV: HSN summary, B2C (table 12)' }).getAttribute('href')).toBe(
      '/api/admin/gst/gstr1?period=102026&format=csv&table=hsn',
    );
  });

  it('says when the shop has no GSTIN, and where to add it', async () => {
    stubFetch((call) =>
      pathnameOf(call) === '/api/admin/gst/gstr1'
        ? {
            status: 409,
            body: {
              success: false,
              code: 'gstNoGstin',
              values: {},
              message: 'The shop has no GSTIN: add it in Shop settings to make a GST return',
            },
          }
        : undefined,
    );
    renderAdmin(<GstReturnPage />, { path: '/admin/gst' });
    expect(await screen.findByText('The shop has no GSTIN, so there is no GST return to make.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add the GSTIN in Shop settings' }).getAttribute('href')).toBe(
      '/admin/shop',
    );
  });
});
