/** The Hindi catalogue holds exactly the English texts' keys, with the same placeholders per key. */
import { SERVER_MESSAGES } from '@mandi/shared/server-messages';
import { afterEach, describe, expect, it } from 'vitest';
import { hindiCatalogue, loadHindiTexts } from './hindi-catalogue';
import { setLanguage } from './language';
import { specTexts } from './spec.texts';
import { active, englishNamespaces, fillText, translate } from './texts';

// Every English texts module of the app, so each one registers its namespace.
const englishModules = import.meta.glob('../../**/*.texts.ts', { eager: true });
const hindiFiles = Object.keys(import.meta.glob('../../**/*.texts.hi.ts'));

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** The server's messages are the API's texts (SERVER_MESSAGES), not a web namespace: only their Hindi is here. */
const SERVER_NAMESPACE = 'server';

describe('the Hindi catalogue', () => {
  it('has a Hindi file beside every English texts file', () => {
    const english = Object.keys(englishModules).map((file) => file.replace(/\.texts\.ts$/, '.texts.hi.ts'));
    expect(english.length).toBeGreaterThan(5);
    expect(hindiFiles.sort()).toEqual(english.sort());
  });

  it('has every English namespace, and the server’s, and no other', () => {
    const hindiNamespaces = hindiCatalogue.map((entry) => entry.namespace).sort();
    expect(new Set(hindiNamespaces).size).toBe(hindiNamespaces.length);
    expect(hindiNamespaces).toEqual([...englishNamespaces.keys(), SERVER_NAMESPACE].sort());
  });

  it('has exactly the English keys, each with the same placeholders and a text', () => {
    for (const { namespace, texts } of hindiCatalogue) {
      const english: Readonly<Record<string, string>> =
        namespace === SERVER_NAMESPACE ? SERVER_MESSAGES : (englishNamespaces.get(namespace) ?? {});
      expect(Object.keys(texts).sort(), namespace).toEqual(Object.keys(english).sort());
      for (const [key, hindi] of Object.entries(texts)) {
        const id = `${namespace}.${key}`;
        expect(hindi.trim(), id).not.toBe('');
        expect(placeholders(hindi), id).toEqual(placeholders(english[key] ?? ''));
      }
    }
  });

  it('gives every Hindi text by its id', () => {
    const hindi = loadHindiTexts();
    expect(hindi.get('shell.accountOf')).toBe('{name} का खाता');
    expect(hindi.get('spec.cartEmpty')).toBe('आपकी कार्ट खाली है..!!');
    expect(hindi.get('server.notEnoughStockFor')).toBe('{name} का पूरा स्टॉक नहीं है');
  });

  it('fills {name} placeholders, and leaves one without a value visible', () => {
    expect(fillText('Cart, {count} items', { count: 2 })).toBe('Cart, 2 items');
    expect(fillText('{name} हटाएँ', { name: 'Asha' })).toBe('Asha हटाएँ');
    expect(fillText('The {start}-{end} slot', { start: '07:00' })).toBe('The 07:00-{end} slot');
    expect(fillText("Something Went's To Wrong..!")).toBe("Something Went's To Wrong..!");
  });
});

describe('translate', () => {
  afterEach(() => setLanguage('en', { remember: false }));
  // A text of no namespace (not registered, so the namespace check above is not disturbed).
  const texts = { greeting: { id: 'test.greeting', message: 'Hello {name}' } };

  it('shows a text object in English, filled with its values, until Hindi is chosen', async () => {
    expect(translate(specTexts.cartEmpty)).toBe('Your Cart Is Empty..!!');
    expect(translate(texts.greeting, { name: 'Asha' })).toBe('Hello Asha');
    await setLanguage('hi', { remember: false });
    expect(active.hindi).not.toBeNull();
    expect(translate(specTexts.cartEmpty)).toBe('आपकी कार्ट खाली है..!!');
    // A text without Hindi stays in English, filled.
    expect(translate(texts.greeting, { name: 'Asha' })).toBe('Hello Asha');
  });

  it('shows a server message of a known code in Hindi with its values, and an unknown code as sent', async () => {
    const stock = {
      id: 'server.notEnoughStockFor',
      message: 'Not enough stock for Desi {name}',
      values: { name: 'Desi {name}' },
    };
    // English is the message as sent: its values are already in it, never filled again.
    expect(translate(stock)).toBe('Not enough stock for Desi {name}');
    await setLanguage('hi', { remember: false });
    expect(translate(stock)).toBe('Desi {name} का पूरा स्टॉक नहीं है');
    expect(translate({ id: 'server.aCodeOfANewerServer', message: 'A new message', values: {} })).toBe('A new message');
  });
});
