/**
 * The interface's texts (decision 0011): each feature defines its English texts with `defineTexts`
 * beside its code, so English travels in the chunk that uses it. English is the source language and
 * needs no catalogue; choosing Hindi loads Lingui (`@lingui/core`) with the compiled Hindi catalogue
 * in one lazy chunk, so neither is in the first page's JavaScript.
 */
import type { I18n } from '@lingui/core';

export type Language = 'en' | 'hi';

/** A text of the interface: Lingui's message descriptor (its id and the English message). */
export type Text = { readonly id: string; readonly message: string };
export type TextsOf<T extends Record<string, string>> = { readonly [K in keyof T]: Text };
/** A translation of a feature's texts: every key of the English texts, nothing more. */
export type Translation<T> = { readonly [K in keyof T]: string };
/** What a `*.texts.hi.ts` file exports: the namespace of the English texts and their Hindi. */
export type HindiTexts = { readonly namespace: string; readonly texts: Readonly<Record<string, string>> };
export type Values = Record<string, string | number>;

type Compiled = string | [string];
/**
 * Lingui's compiled form of a message with `{name}` placeholders: text parts and `[name]` parts.
 * Mandi's texts use plain placeholders only, so Lingui's ICU parser stays out of the bundle.
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

export function defineTexts<const T extends Record<string, string>>(namespace: string, english: T): TextsOf<T> {
  englishNamespaces.set(namespace, english);
  const texts: Record<string, Text> = {};
  for (const [key, message] of Object.entries(english)) {
    const id = `${namespace}.${key}`;
    if (!idOfEnglish.has(message)) idOfEnglish.set(message, id);
    texts[key] = { id, message };
  }
  return texts as TextsOf<T>;
}

/** The active language and Lingui, once Hindi has been loaded (language.ts sets both). */
export const active: { language: Language; i18n: I18n | null } = { language: 'en', i18n: null };

const fill = (message: string, values?: Values) =>
  values ? message.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole)) : message;

/**
 * A text in the active language. A plain string is a text that came from elsewhere (a server
 * message, a spec text): translated when it is a known English text, otherwise shown as it is.
 */
export function translate(text: Text | string, values?: Values): string {
  const { i18n } = active;
  if (active.language === 'en' || !i18n) return fill(typeof text === 'string' ? text : text.message, values);
  const id = typeof text === 'string' ? idOfEnglish.get(text) : text.id;
  const english = typeof text === 'string' ? text : text.message;
  // A text without a Hindi entry (a server message the shop does not know) stays as sent.
  return id && id in i18n.messages ? i18n._(id, values) : fill(english, values);
}

export function hindiMessages(catalogue: readonly HindiTexts[]): Record<string, Compiled[]> {
  const messages: Record<string, Compiled[]> = {};
  for (const { namespace, texts } of catalogue) {
    for (const [key, text] of Object.entries(texts)) messages[`${namespace}.${key}`] = compileText(text);
  }
  return messages;
}
