/**
 * GSTR-1 through the HTTP API (contract: "Margins and the GST return"): a month of bills at several
 * rates, in and out of the shop's state, with delivery charges, round-off and a cancelled bill,
 * reconciled with the bills register of the same month to the paisa; the offline tool's file checked
 * against the JSON Schema kept beside the module; the warnings (a gap in numbering, an HSN code the
 * portal rejects); CSV per table; 409 without a GSTIN; bad input; admins only. New York time, so
 * every date must come from shop time. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { jsonSchemaProblems } from '../../../test/json-schema-check.js';
import { packAsOrdered, placeOrder } from '../../../test/place-and-pack.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { deliveryZones, invoiceCounters, orderBills, orderItems } from '../../db/schema.js';

const ORIGINAL_TZ = process.env.TZ;
const GSTIN = '29AAJCM4321F1ZJ';
const SCHEMA = JSON.parse(fs.readFileSync(new URL('./gstr1.schema.json', import.meta.url), 'utf8'));

let clock = new Date('2026-10-30T06:00:00Z');
let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
let tomato: { id: string };
let ghee: { id: string };
let jam: { id: string };
let chocolate: { id: string };

const BENGALURU = { address: '7th Main Road', city: 'Bengaluru', mobileNumber: '9876543210', pinCode: '560011' };
const PUNE = { address: '12 FC Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411004' };

type Register = {
  bills: { status: string }[];
  totals: { taxableValue: number; tax: number; taxByRate: { rate: number; taxableValue: number; tax: number }[] };
};
type Answer = {
  gstin: string;
  fp: string;
  month: string;
  b2cs: {
    sply_ty: string;
    pos: string;
    typ: string;
    rt: number;
    txval: number;
    iamt: number;
    camt: number;
    samt: number;
    csamt: number;
  }[];
  nil: { inv: { sply_ty: string; nil_amt: number; expt_amt: number; ngsup_amt: number }[] };
  hsn: {
    hsn_b2c: {
      num: number;
      hsn_sc: string;
      uqc: string;
      qty: number;
      rt: number;
      txval: number;
      iamt: number;
      camt: number;
      samt: number;
    }[];
  };
  doc_issue: { doc_det: { doc_num: number; doc_typ: string; docs: unknown[] }[] };
  totals: Register['totals'] & { igst: number; cgst: number; sgst: number };
  register: Register['totals'] & { roundOff: number; total: number; bills: number; cancelled: number };
  reconciled: boolean;
  warnings: { code: string; values: Record<string, string | number>; message: string }[];
};

const packedOrder = async (lines: { id: string; quantity: number }[], shippingInfo = BENGALURU) =>
  packAsOrdered(t, adminCookie, await placeOrder(t, shopperCookie, lines, shippingInfo));

const gstr1 = (query: string, cookie = adminCookie, app = () => t.app) =>
  app().inject({ method: 'GET', url: `/api/admin/gst/gstr1${query}`, headers: { cookie } });
const paise = (rupees: number) => Math.round(rupees * 100);
const sum = <T>(list: readonly T[], pick: (item: T) => number) =>
  list.reduce((total, item) => total + paise(pick(item)), 0);

beforeAll(async () => {
  process.env.TZ = 'America/New_York';
  t = await buildTestApp({ SHOP_STATE: 'Karnataka', SHOP_GSTIN: GSTIN, INVOICE_PREFIX: 'M' }, { now: () => clock });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db, {})).id);
  tomato = await createProduct(t.db, {
    name: 'Desi Tomato',
    rate: 40,
    stockKg: 100,
    weightsKg: [1, 2],
    hsnCode: '0702',
  });
  ghee = await createProduct(t.db, {
    name: 'Desi Cow Ghee',
    rate: 600.3,
    weightsKg: [0.5, 1],
    hsnCode: '0405',
    gstRate: 5,
  });
  jam = await createProduct(t.db, { name: 'Mango Jam', rate: 250, weightsKg: [0.5, 1], hsnCode: '2007', gstRate: 12 });
  chocolate = await createProduct(t.db, {
    name: 'Dark Chocolate',
    rate: 99,
    unit: 'piece',
    stockKg: 50,
    weightsKg: [1, 2],
    hsnCode: '1806',
    gstRate: 18,
  });
  await t.db.insert(deliveryZones).values({ name: 'All India', pinPrefixes: ['4', '5'], deliveryFeePaise: 3000 });

  // October: bill 000001, the month before.
  await packedOrder([{ id: tomato.id, quantity: 1 }]);
  // November: 000002 in state (tomato 0% and ghee 5%: delivery at 5%), 000003 to Pune (jam 12% and
  // chocolate 18%: delivery at 12%), 000004 tomatoes only (delivery at 0%), 000005 cancelled.
  clock = new Date('2026-11-03T06:00:00Z');
  await packedOrder([
    { id: tomato.id, quantity: 1 },
    { id: ghee.id, quantity: 0.5 },
  ]);
  clock = new Date('2026-11-05T06:00:00Z');
  await packedOrder(
    [
      { id: jam.id, quantity: 1 },
      { id: chocolate.id, quantity: 2 },
    ],
    PUNE,
  );
  clock = new Date('2026-11-07T06:00:00Z');
  await packedOrder([{ id: tomato.id, quantity: 2 }]);
  clock = new Date('2026-11-09T06:00:00Z');
  const cancelled = await packedOrder([{ id: ghee.id, quantity: 1 }]);
  const cancel = await t.app.inject({
    method: 'PUT',
    url: `/api/user/update/order/${cancelled._id}`,
    payload: { oStatus: 'Cancelled' },
    headers: { cookie: adminCookie },
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  clock = new Date('2026-12-02T06:00:00Z');
});

afterAll(async () => {
  await t?.close();
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

describe('GSTR-1 of a month', () => {
  it('adds up to the bills register of the month to the paisa, at every rate (default: last month)', async () => {
    const response = await gstr1('');
    expect(response.statusCode, response.body).toBe(200);
    const answer = body<Answer>(response);
    expect([answer.gstin, answer.fp, answer.month]).toEqual([GSTIN, '112026', '2026-11']);
    const register = body<Register>(
      await t.app.inject({ url: '/api/admin/bills?month=2026-11', headers: { cookie: adminCookie } }),
    );
    expect(register.bills).toHaveLength(4);

    // The tables themselves, added up, are the register's taxable value and tax.
    const taxable = sum(answer.b2cs, (row) => row.txval) + sum(answer.nil.inv, (row) => row.expt_amt + row.nil_amt);
    const tax = sum(answer.b2cs, (row) => row.iamt + row.camt + row.samt + row.csamt);
    expect(taxable).toBe(paise(register.totals.taxableValue));
    expect(tax).toBe(paise(register.totals.tax));
    expect(sum(answer.hsn.hsn_b2c, (row) => row.txval)).toBe(paise(register.totals.taxableValue));
    expect(sum(answer.hsn.hsn_b2c, (row) => row.iamt + row.camt + row.samt)).toBe(paise(register.totals.tax));
    for (const entry of register.totals.taxByRate) {
      const atRate = (row: { rt: number }) => row.rt === entry.rate;
      expect(
        sum(answer.hsn.hsn_b2c.filter(atRate), (row) => row.txval),
        `${entry.rate}%`,
      ).toBe(paise(entry.taxableValue));
    }
    expect(answer.totals).toMatchObject({ taxableValue: register.totals.taxableValue, tax: register.totals.tax });
    expect(answer.totals.taxByRate).toEqual(register.totals.taxByRate);
    expect(answer.register).toMatchObject({ ...register.totals, bills: 4, cancelled: 1, roundOff: -0.15 });
    expect(answer.reconciled).toBe(true);
  });

  it('fills B2C small, exempt, the HSN summary and documents issued as worked by hand', async () => {
    const answer = body<Answer>(await gstr1('?period=112026'));
    // In state at 5%: ghee 0.5 kg at ₹600.30 = ₹300.15 → 285.86 + 14.29 (CGST 7.15, SGST 7.14); delivery
    // ₹30 → 28.57 + 1.43 (0.72, 0.71). The bill, ₹370.15, is paid as ₹370: a round-off of −₹0.15, no supply.
    // To Maharashtra (27): jam ₹250 → 223.21 + 26.79, delivery ₹30 at 12% → 26.79 + 3.21; chocolate 2 × ₹99 → 167.80 + 30.20.
    expect(answer.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '27', typ: 'OE', rt: 12, txval: 250, iamt: 30, camt: 0, samt: 0, csamt: 0 },
      { sply_ty: 'INTER', pos: '27', typ: 'OE', rt: 18, txval: 167.8, iamt: 30.2, camt: 0, samt: 0, csamt: 0 },
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 5, txval: 314.43, iamt: 0, camt: 7.87, samt: 7.85, csamt: 0 },
    ]);
    // Exempt: tomatoes ₹40 + ₹80 and the tomato bill's ₹30 delivery (at 0%, the principal supply's rate).
    expect(answer.nil.inv).toEqual([{ sply_ty: 'INTRAB2C', nil_amt: 0, expt_amt: 150, ngsup_amt: 0 }]);
    expect(answer.hsn.hsn_b2c.map((row) => [row.num, row.hsn_sc, row.uqc, row.qty, row.rt, row.txval])).toEqual([
      [1, '0405', 'KGS', 0.5, 5, 314.43],
      [2, '0702', 'KGS', 3, 0, 150],
      [3, '1806', 'NOS', 2, 18, 167.8],
      [4, '2007', 'KGS', 1, 12, 250],
    ]);
    // Every bill of the month is a document issued; the cancelled one is counted as cancelled.
    expect(answer.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: 'M/26-27/000002', to: 'M/26-27/000005', totnum: 4, cancel: 1, net_issue: 3 }],
      },
    ]);
    expect(answer.warnings.map((warning) => [warning.code, warning.values])).toEqual([
      ['gstCancelledCounted', { count: 1 }],
    ]);
  });

  it("downloads the offline tool's file, which fits the JSON Schema kept in the repository", async () => {
    const response = await gstr1('?period=112026&format=portal');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="GSTR1_${GSTIN}_112026.json"`);
    const file = JSON.parse(response.body);
    expect(Object.keys(file)).toEqual(['gstin', 'fp', 'b2cs', 'nil', 'hsn', 'doc_issue']);
    expect(jsonSchemaProblems(SCHEMA, file)).toEqual([]);
    // The checker does check: a short HSN code, a third decimal, an unknown field and a missing period.
    const broken = structuredClone(file);
    broken.hsn.hsn_b2c[0].hsn_sc = '07';
    broken.b2cs[0].txval = 1.234;
    broken.b2cs[0].flag = 'N';
    delete broken.fp;
    expect(jsonSchemaProblems(SCHEMA, broken)).toEqual([
      '/: lacks fp',
      '/b2cs/0/txval: 1.234 is not a multiple of 0.01',
      '/b2cs/0: has flag, which the schema does not list',
      '/hsn/hsn_b2c/0/hsn_sc: "07" does not match ^([0-9]{4}|[0-9]{6}|[0-9]{8})$',
    ]);
  });

  it("downloads each table as CSV in the offline tool's template", async () => {
    const csv = async (table: string) => {
      const response = await gstr1(`?period=112026&format=csv&table=${table}`);
      expect(response.statusCode, table).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="GSTR1_${GSTIN}_112026_${table}.csv"`);
      return response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
    };
    expect(await csv('b2cs')).toEqual([
      '"Type","Place Of Supply","Rate","Applicable % of Tax Rate","Taxable Value","Cess Amount","E-Commerce GSTIN"',
      '"OE","27-Maharashtra",12,"",250,0,""',
      '"OE","27-Maharashtra",18,"",167.8,0,""',
      '"OE","29-Karnataka",5,"",314.43,0,""',
    ]);
    const hsn = await csv('hsn');
    expect(hsn[0]).toBe(
      '"HSN","Description","UQC","Total Quantity","Total Value","Rate","Taxable Value","Integrated Tax Amount","Central Tax Amount","State/UT Tax Amount","Cess Amount"',
    );
    expect(hsn[1]).toBe('"0405","Desi Cow Ghee","KGS-KILOGRAMS",0.5,330.15,5,314.43,0,7.87,7.85,0');
    expect(await csv('exemp')).toEqual([
      '"Description","Nil Rated Supplies","Exempted(other than nil rated/non GST supply)","Non-GST Supplies"',
      '"Inter-State supplies to registered persons",0,0,0',
      '"Intra-State supplies to registered persons",0,0,0',
      '"Inter-State supplies to unregistered persons",0,0,0',
      '"Intra-State supplies to unregistered persons",0,150,0',
    ]);
    expect(await csv('docs')).toEqual([
      '"Nature of Document","Sr. No. From","Sr. No. To","Total Number","Cancelled"',
      '"Invoices for outward supply","M/26-27/000002","M/26-27/000005",4,1',
    ]);
  });

  it('warns of a gap in the numbering, at the start of the month and inside it, and of an HSN code the portal rejects', async () => {
    const first = await packedOrder([{ id: tomato.id, quantity: 1 }]);
    const second = await packedOrder([{ id: ghee.id, quantity: 0.5 }]);
    // As if bills 000006 and 000008 had been lost: the December bills are 000007 and 000009.
    await t.db
      .update(orderBills)
      .set({ invoiceSeq: 9, invoiceNumber: 'M/26-27/000009' })
      .where(eq(orderBills.orderId, second._id));
    await t.db
      .update(orderBills)
      .set({ invoiceSeq: 7, invoiceNumber: 'M/26-27/000007' })
      .where(eq(orderBills.orderId, first._id));
    await t.db
      .update(orderItems)
      .set({ hsnCode: '07' })
      .where(and(eq(orderItems.orderId, first._id)));
    const answer = body<Answer>(await gstr1('?period=122026'));
    expect(answer.warnings.map((warning) => [warning.code, warning.values])).toEqual([
      ['gstHsnInvalid', { hsn: '07', bills: 'M/26-27/000007' }],
      ['gstNumberGap', { from: 'M/26-27/000006', to: 'M/26-27/000006' }],
      ['gstNumberGap', { from: 'M/26-27/000008', to: 'M/26-27/000008' }],
    ]);
    expect(answer.warnings[1]?.message).toBe(
      'Bill numbers M/26-27/000006 to M/26-27/000006 are missing from the series: the GST portal expects no gap, so note why',
    );
    expect(answer.reconciled).toBe(true);
  });

  it('files a month with bills of both forms: one Documents-issued row per series, every new number of 16 characters at most', async () => {
    // April 2027, a new financial year: the last bill of the old 20-character form, then the shop
    // is upgraded and numbers in the series M (decision 0055).
    clock = new Date('2027-04-04T06:00:00Z');
    const old = await packedOrder([{ id: tomato.id, quantity: 1 }]);
    await t.db
      .update(orderBills)
      .set({ invoiceSeries: 'MANDI', invoiceSeq: 1, invoiceNumber: 'MANDI/2027-28/000001' })
      .where(eq(orderBills.orderId, old._id));
    // Its number came from the new series' counter: the series M starts at 000001 after all.
    await t.db
      .delete(invoiceCounters)
      .where(and(eq(invoiceCounters.series, 'M'), eq(invoiceCounters.financialYear, '2027-28')));
    clock = new Date('2027-04-05T06:00:00Z');
    const fresh = [
      await packedOrder([{ id: ghee.id, quantity: 0.5 }]),
      await packedOrder([{ id: tomato.id, quantity: 2 }]),
    ];
    for (const order of fresh) expect(order.invoiceNumber?.length).toBeLessThanOrEqual(16);
    const response = await gstr1('?period=042027');
    const answer = body<Answer>(response);
    expect(answer.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [
          { num: 1, from: 'M/27-28/000001', to: 'M/27-28/000002', totnum: 2, cancel: 0, net_issue: 2 },
          { num: 2, from: 'MANDI/2027-28/000001', to: 'MANDI/2027-28/000001', totnum: 1, cancel: 0, net_issue: 1 },
        ],
      },
    ]);
    // Only the number issued in the old form is too long; no gap in either series.
    expect(answer.warnings.map((warning) => [warning.code, warning.values])).toEqual([
      ['gstNumberTooLong', { number: 'MANDI/2027-28/000001', length: 20 }],
    ]);
    // The file fits the portal's schema but for the old number itself, which the warning names: an
    // issued number is never rewritten.
    const file = JSON.parse((await gstr1('?period=042027&format=portal')).body);
    expect(jsonSchemaProblems(SCHEMA, file)).toEqual([
      '/doc_issue/doc_det/0/docs/1/from: is too long',
      '/doc_issue/doc_det/0/docs/1/to: is too long',
    ]);
    const newSeriesOnly = structuredClone(file);
    newSeriesOnly.doc_issue.doc_det[0].docs.splice(1, 1);
    expect(jsonSchemaProblems(SCHEMA, newSeriesOnly)).toEqual([]);
    expect(answer.reconciled).toBe(true);
  });

  it('refuses a bad period, format or table, and answers only admins', async () => {
    const cases: [string, string][] = [
      ['?period=132026', 'gstPeriodInvalid'],
      ['?period=2026-11', 'gstPeriodInvalid'],
      ['?period=011999', 'gstPeriodInvalid'],
      ['?format=xml', 'gstFormatInvalid'],
      ['?format=csv', 'gstTableInvalid'],
      ['?format=csv&table=b2b', 'gstTableInvalid'],
    ];
    for (const [query, code] of cases) {
      const response = await gstr1(query);
      expect(response.statusCode, query).toBe(400);
      expect(body(response).code, query).toBe(code);
    }
    expect((await gstr1('', shopperCookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/gst/gstr1' })).statusCode).toBe(401);
  });
});

describe('a shop without a GSTIN', () => {
  it('has no GST return to make: 409', async () => {
    const unregistered = await buildTestApp();
    try {
      const cookie = await sessionCookie(unregistered.db, (await createUser(unregistered.db, { role: 'Admin' })).id);
      const response = await gstr1('?period=112026', cookie, () => unregistered.app);
      expect(response.statusCode).toBe(409);
      expect(body(response).code).toBe('gstNoGstin');
    } finally {
      await unregistered.close();
    }
  });
});
