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

/** A text with placeholders that arrives filled in (a server message naming a product): its id and its shape. */
type FilledShape = { id: string; pattern: RegExp; names: string[]; fixedLength: number };
const filledShapes: FilledShape[] = [];

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 'Not enough stock for {name}' → /^Not enough stock for (.+?)$/ with names ['name']. */
export function filledShape(id: string, message: string): FilledShape {
  const names: string[] = [];
  let fixedLength = 0;
  const source = compileText(message)
    .map((part) => {
      if (typeof part === 'string') {
        fixedLength += part.length;
        return escapeForPattern(part);
      }
      names.push(part[0]);
      return '(.+?)';
    })
    .join('');
  return { id, pattern: new RegExp(`^${source}$`, 's'), names, fixedLength };
}

/**
 * Adds a shape, keeping the ones with the most fixed text first: "…move to {next} or Cancelled, not
 * {wanted}" must be tried before "…move to {next}, not {wanted}", which would also match it.
 */
function addFilledShape(shape: FilledShape) {
  const at = filledShapes.findIndex((other) => other.fixedLength < shape.fixedLength);
  filledShapes.splice(at === -1 ? filledShapes.length : at, 0, shape);
}

/**
 * Registers English texts under `namespace`. With `arriveFilled` (the server's messages), a text
 * with placeholders is also recognised once filled in ("Not enough stock for Desi Tomato"), so it
 * can be shown in the chosen language with the values as sent.
 */
export function defineTexts<const T extends Record<string, string>>(
  namespace: string,
  english: T,
  { arriveFilled = false }: { arriveFilled?: boolean } = {},
): TextsOf<T> {
  englishNamespaces.set(namespace, english);
  const texts: Record<string, Text> = {};
  for (const [key, message] of Object.entries(english)) {
    const id = `${namespace}.${key}`;
    if (!idOfEnglish.has(message)) idOfEnglish.set(message, id);
    if (arriveFilled && /\{\w+\}/.test(message)) addFilledShape(filledShape(id, message));
    texts[key] = { id, message };
  }
  return texts as TextsOf<T>;
}

/** The id and values of a known text that arrived filled in, if `sent` is one. */
function recogniseFilled(sent: string): { id: string; values: Values } | null {
  for (const { id, pattern, names } of filledShapes) {
    const match = pattern.exec(sent);
    if (match) return { id, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])) };
  }
  return null;
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
  if (id && id in i18n.messages) return i18n._(id, values);
  const filled = typeof text === 'string' && !values ? recogniseFilled(text) : null;
  if (filled && filled.id in i18n.messages) return i18n._(filled.id, filled.values);
  // A text without a Hindi entry (a server message the shop does not know) stays as sent.
  return fill(english, values);
}

export function hindiMessages(catalogue: readonly HindiTexts[]): Record<string, Compiled[]> {
  const messages: Record<string, Compiled[]> = {};
  for (const { namespace, texts } of catalogue) {
    for (const [key, text] of Object.entries(texts)) messages[`${namespace}.${key}`] = compileText(text);
  }
  return messages;
}
