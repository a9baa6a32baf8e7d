/** The interface language a user chose (decision 0011): remembered by PUT /api/user/language, and every mail is written in it. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { users } from '../../db/schema.js';

let t: TestApp;
let hindi: { id: string; email: string };
let hindiCookie: string;
let englishCookie: string;
let adminCookie: string;

const shipping = { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };

beforeAll(async () => {
  t = await buildTestApp();
  hindi = await createUser(t.db, { firstName: 'Asha', lastName: 'Patel' });
  const english = await createUser(t.db, { firstName: 'Ravi', lastName: 'Kumar' });
  const admin = await createUser(t.db, { firstName: 'Meera', lastName: 'Rao', role: 'Admin' });
  hindiCookie = await sessionCookie(t.db, hindi.id);
  englishCookie = await sessionCookie(t.db, english.id);
  adminCookie = await sessionCookie(t.db, admin.id);
});
afterAll(() => t.close());

const setLanguage = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/language',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

async function languageOf(id: string) {
  const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, id));
  return row?.language;
}

async function place(productId: string, cookie: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems: [{ id: productId, quantity: 1 }], shippingInfo: shipping },
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  return body<{ order: { _id: string; orderNumber: number; orderItems: { _id: string }[] } }>(response).order;
}

describe('PUT /api/user/language', () => {
  it('is English for a new user, and only a logged-in user may change it', async () => {
    expect(await languageOf(hindi.id)).toBe('en');
    expect((await setLanguage({ language: 'hi' })).statusCode).toBe(401);
    expect(await languageOf(hindi.id)).toBe('en');
  });

  it('refuses any language but en and hi with a clear 400, changing nothing', async () => {
    for (const payload of [{ language: 'fr' }, { language: '' }, {}, { language: ['hi'] }]) {
      const response = await setLanguage(payload, hindiCookie);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(response).message).toMatch(/language must be en or hi|language/);
    }
    expect(await languageOf(hindi.id)).toBe('en');
  });

  it('remembers hi and answers it', async () => {
    const response = await setLanguage({ language: 'hi' }, hindiCookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(body(response)).toEqual({ success: true, language: 'hi' });
    expect(await languageOf(hindi.id)).toBe('hi');
  });
});

describe('mails in the user’s language', () => {
  it('writes the order confirmation and the final bill in Hindi for a Hindi user, in English for others', async () => {
    const product = await createProduct(t.db, { name: 'Brinjal', rate: 40, stockKg: 10, weightsKg: [1, 2] });
    t.mails.length = 0;
    const order = await place(product.id, hindiCookie);
    const second = await place(product.id, englishCookie);
    await t.settle();
    expect(t.mails).toHaveLength(2);
    const [hindiMail, englishMail] = t.mails;
    expect(hindiMail?.to).toBe(hindi.email);
    expect(hindiMail?.subject).toBe(`आपका मंडी ऑर्डर #${order.orderNumber}: ₹40`);
    expect(hindiMail?.text).toContain('नमस्ते Asha,');
    expect(hindiMail?.text).toContain('Brinjal: 1 किलो x ₹40/किलो');
    expect(hindiMail?.text).toContain('डिलीवरी चार्ज: मुफ़्त');
    expect(hindiMail?.html).toContain('<html lang="hi">');
    expect(englishMail?.subject).toBe(`Your Mandi order #${second.orderNumber}: ₹40`);
    expect(englishMail?.text).toContain('Hello Ravi,');
    expect(englishMail?.text).toContain('Brinjal: 1 Kg x ₹40/Kg');

    t.mails.length = 0;
    const pack = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order._id}/pack`,
      payload: { items: [{ _id: order.orderItems[0]?._id, packedQuantity: 1.04 }] },
      headers: { cookie: adminCookie },
    });
    expect(pack.statusCode, pack.body).toBe(200);
    await t.settle();
    expect(t.mails).toHaveLength(1);
    const bill = t.mails[0];
    // Paid in whole rupees (decision 0017): ₹41.60 rounds to ₹42.
    expect(bill?.subject).toBe(`आपका मंडी ऑर्डर #${order.orderNumber} पैक हो गया: देय रकम ₹42`);
    expect(bill?.text).toContain('- Brinjal: ऑर्डर 1 किलो, पैक 1.04 किलो, ₹41.60');
    expect(bill?.text).toContain('पूर्णांकन: ₹0.40');
    expect(bill?.text).toContain('देय रकम: ₹42');
    expect(bill?.html).toContain(
      '<th style="padding:6px 10px;border-bottom:1px solid #e7e5e4;text-align:left">सामान</th>',
    );
  });

  it('writes the password reset mail in Hindi for a Hindi user', async () => {
    t.mails.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/send-reset-password-email',
      payload: { email: hindi.email },
    });
    expect(response.statusCode, response.body).toBe(200);
    await t.settle();
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]?.subject).toBe('अपना मंडी पासवर्ड बदलें');
    expect(t.mails[0]?.text).toContain('नमस्ते Asha,');
    expect(t.mails[0]?.text).toContain('15 मिनट');
  });
});
