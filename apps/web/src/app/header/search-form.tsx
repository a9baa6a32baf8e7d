/**
 * The header's search: a keyword opens the products screen searched for it; nothing opens every
 * product. As the shopper types, suggestions (picture, name, ₹ per unit) open under the field as an ARIA
 * combobox, inside the search panel (which grows with them; the list scrolls past a phone's half
 * screen): arrow keys move through them, Enter opens the highlighted product's page, Enter with
 * none highlighted searches the typed text, Escape closes them. Each suggestion is a link to its
 * product page, so a tap or a click opens it.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { ratePerUnit, type Suggestion, useSuggestions } from '../../features/catalog';
import { useT } from '../../lib/i18n';
import { sizedImage } from '../../lib/sized-image';
import { shellTexts as x } from '../shell.texts';
import { useDebouncedValue } from './use-debounced-value';

/** Suggestions are asked for once typing pauses this long. */
export const SUGGEST_DEBOUNCE_MS = 150;

export function SearchForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const t = useT();
  const inputId = useId();
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  const [text, setText] = useState('');
  const [isListOpen, setIsListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDebouncedValue(text, SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions(typed, { keepPrevious: true });
  const options: Suggestion[] = typed.trim() ? (suggestions.data ?? []) : [];
  const isExpanded = isListOpen && options.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  function go(to: string) {
    navigate(to);
    onDone();
  }

  function closeList() {
    setIsListOpen(false);
    setActive(-1);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    go(trimmed ? paths.productSearch(trimmed) : paths.products());
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      setIsListOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Past either end the highlight goes back to the field (-1), as in a native autocomplete.
      const last = options.length - 1;
      setActive((current) => {
        if (!isExpanded) return step === 1 ? 0 : last;
        if (step === 1) return current === last ? -1 : current + 1;
        return current === -1 ? last : current - 1;
      });
    } else if (event.key === 'Enter' && isExpanded && active >= 0) {
      const chosen = options[active];
      if (!chosen) return;
      event.preventDefault();
      go(paths.product(chosen._id));
    } else if (event.key === 'Escape' && isExpanded) {
      // Closes the list only; a second Escape closes the search panel.
      event.preventDefault();
      event.stopPropagation();
      closeList();
    }
  }

  return (
    <search>
      <form onSubmit={handleSubmit} className="p-4">
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={inputId} className="field-label">
              {t(x.searchProducts)}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              name="search"
              type="search"
              placeholder={t(x.searchPlaceholder)}
              autoComplete="off"
              enterKeyHint="search"
              className="field-input"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={isExpanded}
              aria-controls={listboxId}
              aria-activedescendant={isExpanded && active >= 0 ? optionId(active) : undefined}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setIsListOpen(true);
                setActive(-1);
              }}
              onKeyDown={handleKeyDown}
              // Options never take the focus (see onMouseDown below), so leaving the field leaves the list.
              onBlur={closeList}
            />
          </div>
          <button type="submit" className="btn-primary h-[2.625rem]">
            {t(x.search)}
          </button>
        </div>
        {/* In the panel's flow, so the panel grows with the list instead of clipping it. */}
        <div
          id={listboxId}
          role="listbox"
          aria-label={t(x.suggestions)}
          hidden={!isExpanded}
          className="mt-2 max-h-[min(28rem,55vh)] overflow-y-auto overscroll-contain rounded-xl border border-stone-200 bg-white py-1"
        >
          {isExpanded &&
            options.map((option, index) => (
              // Focus stays in the field (aria-activedescendant), which handles the keys for every option;
              // each option is still a real link, so a tap, a click or a middle click opens the product.
              <Link
                key={option._id}
                id={optionId(index)}
                to={paths.product(option._id)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                // Keeps the focus in the field, so the press is not a blur that closes the list first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={onDone}
                onMouseMove={() => setActive(index)}
                className="flex min-h-12 items-center gap-3 px-3 py-2 text-stone-900 no-underline aria-selected:bg-green-50"
              >
                {option.url ? (
                  <img
                    {...sizedImage(option.url, '40px')}
                    alt=""
                    width={40}
                    height={40}
                    className="h-10 w-10 shrink-0 rounded-lg object-cover"
                  />
                ) : (
                  <span className="h-10 w-10 shrink-0 rounded-lg bg-stone-100" />
                )}
                <span className="min-w-0 flex-1 font-medium break-words">{option.name}</span>
                <span className="shrink-0 text-sm text-stone-700">{ratePerUnit(option.rate, option.unit)}</span>
              </Link>
            ))}
        </div>
        <p role="status" className="sr-only">
          {isExpanded ? t(x.suggestionsCount, { count: options.length }) : ''}
        </p>
      </form>
    </search>
  );
}
