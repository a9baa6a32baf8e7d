/**
 * The shop's profile on what the shop sends (decision 0028): after a save, the next bill PDF prints
 * the new name, address, GSTIN, FSSAI number and contact, the order mails (placed, final bill,
 * cancelled by the shop) are signed with them, and the UPI link pays the new UPI id. Runs on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import type { OrderView } from '../orders/orders.presenter.js';

let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
let okra: { id: string };

const SHIPPING = { address: '12 FC Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411004' };
const SAVED = {
  name: 'Hari Sabzi',
  legalName: 'Hari Sabzi Traders LLP',
  address: '5 Laxmi Road, Sadashiv Peth, Pune 411030',
  state: 'Maharashtra',
  gstin: '27AAJCM4321F1ZN',
  fssaiNumber: '11521999000456',
  phone: '9822012345',
  email: 'orders@harisabzi.in',
  upiId: 'harisabzi@okicici',
};

beforeAll(async () => {
  t = await buildTestApp({ SHOP_UPI_ID: 'old.shop@okaxis', SHOP_LEGAL_NAME: 'Old Shop Name' });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db, { firstName: 'Asha' })).id);
  okra = await createProduct(t.db, { name: 'Okra', rate: 60, stockKg: 100, weightsKg: [1, 2] });
});
afterAll(() => t.close());

const admin = (method: 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: adminCookie } });

async function placeAndPack(): Promise<OrderView> {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems: [{ id: okra.id, quantity: 1 }], shippingInfo: SHIPPING },
    headers: { cookie: shopperCookie },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = body<{ order: OrderView }>(placed).order;
  const packed = await admin('PUT', `/api/admin/orders/${order._id}/pack`, {
    items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: item.quantity })),
  });
  expect(packed.statusCode, packed.body).toBe(200);
  return body<{ order: OrderView }>(packed).order;
}

const upiOf = async (id: string) => {
  const response = await t.app.inject({ url: `/api/user/my/order/${id}/upi`, headers: { cookie: shopperCookie } });
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(new URL(body<{ upiUrl: string }>(response).upiUrl).searchParams);
};

describe('what the shop sends, after the profile is saved', () => {
  it('prints the saved seller, FSSAI number and contact on the bill, and pays the saved UPI id', async () => {
    const before = await placeAndPack();
    expect(await upiOf(before._id)).toMatchObject({ pa: 'old.shop@okaxis', pn: 'Old Shop Name' });
    const oldBill = await pdfText(
      (await t.app.inject({ url: `/api/user/my/order/${before._id}/invoice`, headers: { cookie: shopperCookie } }))
        .rawPayload,
    );
    expect(oldBill).toContain('Old Shop Name');
    expect(oldBill).not.toContain('FSSAI');

    const saved = await admin('PUT', '/api/admin/shop', SAVED);
    expect(saved.statusCode, saved.body).toBe(200);

    const order = await placeAndPack();
    for (const lang of ['en', 'hi'] as const) {
      const pdf = await t.app.inject({
        url: `/api/user/my/order/${order._id}/invoice?lang=${lang}`,
        headers: { cookie: shopperCookie },
      });
      expect(pdf.statusCode).toBe(200);
      const text = await pdfText(pdf.rawPayload);
      expect(text, lang).toContain('Hari Sabzi Traders LLP');
      expect(text, lang).toContain('5 Laxmi Road, Sadashiv Peth, Pune 411030');
      expect(text, lang).toContain('GSTIN: 27AAJCM4321F1ZN');
      // pdfjs splits a run where the script changes ("नं ."), so the Hindi label is read in parts.
      expect(text, lang).toMatch(
        lang === 'en' ? /FSSAI Lic\. No\.: 11521999000456/ : /FSSAI लाइसेंस नं ?\.: 11521999000456/,
      );
      expect(text, lang).toContain('orders@harisabzi.in');
      expect(text, lang).toContain('9822012345');
      expect(text, lang).not.toContain('Old Shop Name');
    }
    expect(await upiOf(order._id)).toMatchObject({ pa: 'harisabzi@okicici', pn: 'Hari Sabzi Traders LLP' });
  });

  it('signs the order placed, final bill and cancellation mails with the saved shop', async () => {
    await t.settle();
    t.mails.length = 0;
    const order = await placeAndPack();
    const cancelled = await admin('PUT', `/api/user/update/order/${order._id}`, { oStatus: 'Cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.settle();
    expect(t.mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your Hari Sabzi order #\d+: /),
      expect.stringMatching(/is packed/),
      expect.stringMatching(/has been cancelled/),
    ]);
    for (const mail of t.mails) {
      // Sent in the shop's name, replies to its address (decision 0056).
      expect(mail.from, mail.subject).toEqual({ name: 'Hari Sabzi', address: 'no-reply@mandi.local' });
      expect(mail.replyTo, mail.subject).toBe('orders@harisabzi.in');
      for (const part of [mail.text, mail.html]) {
        // The legal name already says the shop's name: once, not "Hari Sabzi (Hari Sabzi Traders LLP)".
        expect(part, mail.subject).toContain('Hari Sabzi Traders LLP');
        expect(part, mail.subject).not.toContain('Hari Sabzi (Hari Sabzi');
        expect(part, mail.subject).toContain('5 Laxmi Road, Sadashiv Peth, Pune 411030');
        expect(part, mail.subject).toContain('GSTIN: 27AAJCM4321F1ZN · FSSAI Lic. No.: 11521999000456');
        expect(part, mail.subject).toContain('Phone: 9822012345 · orders@harisabzi.in');
      }
    }
    // The final bill's attachment is the bill with the saved seller.
    const attachment = t.mails[1]?.attachments?.[0];
    expect(attachment?.contentType).toBe('application/pdf');
    expect(await pdfText(attachment?.content as Buffer)).toContain('FSSAI Lic. No.: 11521999000456');
  });
});
