/**
 * Failures carry the code and values of their message beside the English text (decision 0018).
 * The test app checks every failure any API test provokes (build-test-app.ts); this file shows
 * the shapes for a sample of each kind and that the check itself catches a wrong code.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from './build-test-app.js';
import { createUser, loginAs } from './factories.js';
import { messageCodeProblem } from './message-codes.js';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_PER_IP: '100000' });
  const admin = await createUser(t.db, { role: 'Admin' });
  adminCookie = await loginAs(t.app, admin.email);
});
afterAll(() => t.close());

async function failure(options: InjectOptions) {
  const response = await t.app.inject(options);
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  const answer = body(response);
  expect(messageCodeProblem(answer)).toBeNull();
  return { status: response.statusCode, answer };
}

describe('a failure answer', () => {
  it('names the code of a service’s message, with its values', async () => {
    const { status, answer } = await failure({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
    });
    expect(status).toBe(401);
    expect(answer).toEqual({
      success: false,
      message: 'Invalid email or password',
      code: 'badCredentials',
      values: {},
    });
  });

  it('names the code and values of a schema’s message, and of every line of a list', async () => {
    const { status, answer } = await failure({
      method: 'POST',
      url: '/api/user/register',
      payload: { firstName: 'Asha', lastName: '', email: 'not-an-email', password: 'short', confirmPassword: 'x' },
    });
    expect(status).toBe(400);
    expect(answer.code).toBe('lastNameRequired');
    expect(answer.errors).toEqual(
      expect.arrayContaining([
        { code: 'emailInvalid', values: {}, message: 'Email is not valid' },
        { code: 'passwordMin', values: { min: 8 }, message: 'Password must be at least 8 characters' },
      ]),
    );
  });

  it('gives a product write’s single message as a list with its code', async () => {
    const { status, answer } = await failure({
      method: 'POST',
      url: '/api/product/add',
      headers: { cookie: adminCookie },
      payload: { name: '', rate: 'x' },
    });
    expect(status).toBe(400);
    expect(Array.isArray(answer.message)).toBe(true);
    expect(answer.errors).toEqual(
      expect.arrayContaining([{ code: 'productNameRequired', values: {}, message: 'Name is required' }]),
    );
  });

  it('names the code of not found, guards and framework refusals', async () => {
    const notFound = await failure({ url: '/api/product/getSingleProduct/not-an-id' });
    expect(notFound.answer).toMatchObject({ code: 'productNotFound', values: {} });
    const visitor = await failure({ url: '/api/user/admin/orders' });
    expect(visitor.answer).toMatchObject({ code: 'loginToContinue', values: {} });
    const crossSite = await failure({
      method: 'POST',
      url: '/api/user/login',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(crossSite.answer).toMatchObject({ code: 'crossSite' });
    const notJson = await failure({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.answer).toMatchObject({ code: 'bodyNotJson' });
    const wrongType = await failure({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.answer).toMatchObject({ code: 'sendJson' });
    const noRoute = await failure({ url: '/api/no-such-route' });
    expect(noRoute.answer).toMatchObject({ code: 'noRoute', values: { method: 'GET', path: '/api/no-such-route' } });
    const badAddress = await failure({ url: '/api/product/getSingleProduct/%E0%A4%A' });
    expect(badAddress.answer).toMatchObject({ code: 'addressInvalid' });
    const zodWords = await failure({ url: '/api/admin/products?page=0', headers: { cookie: adminCookie } });
    expect(zodWords.answer).toMatchObject({ code: 'fieldInvalid', values: { field: 'page' } });
  });
});

describe('the check of every failure', () => {
  it('refuses an unknown code, values that do not fill the message back, and a list without errors', () => {
    expect(
      messageCodeProblem({ success: false, message: 'Not enough stock for Mango', code: 'noSuchCode', values: {} }),
    ).toMatch(/not a key/);
    expect(
      messageCodeProblem({
        success: false,
        message: 'Not enough stock for Mango',
        code: 'notEnoughStockFor',
        values: { name: 'Apple' },
      }),
    ).toMatch(/reads "Not enough stock for Apple"/);
    expect(
      messageCodeProblem({ success: false, message: ['Name is required'], code: 'productNameRequired', values: {} }),
    ).toMatch(/errors/);
    expect(messageCodeProblem({ success: false, message: 'Product not found' })).toMatch(/not a key/);
    // A value left out leaves its placeholder in the English too: the check still refuses it.
    expect(
      messageCodeProblem({
        success: false,
        message: 'Not enough stock for {name}',
        code: 'notEnoughStockFor',
        values: {},
      }),
    ).toMatch(/no value for name/);
    expect(
      messageCodeProblem({
        success: false,
        message: 'Not enough stock for Mango',
        code: 'notEnoughStockFor',
        values: { name: 'Mango' },
      }),
    ).toBeNull();
    expect(messageCodeProblem({ success: false, user: null, message: '' })).toBeNull();
  });
});
