/**
 * A statement of a date range (default this month so far) as a PDF link: the link follows the
 * dates as they are typed, and is withheld while the range is backwards. The admin chooses the
 * statement's language; the shopper's follows the interface.
 */
import { useId, useState } from 'react';
import { type Language, useLanguage, useT } from '../../../lib/i18n';
import { type StatementRange, statementFileName } from '../api/khata';
import { khataTexts as x } from '../khata.texts';
import { thisMonth } from './khata-format';

export function StatementForm({
  urlOf,
  chooseLanguage = false,
  defaultLanguage,
  hint,
  headingLevel = 3,
}: {
  urlOf: (range: StatementRange) => string;
  /** Offer English or Hindi (the admin); else the interface's language (the shopper). */
  chooseLanguage?: boolean;
  /** The language chosen at first (the admin: the shopper's own). */
  defaultLanguage?: Language;
  hint?: string;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const id = useId();
  const interfaceLanguage = useLanguage();
  const [range, setRange] = useState(thisMonth);
  const [chosen, setChosen] = useState<Language | null>(defaultLanguage ?? null);
  const lang = chosen ?? interfaceLanguage;
  const isBackwards = range.from !== '' && range.to !== '' && range.from > range.to;
  const isComplete = range.from !== '' && range.to !== '';
  const full: StatementRange = { ...range, lang };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className="text-base font-bold text-stone-900">
        {t(x.statementHeading)}
      </Heading>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-from`} className="field-label">
            {t(x.from)}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="field-input"
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => setRange((old) => ({ ...old, from: event.target.value }))}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="field-label">
            {t(x.to)}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="field-input"
            value={range.to}
            min={range.from || undefined}
            onChange={(event) => setRange((old) => ({ ...old, to: event.target.value }))}
          />
        </div>
      </div>
      {chooseLanguage && (
        <div>
          <label htmlFor={`${id}-lang`} className="field-label">
            {t(x.statementLanguage)}
          </label>
          <select
            id={`${id}-lang`}
            className="field-input"
            value={lang}
            onChange={(event) => setChosen(event.target.value as Language)}
          >
            <option value="en">{t(x.english)}</option>
            <option value="hi">{t(x.hindi)}</option>
          </select>
        </div>
      )}
      {hint && <p className="text-sm text-stone-600">{hint}</p>}
      {isBackwards && (
        <p className="error-text" role="alert">
          {t(x.rangeProblem)}
        </p>
      )}
      {isComplete && !isBackwards ? (
        <a
          href={urlOf(full)}
          download={statementFileName(full)}
          aria-label={t(x.downloadStatementLabel, { from: range.from, to: range.to })}
          className="btn-secondary self-start"
        >
          {t(x.downloadStatement)}
        </a>
      ) : (
        <button type="button" className="btn-secondary self-start" disabled>
          {t(x.downloadStatement)}
        </button>
      )}
    </section>
  );
}
