/** The Hindi catalogue holds exactly the English texts' keys, with the same placeholders per key. */
import { describe, expect, it } from 'vitest';
import { createHindiI18n, hindiCatalogue } from './hindi-catalogue';
import { compileText, englishNamespaces } from './texts';

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
