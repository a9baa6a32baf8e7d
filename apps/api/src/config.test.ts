/** The shop's bill settings: checked at start, with a message that says what is wrong (decision 0010). */
import { gstinCheckCharacter } from '@mandi/shared/kernel';
import { describe, expect, it } from 'vitest';
import { DEMO_GSTIN, loadConfig } from './config.js';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('shop settings for bills', () => {
  it('has demo defaults: a Pune shop (the address in the footer), no GSTIN outside development, no UPI, prefix MND', () => {
    expect(load({}).shop).toEqual({
      name: 'Mandi',
      phone: undefined,
      email: undefined,
      fssaiNumber: undefined,
      legalName: 'Mandi Fresh Produce',
      address: expect.stringContaining('Pune'),
      state: 'Maharashtra',
      gstin: undefined,
      upiId: undefined,
      invoicePrefix: 'MND',
    });
    expect(loadConfig({ NODE_ENV: 'production' }).shop.gstin).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).shop.gstin).toBe(DEMO_GSTIN);
    expect(gstinCheckCharacter(DEMO_GSTIN.slice(0, 14))).toBe(DEMO_GSTIN[14]);
  });

  it('reads the shop profile settings of the first start: name, phone, email and FSSAI number, each checked', () => {
    expect(
      load({
        SHOP_NAME: 'Hari Sabzi',
        SHOP_PHONE: '9822012345',
        SHOP_EMAIL: 'Hi@Hari.in',
        SHOP_FSSAI: '11521999000456',
      }).shop,
    ).toMatchObject({ name: 'Hari Sabzi', phone: '9822012345', email: 'hi@hari.in', fssaiNumber: '11521999000456' });
    expect(() => load({ SHOP_PHONE: '98220' })).toThrow('SHOP_PHONE must be 10 digits');
    expect(() => load({ SHOP_EMAIL: 'nobody' })).toThrow('SHOP_EMAIL must be an email address');
    expect(() => load({ SHOP_FSSAI: '1234' })).toThrow('SHOP_FSSAI must be the 14-digit FSSAI number');
  });

  it('accepts a valid GSTIN of the shop state, any case, and a state name in any case', () => {
    const config = load({
      SHOP_STATE: 'maharashtra',
      SHOP_GSTIN: '27aapfu0939f1zv',
      SHOP_UPI_ID: 'mandi.fresh@okaxis',
    });
    expect(config.shop).toMatchObject({ state: 'Maharashtra', gstin: '27AAPFU0939F1ZV', upiId: 'mandi.fresh@okaxis' });
  });

  it.each([
    [{ SHOP_STATE: 'Atlantis' }, 'SHOP_STATE must be one of'],
    [{ SHOP_STATE: 'Maharashtra', SHOP_GSTIN: '27AAPFU0939F1ZW' }, 'SHOP_GSTIN check character is wrong'],
    [{ SHOP_STATE: 'Karnataka', SHOP_GSTIN: '27AAPFU0939F1ZV' }, 'state code 27, but SHOP_STATE Karnataka is 29'],
    [{ SHOP_GSTIN: '29AAJCM4321F1Z' }, 'SHOP_GSTIN must be 15 characters'],
    [{ SHOP_UPI_ID: 'not a upi id' }, 'SHOP_UPI_ID must look like name@bank'],
    [{ INVOICE_PREFIX: 'MANDI/X' }, 'INVOICE_PREFIX must be 1-3 capital letters or digits'],
    [{ INVOICE_PREFIX: 'MAND' }, 'INVOICE_PREFIX must be 1-3 capital letters or digits'],
    [{ INVOICE_PREFIX: 'M-1' }, 'INVOICE_PREFIX must be 1-3 capital letters or digits'],
  ])('refuses to start with %o', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });

  it('lists what a live shop still lacks at a production start, and nothing outside production (issue 42)', () => {
    expect(load({ NODE_ENV: 'production' }).goLiveWarnings.map((warning) => warning.message)).toEqual([
      'PUBLIC_URL is not set: mails, WhatsApp messages and page previews link to http://localhost:3000',
      'SMTP_URL is not set: mails are only written to DATA_DIR/outbox, never sent',
      'MAIL_FROM is not set: mails come from "Mandi <no-reply@mandi.local>"',
      'SHOP_GSTIN is not set: every bill is a Bill of Supply, with no GST charged or shown',
    ]);
    const live = load({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://sharma-sabzi.example',
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'Sharma Sabzi <orders@sharma-sabzi.example>',
      SHOP_STATE: 'Karnataka',
      SHOP_GSTIN: '29AAJCM4321F1ZJ',
    });
    expect(live.goLiveWarnings).toEqual([]);
    expect(load({}).goLiveWarnings).toEqual([]);
  });

  it('refuses to send on WhatsApp without the app secret that signs the status webhook (decision 0055)', () => {
    const sending = { WHATSAPP_TOKEN: 'token', WHATSAPP_PHONE_NUMBER_ID: '1234567890' };
    expect(() => load(sending)).toThrow('WHATSAPP_APP_SECRET: is required when WhatsApp sending is on');
    expect(load({ ...sending, WHATSAPP_APP_SECRET: 'secret' }).whatsapp.appSecret).toBe('secret');
    // Without sending, the webhook has nothing of the shop's to mark: no secret needed.
    expect(() => load({ WHATSAPP_TOKEN: 'token' })).not.toThrow();
  });
});
