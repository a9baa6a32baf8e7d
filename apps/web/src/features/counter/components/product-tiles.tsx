/**
 * The counter's shelf: a search box and the products as tiles in rate-board order, each with its
 * picture, English and Hindi names and rate. The search matches as the shop's search does
 * (English, Devanagari, Hindi in Latin letters through the product's other names), in memory, so
 * it works offline. Enter in the search box chooses the first product shown; ↓ goes to the tiles.
 */
import { isSearchMatch, productSearchText } from '@mandi/shared';
import { type KeyboardEvent, type RefObject, useId, useMemo, useRef } from 'react';
import { formatRupees, unitName, useT } from '../../../lib/i18n';
import { sizedImage } from '../../../lib/sized-image';
import type { CounterProduct } from '../api/counter-types';
import { rateAt } from '../bill';
import { counterTexts as x } from '../counter.texts';

interface Searchable {
  product: CounterProduct;
  searchText: string;
}

export function ProductTiles({
  products,
  query,
  onQuery,
  onChoose,
  searchRef,
}: {
  products: readonly CounterProduct[];
  query: string;
  onQuery: (query: string) => void;
  onChoose: (product: CounterProduct) => void;
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const t = useT();
  const inputId = useId();
  const headingId = useId();
  const tilesRef = useRef<HTMLUListElement>(null);
  const searchable = useMemo<Searchable[]>(
    () =>
      products.map((product) => ({
        product,
        searchText: productSearchText([product.name, product.nameHi, ...(product.aliases ?? [])]),
      })),
    [products],
  );
  const shown = searchable.filter((entry) => isSearchMatch(entry.searchText, query)).map((entry) => entry.product);

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      const first = shown[0];
      if (first) onChoose(first);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      tilesRef.current?.querySelector('button')?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onQuery('');
    }
  }

  return (
    <section aria-labelledby={headingId} className="card flex min-w-0 flex-col gap-3 p-3 sm:p-4">
      <h2 id={headingId} className="sr-only">
        {t(x.products)}
      </h2>
      <search>
        <label htmlFor={inputId} className="field-label">
          {t(x.search)}
        </label>
        <input
          ref={searchRef}
          id={inputId}
          type="search"
          autoComplete="off"
          enterKeyHint="done"
          className="field-input min-h-12 text-lg"
          placeholder={t(x.searchPlaceholder)}
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          onKeyDown={onSearchKey}
        />
      </search>
      {shown.length === 0 && query.trim() !== '' && (
        <p role="status" className="text-stone-700">
          {t(x.noMatch, { query: query.trim() })}
        </p>
      )}
      <ul
        ref={tilesRef}
        className="grid max-h-[45vh] grid-cols-2 gap-2 overflow-y-auto p-0.5 sm:grid-cols-3 lg:max-h-[calc(100vh-14rem)]"
      >
        {shown.map((product) => (
          <li key={product._id}>
            <ProductTile product={product} onChoose={onChoose} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProductTile({ product, onChoose }: { product: CounterProduct; onChoose: (product: CounterProduct) => void }) {
  const t = useT();
  const picture = sizedImage(product.image, '48px');
  const rate = formatRupees(rateAt(product, new Date()));
  return (
    <button
      type="button"
      onClick={() => onChoose(product)}
      // The picture beside the names from 400 px; above them on a small phone, so long names keep their words whole.
      className="flex h-full min-h-16 w-full flex-col items-start gap-1 rounded-xl border border-stone-200 bg-white p-2 text-left transition hover:border-green-700 hover:bg-green-50 min-[400px]:flex-row min-[400px]:items-center min-[400px]:gap-2"
    >
      <img
        {...picture}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        className="h-10 w-10 shrink-0 rounded-lg object-cover min-[400px]:h-12 min-[400px]:w-12"
      />
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold leading-tight break-words text-stone-900">{product.name}</span>
        {product.nameHi && (
          <span lang="hi" className="text-sm leading-tight text-stone-700">
            {product.nameHi}
          </span>
        )}
        <span className="text-sm font-semibold text-green-800">
          {t(x.ratePerUnit, { rate, unit: unitName(product.unit) })}
        </span>
      </span>
    </button>
  );
}
