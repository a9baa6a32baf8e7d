/**
 * English / हिन्दी, in the header and the footer. Each name is written in its own language (and
 * marked with its `lang`), so a reader finds theirs whatever the page is in now.
 */
import { useState } from 'react';
import { type Language, setLanguage, useLanguage, useT } from '../../lib/i18n';
import { languageTexts } from '../../lib/i18n/language.texts';

const CHOICES: readonly { language: Language; name: string }[] = [
  { language: 'en', name: 'English' },
  { language: 'hi', name: 'हिन्दी' },
];

export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const t = useT();
  const current = useLanguage();
  const [failed, setFailed] = useState(false);
  const idle =
    tone === 'dark' ? 'text-green-100 hover:bg-white/10 hover:text-white' : 'text-stone-700 hover:bg-green-50';
  const chosen = tone === 'dark' ? 'bg-amber-400 text-stone-900' : 'bg-green-800 text-white';

  return (
    <div className="flex items-center gap-1">
      <fieldset className="flex items-center gap-1 rounded-full">
        <legend className="sr-only">{t(languageTexts.label)}</legend>
        {CHOICES.map(({ language, name }) => (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={current === language}
            onClick={() => {
              setFailed(false);
              setLanguage(language).catch(() => setFailed(true));
            }}
            className={`rounded-full px-2.5 py-1 text-sm font-semibold transition ${current === language ? chosen : idle}`}
          >
            {name}
          </button>
        ))}
      </fieldset>
      {failed && (
        <p role="alert" className={tone === 'dark' ? 'text-sm text-amber-200' : 'text-sm text-red-700'}>
          {t(languageTexts.failed)}
        </p>
      )}
    </div>
  );
}
