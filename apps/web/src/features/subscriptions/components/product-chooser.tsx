/**
 * The standing order's product: the one chosen (picture, name, today's rate) with "Choose another
 * product", or a search field whose matches (the header's suggestions) are buttons to choose from.
 */

import { useEffect, useId, useRef, useState } from 'react';
import { ImagePlaceholder } from '../../../components/ui/image-placeholder';
import { useT } from '../../../lib/i18n';
import { sizedImage } from '../../../lib/sized-image';
import type { Product } from '../../../lib/types';
import { ratePerUnit, useSuggestions } from '../../catalog';
import { subscriptionsTexts as x } from '../subscriptions.texts';

function Picture({ url }: { url: string }) {
  return (
    <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-green-50 to-amber-50 p-1">
      {url ? (
        <img {...sizedImage(url, '44px')} alt="" width={44} height={44} className="h-full w-full object-contain" />
      ) : (
        <ImagePlaceholder />
      )}
    </span>
  );
}

export function ChosenProduct({ product, onChooseAnother }: { product: Product; onChooseAnother: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border-2 border-green-700 bg-green-50 p-3">
      <Picture url={product.url} />
      <div className="min-w-40 flex-1">
        <p className="font-bold break-words text-stone-900">{product.name}</p>
        <p className="text-sm text-stone-700">{ratePerUnit(product.rate, product.unit)}</p>
      </div>
      <button type="button" className="btn-secondary px-4 py-1.5 text-sm" onClick={onChooseAnother}>
        {t(x.chooseAnother)}
      </button>
    </div>
  );
}

export function ProductSearch({
  onChoose,
  problemId,
  hasProblem,
  autoFocus,
}: {
  onChoose: (productId: string) => void;
  /** The id of the field's problem text, when there is one. */
  problemId: string;
  hasProblem: boolean;
  autoFocus: boolean;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const suggestions = useSuggestions(text, { keepPrevious: true });
  const found = text.trim().length >= 2 ? (suggestions.data ?? []) : [];
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-search`} className="field-label">
        {t(x.findProduct)}
      </label>
      <input
        ref={input}
        id={`${id}-search`}
        name="product-search"
        type="search"
        className="field-input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-hint ${problemId}`}
        aria-invalid={hasProblem}
        autoComplete="off"
      />
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        {t(x.findProductHint)}
      </p>
      <div aria-live="polite">
        {found.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-label={t(x.productChoices)}>
            {found.map((suggestion) => (
              <li key={suggestion._id}>
                <button
                  type="button"
                  onClick={() => onChoose(suggestion._id)}
                  className="flex w-full items-center gap-3 rounded-xl border border-stone-300 bg-white p-2 text-left hover:border-green-700 hover:bg-green-50"
                >
                  <Picture url={suggestion.url} />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-stone-900">{suggestion.name}</span>
                    <span className="block text-sm text-stone-700">
                      {ratePerUnit(suggestion.rate, suggestion.unit)}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          suggestions.isSuccess &&
          text.trim().length >= 2 && <p className="text-sm text-stone-700">{t(x.noProductFound)}</p>
        )}
      </div>
    </div>
  );
}
