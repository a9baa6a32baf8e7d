/** The Hindi catalogue holds exactly the English texts' keys, with the same placeholders per key. */
import { SERVER_MESSAGES } from '@mandi/shared/server-messages';
import { afterEach, describe, expect, it } from 'vitest';
import { createHindiI18n, hindiCatalogue } from './hindi-catalogue';
import { setLanguage } from './language';
import { active, compileText, englishNamespaces, translate } from './texts';

// Every English texts module of the app, so each one registers its namespace.
const englishModules = import.meta.glob('../../**/*.texts.ts', { eager: true });
const hindiFiles = Object.keys(import.meta.glob('../../**/*.texts.hi.ts'));

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the Hindi catalogue', () => {
  it('has a Hindi file beside every English texts file', () => {
    const english = Object.keys(englishModules).map((file) => file.replace(/\.texts\.ts$/, '.texts.hi.ts'));
    expect(english.length).toBeGreaterThan(5);
    expect(hindiFiles.sort()).toEqual(english.sort());
  });

  it('has every English namespace and no other', () => {
    const hindiNamespaces = hindiCatalogue.map((entry) => entry.namespace).sort();
    expect(new Set(hindiNamespaces).size).toBe(hindiNamespaces.length);
    expect(hindiNamespaces).toEqual([...englishNamespaces.keys()].sort());
  });

  it('has exactly the English keys, each with the same placeholders and a text', () => {
    for (const { namespace, texts } of hindiCatalogue) {
      const english = englishNamespaces.get(namespace) ?? {};
      expect(Object.keys(texts).sort(), namespace).toEqual(Object.keys(english).sort());
      for (const [key, hindi] of Object.entries(texts)) {
        const id = `${namespace}.${key}`;
        expect(hindi.trim(), id).not.toBe('');
        expect(placeholders(hindi), id).toEqual(placeholders(english[key] ?? ''));
      }
    }
  });

  it('gives Lingui every Hindi text, interpolated', () => {
    const i18n = createHindiI18n();
    expect(i18n._('shell.accountOf', { name: 'Asha' })).toBe('Asha का खाता');
    expect(i18n._('spec.cartEmpty')).toBe('आपकी कार्ट खाली है..!!');
  });

  it('compiles a text to Lingui’s compiled form', () => {
    expect(compileText('Cart, {count} items')).toEqual(['Cart, ', ['count'], ' items']);
    expect(compileText('{name} हटाएँ')).toEqual([['name'], ' हटाएँ']);
    expect(compileText("Something Went's To Wrong..!")).toEqual(["Something Went's To Wrong..!"]);
  });
});

describe('the server’s messages', () => {
  afterEach(() => setLanguage('en', { remember: false }));

  it('are the shared constants the API sends, each with a Hindi text and the same placeholders', () => {
    expect(englishNamespaces.get('server')).toBe(SERVER_MESSAGES);
    const hindi = hindiCatalogue.find((entry) => entry.namespace === 'server')?.texts ?? {};
    for (const [key, english] of Object.entries(SERVER_MESSAGES)) {
      expect(hindi[key], key).toBeTypeOf('string');
      expect(placeholders(hindi[key] ?? ''), key).toEqual(placeholders(english));
    }
    expect(Object.keys(hindi).sort()).toEqual(Object.keys(SERVER_MESSAGES).sort());
  });

  it('are shown in Hindi, also when they arrive with their values filled in', async () => {
    await setLanguage('hi', { remember: false });
    expect(active.i18n).not.toBeNull();
    expect(translate(SERVER_MESSAGES.badCredentials)).toBe('ईमेल या पासवर्ड गलत है');
    expect(translate('Not enough stock for Desi Tomato')).toBe('Desi Tomato का पूरा स्टॉक नहीं है');
    expect(translate('Too many attempts. Please try again in 12 minutes.')).toBe(
      'बहुत ज़्यादा कोशिशें हो गईं। कृपया 12 मिनट बाद फिर कोशिश करें।',
    );
    expect(translate('The 07:00-09:00 slot on 2026-03-12 is full: please choose another slot')).toBe(
      '2026-03-12 का 07:00-09:00 स्लॉट भर गया है: कृपया दूसरा स्लॉट चुनें',
    );
    // The shape with more fixed text wins, so "or Cancelled" is not read as part of a status.
    expect(translate('This order is Processing: it can only move to Shipped or Cancelled, not Delivered')).toBe(
      'यह ऑर्डर Processing है: यह सिर्फ़ Shipped या Cancelled हो सकता है, Delivered नहीं',
    );
    expect(translate('Password must be at least 8 characters')).toBe('पासवर्ड कम से कम 8 अक्षरों का होना चाहिए');
  });

  it('stay as sent when unknown, and in English', async () => {
    expect(translate('Not enough stock for Desi Tomato')).toBe('Not enough stock for Desi Tomato');
    await setLanguage('hi', { remember: false });
    expect(translate('Not enough stock, Desi Tomato')).toBe('Not enough stock, Desi Tomato');
    // Feature texts with placeholders are not guessed from arbitrary text: only the server's are.
    expect(translate('Account of Asha')).toBe('Account of Asha');
  });
});
