/**
 * The header's search: a keyword opens the products screen searched for it; nothing opens every
 * product. As the shopper types, suggestions (picture, name, ₹ per unit) open under the field as an ARIA
 * combobox: arrow keys move through them, Enter opens the highlighted one (its products screen, the
 * shop's product address), Enter with none highlighted searches the typed text, Escape closes them.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
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
      go(paths.productSearch(chosen.name));
    } else if (event.key === 'Escape' && isExpanded) {
      // Closes the list only; a second Escape closes the search panel.
      event.preventDefault();
      event.stopPropagation();
      closeList();
    }
  }

  return (
    <search>
      <form onSubmit={handleSubmit} className="flex items-end gap-2 p-4">
        <div className="relative flex-1">
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
          <div
            id={listboxId}
            role="listbox"
            aria-label={t(x.suggestions)}
            hidden={!isExpanded}
            className="absolute inset-x-0 top-full z-10 mt-1 max-h-96 overflow-y-auto rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
          >
            {isExpanded &&
              options.map((option, index) => (
                // Focus stays in the field (aria-activedescendant), which handles the keys for every option.
                // biome-ignore lint/a11y/useFocusableInteractive: the combobox field holds the focus
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox field handles the keys
                <div
                  key={option._id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // Keeps the focus in the field, so the click is not a blur that closes the list first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => go(paths.productSearch(option.name))}
                  onMouseMove={() => setActive(index)}
                  className="flex cursor-pointer items-center gap-3 px-3 py-2 aria-selected:bg-green-50"
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
                  <span className="flex-1 font-medium text-stone-900">{option.name}</span>
                  <span className="text-sm text-stone-600">{ratePerUnit(option.rate, option.unit)}</span>
                </div>
              ))}
          </div>
          <p role="status" className="sr-only">
            {isExpanded ? t(x.suggestionsCount, { count: options.length }) : ''}
          </p>
        </div>
        <button type="submit" className="btn-primary h-[2.625rem]">
          {t(x.search)}
        </button>
      </form>
    </search>
  );
}
