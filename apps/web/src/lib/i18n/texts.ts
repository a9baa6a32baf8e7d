/**
 * The interface's texts (decisions 0011 and 0018): each feature defines its English texts with
 * `defineTexts` beside its code, so English travels in the chunk that uses it. English is the
 * source language and needs no catalogue; choosing Hindi loads the Hindi texts (plain strings by
 * id) in one lazy chunk. There is one way to show a text: `translate(text, values)` with a text
 * object, whether the text is the interface's own or a server message (its code, see api-client).
 */

import { LIVE_CORRECTIONS } from './live-corrections';

export type Language = 'en' | 'hi';

/**
 * A text: its id (`namespace.key`) and its English. A server message is a text too, with the
 * English as sent (already filled in) and its values bound, so Hindi can fill its own wording.
 */
export type Text = { readonly id: string; readonly message: string; readonly values?: Values };
export type TextsOf<T extends Record<string, string>> = { readonly [K in keyof T]: Text };
/** A translation of a feature's texts: every key of the English texts, nothing more. */
export type Translation<T> = { readonly [K in keyof T]: string };
/** What a `*.texts.hi.ts` file exports: the namespace of the English texts and their Hindi. */
export type HindiTexts = { readonly namespace: string; readonly texts: Readonly<Record<string, string>> };
export type Values = Readonly<Record<string, string | number>>;

/** Every English namespace defined so far (the key test compares the Hindi catalogue with it). */
export const englishNamespaces = new Map<string, Readonly<Record<string, string>>>();

/** Registers English texts under `namespace`: `texts.key` is `{ id: 'namespace.key', message }`. */
export function defineTexts<const T extends Record<string, string>>(namespace: string, english: T): TextsOf<T> {
  englishNamespaces.set(namespace, english);
  const texts: Record<string, Text> = {};
  for (const [key, message] of Object.entries(english)) texts[key] = { id: `${namespace}.${key}`, message };
  return texts as TextsOf<T>;
}

/**
 * The active language and the Hindi texts by id, once loaded (language.ts sets both); `live`: the
 * shop is a real one (its profile's `demo` is false), whose English corrects the spec's typos.
 */
export const active: { language: Language; hindi: ReadonlyMap<string, string> | null; live: boolean } = {
  language: 'en',
  hindi: null,
  live: false,
};

/** Whether the shop is live, not the demo (lib/shop sets it from the page's profile; decision 0056). */
export function setLiveShop(live: boolean): void {
  active.live = live;
}

/** `{name}` placeholders filled with their values; one without a value stays visible. */
export function fillText(text: string, values?: Values): string {
  return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole)) : text;
}

/**
 * A text in the active language. A text without Hindi (a server message of a code this build does
 * not know) is shown in English, as sent.
 */
export function translate(text: Text, values?: Values): string {
  const hindi = active.language === 'hi' ? active.hindi?.get(text.id) : undefined;
  if (hindi !== undefined) return fillText(hindi, values ?? text.values);
  const corrected = active.live ? LIVE_CORRECTIONS[text.id] : undefined;
  if (corrected !== undefined) return fillText(corrected, values ?? text.values);
  return text.values ? text.message : fillText(text.message, values);
}

/** The Hindi texts of a catalogue, by id. */
export function hindiTexts(catalogue: readonly HindiTexts[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const { namespace, texts: hindi } of catalogue) {
    for (const [key, text] of Object.entries(hindi)) texts.set(`${namespace}.${key}`, text);
  }
  return texts;
}
