/**
 * The interface's texts (decision 0011): each feature defines its English texts with `defineTexts`
 * beside its code, so English travels in the chunk that uses it; the Hindi catalogue is loaded only
 * when Hindi is chosen. Lingui's runtime (`@lingui/core`) keeps the active language and interpolates.
 */
import { i18n } from '@lingui/core';

export type Language = 'en' | 'hi';
export const LANGUAGES: readonly Language[] = ['en', 'hi'];

/** A text of the interface: Lingui's message descriptor (its id and the English message). */
export type Text = { readonly id: string; readonly message: string };
export type TextsOf<T extends Record<string, string>> = { readonly [K in keyof T]: Text };
/** A translation of a feature's texts: every key of the English texts, nothing more. */
export type Translation<T> = { readonly [K in keyof T]: string };
/** What a `*.texts.hi.ts` file exports: the namespace of the English texts and their Hindi. */
export type HindiTexts = { readonly namespace: string; readonly texts: Readonly<Record<string, string>> };

type Compiled = string | [string];
/**
 * Lingui's compiled form of a message with `{name}` placeholders: text parts and `[name]` parts.
 * Only plain placeholders are used in Mandi's texts, so the ICU parser stays out of the bundle.
 */
export function compileText(text: string): Compiled[] {
  return text
    .split(/\{(\w+)\}/)
    .map((part, index): Compiled => (index % 2 === 1 ? [part] : part))
    .filter((part) => part !== '');
}

/** Every English namespace defined so far (the key test compares the Hindi catalogue with it). */
export const englishNamespaces = new Map<string, Readonly<Record<string, string>>>();
/** English text → its id, so a known English text (a server message, a spec text) can be translated. */
const idOfEnglish = new Map<string, string>();

function compiledMessages(namespace: string, texts: Readonly<Record<string, string>>) {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [`${namespace}.${key}`, compileText(text)]));
}

export function defineTexts<const T extends Record<string, string>>(namespace: string, english: T): TextsOf<T> {
  englishNamespaces.set(namespace, english);
  for (const [key, text] of Object.entries(english)) {
    if (!idOfEnglish.has(text)) idOfEnglish.set(text, `${namespace}.${key}`);
  }
  i18n.load('en', compiledMessages(namespace, english));
  return Object.fromEntries(
    Object.entries(english).map(([key, message]) => [key, { id: `${namespace}.${key}`, message }]),
  ) as unknown as TextsOf<T>;
}

export type Values = Record<string, string | number>;

/**
 * A text in the active language. A plain string is a text that came from elsewhere (a server
 * message, a spec text): translated when it is a known English text, otherwise shown as it is.
 */
export function translate(text: Text | string, values?: Values): string {
  if (typeof text === 'string') {
    if (i18n.locale === 'en' || !i18n.locale) return text;
    const id = idOfEnglish.get(text);
    return id ? i18n._(id, values) : text;
  }
  return i18n._(text.id, values, { message: text.message });
}

export function loadHindiMessages(catalogue: readonly HindiTexts[]): void {
  const messages: Record<string, Compiled[]> = {};
  for (const { namespace, texts } of catalogue) Object.assign(messages, compiledMessages(namespace, texts));
  i18n.load('hi', messages);
}

i18n.load('en', {});
i18n.activate('en');
