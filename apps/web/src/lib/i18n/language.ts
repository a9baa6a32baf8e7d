/**
 * The chosen language: English by default, Hindi when chosen. The choice is kept in localStorage,
 * `<html lang>` follows it, and the Hindi catalogue is fetched (a dynamic import) the first time
 * Hindi is chosen, so English visitors never download it.
 */
import { active, type Language } from './texts';

export const LANGUAGE_STORAGE_KEY = 'mandi.language';

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === 'hi' || value === 'en' ? value : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

/** Calls `onChange` after every change of language; returns the unsubscribe. */
export function onLanguageChange(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export function currentLanguage(): Language {
  return active.language;
}

let hindiLoaded: Promise<void> | null = null;

function loadHindi(): Promise<void> {
  hindiLoaded ??= import('./hindi-catalogue')
    .then(({ loadHindiTexts }) => {
      active.hindi = loadHindiTexts();
    })
    .catch((error: unknown) => {
      hindiLoaded = null;
      throw error;
    });
  return hindiLoaded;
}

/** Switches the interface (loading Hindi first when needed), `<html lang>` and the stored choice. */
export async function setLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (language === 'hi') await loadHindi();
  document.documentElement.lang = language;
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Private mode without storage: the choice lasts until the page is closed.
    }
  }
  if (active.language === language) return;
  active.language = language;
  for (const listener of listeners) listener();
}

/** At start: the remembered language, before the first render so Hindi readers see no English flash. */
export async function startLanguage(): Promise<void> {
  const language = storedLanguage() ?? 'en';
  if (language === 'en') {
    document.documentElement.lang = 'en';
    return;
  }
  await setLanguage(language, { remember: false }).catch(() => setLanguage('en', { remember: false }));
}
