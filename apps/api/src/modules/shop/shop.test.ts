/**
 * The shop profile (decision 0028): anyone reads it, only an admin saves it, every field is checked
 * with its coded message (and nothing is saved on a refusal), a partial save keeps the other fields,
 * and `demo` follows the seed until the first save. Runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gstinCheckCharacter } from '@mandi/shared/kernel';
import { POLICY_MAX_LENGTH, type Shop, shopAnswerSchema } from '@mandi/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { loadConfig } from '../../config.js';
import { shopProfile } from '../../db/schema.js';
import { prepareDatabase } from '../../seed/first-start.js';
import { seedDatabase } from '../../seed/seed.js';
import { shortNameOf } from './shop.presenter.js';
import { ensureShopProfile, loadShop } from './shop.service.js';

let t: TestApp;
let adminCookie: string;
let shopperCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ SHOP_NAME: 'Sabzi Wala', SHOP_FSSAI: '12345678901234', SHOP_PHONE: '9822012345' });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db)).id);
});
afterAll(() => t.close());

async function getShop(): Promise<Shop> {
  const response = await t.app.inject({ url: '/api/shop' });
  expect(response.statusCode).toBe(200);
  return shopAnswerSchema.parse(body(response)).shop;
}
const put = (payload: unknown, cookie = adminCookie) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/shop', headers: { cookie }, payload: payload as object });

/** A valid GSTIN of a state code and PAN (its check character computed). */
const gstinFor = (code: string, pan = 'AAJCM4321F') => `${code}${pan}1Z${gstinCheckCharacter(`${code}${pan}1Z`)}`;

describe('GET /api/shop', () => {
  it('answers anyone with the profile the settings filled, default texts in both languages, not the demo', async () => {
    const shop = await getShop();
    expect(shop).toMatchObject({
      name: 'Sabzi Wala',
      legalName: 'Mandi Fresh Produce',
      address: '12 Market Road, Shivajinagar, Pune 411005',
      state: 'Maharashtra',
      phone: '9822012345',
      email: null,
      fssaiNumber: '12345678901234',
      gstin: null,
      upiId: null,
      grievanceOfficer: { name: null, email: null, phone: null },
      demo: false,
    });
    expect(shop.about).toContain('Sabzi Wala is a neighbourhood shop');
    expect(shop.aboutHi).toContain('Sabzi Wala');
    for (const texts of [shop.policies, shop.policiesHi]) {
      for (const text of Object.values(texts)) expect(text.length).toBeGreaterThan(200);
    }
    expect(shop.policies.returns).toContain('24 hours');
    expect(shop.policies.privacy).toContain('Digital Personal Data Protection Act, 2023');
    expect(shop.policies.privacy).toContain('72 months');
    expect(shop.policies.refunds).toContain('7 days');
    expect(shop.policiesHi.privacy).toContain('72 महीने');
  });
});

describe('PUT /api/admin/shop', () => {
  it('is for admins only: 401 for a visitor, 403 for a shopper, nothing changed', async () => {
    expect((await put({ name: 'Nope' }, '')).statusCode).toBe(401);
    expect((await put({ name: 'Nope' }, shopperCookie)).statusCode).toBe(403);
    expect((await getShop()).name).toBe('Sabzi Wala');
  });

  const refusals: [string, unknown, string][] = [
    ['an empty name', { name: '  ' }, 'shopNameLength'],
    ['a long name', { name: 'x'.repeat(101) }, 'shopNameLength'],
    ['an empty legal name', { legalName: '' }, 'shopLegalNameLength'],
    ['a long legal name', { legalName: 'x'.repeat(101) }, 'shopLegalNameLength'],
    ['an empty address', { address: '' }, 'shopAddressLength'],
    ['a long address', { address: 'x'.repeat(301) }, 'shopAddressLength'],
    ['an unknown state', { state: 'Atlantis' }, 'shopStateUnknown'],
    ['a GSTIN of the wrong shape', { gstin: '27AAJCM4321F1Z' }, 'gstinFormat'],
    ['a GSTIN with a wrong check character', { gstin: '27AAJCM4321F1ZM' }, 'gstinCheckCharacter'],
    ['a GSTIN of another state', { gstin: gstinFor('29') }, 'gstinStateCode'],
    ['a state that does not match the GSTIN saved with it', { state: 'Goa', gstin: gstinFor('27') }, 'gstinStateCode'],
    ['a UPI id without a bank', { upiId: 'mandi' }, 'upiIdInvalid'],
    ['an FSSAI number of 13 digits', { fssaiNumber: '1234567890123' }, 'fssaiDigits'],
    ['an FSSAI number with letters', { fssaiNumber: '1234567890123A' }, 'fssaiDigits'],
    ['a phone of 9 digits', { phone: '982201234' }, 'shopPhoneDigits'],
    ['an email that is not one', { email: 'shop@' }, 'emailInvalid'],
    ['a long grievance officer name', { grievanceOfficer: { name: 'x'.repeat(101) } }, 'grievanceNameMax'],
    ['a grievance officer email that is not one', { grievanceOfficer: { email: 'nobody' } }, 'emailInvalid'],
    ['a grievance officer phone of 11 digits', { grievanceOfficer: { phone: '98220123456' } }, 'grievancePhoneDigits'],
    ['a long About text', { about: 'x'.repeat(5001) }, 'aboutMax'],
    ['a long Hindi About text', { aboutHi: 'x'.repeat(5001) }, 'aboutMax'],
    ['a long policy', { policies: { returns: 'x'.repeat(POLICY_MAX_LENGTH + 1) } }, 'policyMax'],
    ['a long Hindi policy', { policiesHi: { terms: 'x'.repeat(POLICY_MAX_LENGTH + 1) } }, 'policyMax'],
    ['an unknown field', { name: 'Fine', owner: 'me' }, 'shopFieldsUnknown'],
    ['an unknown policy', { policies: { shipping: 'text' } }, 'shopFieldsUnknown'],
    ['an unknown field of the grievance officer', { grievanceOfficer: { mobile: '9822012345' } }, 'shopFieldsUnknown'],
    ['demo set by hand', { demo: false }, 'shopFieldsUnknown'],
    ['no field at all', {}, 'shopNothingToSave'],
    ['only empty groups', { policies: {}, grievanceOfficer: {} }, 'shopNothingToSave'],
  ];
  it.each(refusals)('refuses %s with its coded message and saves nothing', async (_what, payload, code) => {
    const before = await getShop();
    const response = await put(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(body(response)).toMatchObject({ success: false, code });
    expect(await getShop()).toEqual(before);
  });

  it('saves the fields given, keeps the others, ends the demo, and checks a GSTIN against the state', async () => {
    const before = await getShop();
    const response = await put({
      name: '  Hari Sabzi  ',
      state: 'karnataka',
      gstin: gstinFor('29').toLowerCase(),
      upiId: 'hari.sabzi@okaxis',
      email: 'Shop@Example.com',
      grievanceOfficer: { name: 'Meena Rao', phone: '9822099999' },
      policies: { returns: 'Check at the door.' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = shopAnswerSchema.parse(body(response)).shop;
    // The default texts name the shop as it is now: a rename carries into them (decision 0056).
    const renamed = (text: string) => text.replaceAll(before.name, 'Hari Sabzi');
    const renamedPolicies = (policies: typeof before.policies) =>
      Object.fromEntries(Object.entries(policies).map(([key, text]) => [key, renamed(text)])) as typeof policies;
    expect(saved.about).toMatch(/^Hari Sabzi is a neighbourhood shop/);
    expect(saved).toEqual({
      ...before,
      about: renamed(before.about),
      aboutHi: renamed(before.aboutHi),
      tagline: renamed(before.tagline),
      taglineHi: renamed(before.taglineHi),
      policiesHi: renamedPolicies(before.policiesHi),
      name: 'Hari Sabzi',
      state: 'Karnataka',
      gstin: gstinFor('29'),
      upiId: 'hari.sabzi@okaxis',
      email: 'shop@example.com',
      grievanceOfficer: { name: 'Meena Rao', email: null, phone: '9822099999' },
      policies: { ...renamedPolicies(before.policies), returns: 'Check at the door.' },
      demo: false,
    });
    expect(await getShop()).toEqual(saved);

    // Empty optional fields become null; one grievance field alone keeps the other two.
    const cleared = await put({ phone: '', fssaiNumber: null, grievanceOfficer: { email: 'meena@example.com' } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await getShop()).toEqual({
      ...saved,
      phone: null,
      fssaiNumber: null,
      grievanceOfficer: { name: 'Meena Rao', email: 'meena@example.com', phone: '9822099999' },
    });
    // A GSTIN removed, the state may change freely.
    expect((await put({ gstin: null, state: 'Goa' })).statusCode).toBe(200);
    expect(await getShop()).toMatchObject({ gstin: null, state: 'Goa' });
  });

  it('saves the home page line in each language, at most 200 characters', async () => {
    const saved = await put({ tagline: '  Sabzi from our own farms  ', taglineHi: 'अपने खेतों की सब्ज़ी' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await getShop()).toMatchObject({ tagline: 'Sabzi from our own farms', taglineHi: 'अपने खेतों की सब्ज़ी' });
    const before = await getShop();
    const tooLong = await put({ tagline: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(body(tooLong)).toMatchObject({ code: 'taglineMax', values: { max: 200 } });
    expect(await getShop()).toEqual(before);
  });
});

describe('the demo identity', () => {
  it('is off after a first start with SEED=none, which writes the profile from the settings', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-shop-first-start-'));
    const config = loadConfig({ NODE_ENV: 'test', SEED: 'none', DATA_DIR: dataDir, SHOP_NAME: 'Sabzi Wala' });
    const { database } = await prepareDatabase(config);
    try {
      expect(await loadShop(database.db, config)).toMatchObject({ name: 'Sabzi Wala', demo: false });
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('is on for a database seeded with the demo data, until the first save; off with SEED=none', async () => {
    const demo = await buildTestApp({ SEED: 'demo' });
    try {
      const { db, config } = demo;
      // A fresh database as the first start finds it: seeded, then the profile written.
      await db.delete(shopProfile);
      const seeded = await seedDatabase(db, { ...config, seed: 'demo' });
      expect(seeded.withDemoData).toBe(true);
      await ensureShopProfile(db, config, true);
      // A second process starting at once writes nothing more.
      await ensureShopProfile(db, config, false);
      expect((await loadShop(db, config)).demo).toBe(true);
      const admin = await createUser(db, { role: 'Admin' });
      const saved = await demo.app.inject({
        method: 'PUT',
        url: '/api/admin/shop',
        headers: { cookie: await sessionCookie(db, admin.id) },
        payload: { about: 'Our own shop.' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(shopAnswerSchema.parse(body(saved)).shop).toMatchObject({ about: 'Our own shop.', demo: false });
      expect((await loadShop(db, config)).demo).toBe(false);
    } finally {
      await demo.close();
    }
    expect((await getShop()).demo).toBe(false);
  }, 120_000);
});

describe('the installable app’s manifest (issue 30)', () => {
  it('names the shop as its profile does, with icons of 192 and 512 px, and follows a save', async () => {
    const response = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = body<{
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    }>(response);
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone', theme_color: '#166534' });
    expect(manifest.name).toBe((await getShop()).name);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    // Every icon it names is a file of the web app.
    for (const icon of manifest.icons) {
      expect(fs.existsSync(path.join(import.meta.dirname, '../../../../web/public', icon.src))).toBe(true);
    }

    expect((await put({ name: 'Green Valley Organic Farms' })).statusCode).toBe(200);
    const renamed = body<{ name: string; short_name: string }>(await t.app.inject({ url: '/manifest.webmanifest' }));
    expect(renamed).toMatchObject({ name: 'Green Valley Organic Farms', short_name: 'Green Valley' });
  });
});

describe('shortNameOf', () => {
  it('keeps a short name, cuts a long one at a word, and a long single word at 12 characters', () => {
    expect(shortNameOf('Mandi')).toBe('Mandi');
    expect(shortNameOf('Green Valley Organic Farms')).toBe('Green Valley');
    expect(shortNameOf('Sabziwalaaaaaaaaa Store')).toBe('Sabziwalaaaa');
  });
});
