/**
 * The pieces of an admin table paged, searched and sorted on the server (products, users): the
 * state lives in the address (`?q=&page=&sort=&order=`), so a reload, a shared link or the back
 * button shows the same rows; a labelled search box that waits for typing to pause; page links
 * with "Products x–y of n"; a step back to the last page when the rows of the page on screen are gone.
 */
import type { SortOrder } from '@mandi/shared';
import { formatIndianNumber } from '@mandi/shared/kernel';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type Text, useT } from '../../lib/i18n';
import { pageSpan } from '../../lib/page-span';
import { adminKitTexts as x } from './admin-kit.texts';

export interface ListParams<S extends string> {
  page: number;
  /** Search text, trimmed; '' for none. */
  q: string;
  sort?: S;
  order: SortOrder;
}

/** The API query of one page: `?page=&limit=` always (so the server pages), the rest when set. */
export function listQueryString<S extends string>(params: ListParams<S>, pageSize: number): string {
  const query = new URLSearchParams({ page: String(params.page), limit: String(pageSize) });
  if (params.q) query.set('q', params.q);
  if (params.sort) {
    query.set('sort', params.sort);
    query.set('order', params.order);
  }
  return query.toString();
}

/** The page asked for in the address; anything that is not a whole number from 1 up is page 1. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Reads the table's state from the address and builds the addresses that change it. */
export function useListParams<S extends string>(sorts: readonly S[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const sortValue = searchParams.get('sort');
  const sort = sorts.find((key) => key === sortValue);
  const params: ListParams<S> = {
    page: pageFrom(searchParams.get('page')),
    q: (searchParams.get('q') ?? '').trim(),
    sort,
    order: sort && searchParams.get('order') === 'desc' ? 'desc' : 'asc',
  };

  /** The address of a state: only what differs from the defaults, `?` alone for none. */
  const hrefOf = (next: ListParams<S>) => {
    const query = new URLSearchParams();
    if (next.q) query.set('q', next.q);
    if (next.sort) {
      query.set('sort', next.sort);
      if (next.order === 'desc') query.set('order', 'desc');
    }
    if (next.page > 1) query.set('page', String(next.page));
    return `?${query.toString()}`;
  };

  return {
    params,
    hrefOf,
    pageHref: (page: number) => hrefOf({ ...params, page }),
    /** A new search starts at page 1; typing replaces the history entry instead of adding one per pause. */
    setSearch: (q: string) => setSearchParams(hrefOf({ ...params, q: q.trim(), page: 1 }), { replace: true }),
    /** The column sorted already turns around; another column starts ascending, on page 1. */
    toggleSort: (key: S) =>
      setSearchParams(
        hrefOf({
          ...params,
          sort: key,
          order: params.sort === key && params.order === 'asc' ? 'desc' : 'asc',
          page: 1,
        }),
      ),
  };
}

/** How long the search box waits after the last key before it asks the server. */
export const SEARCH_DELAY_MS = 300;

/**
 * A labelled search box: it searches once typing pauses, or at once on Enter. It follows the
 * address when that changes from elsewhere (back button), without undoing keys typed meanwhile.
 */
export function SearchBox({ label, value, onSearch }: { label: string; value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onSearchRef.current(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sent.current = text.trim();
    onSearchRef.current(text);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for some browsers still in use.
    <form role="search" onSubmit={submit} className="mb-4 flex max-w-md flex-col gap-1">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={100}
        autoComplete="off"
        className="field-input"
      />
    </form>
  );
}

/**
 * Under a search box: how many rows the server matched ("12 khatas match"), or that none did; a
 * status, so a screen reader hears it as the results change.
 */
export function SearchMatches({
  q,
  matched,
  texts,
  className = '',
}: {
  q: string;
  matched: number;
  /** `none` names `{q}`; `many` counts `{count}`. */
  texts: { none: Text; one: Text; many: Text };
  className?: string;
}) {
  const t = useT();
  return (
    <p className={`-mt-2 text-sm text-stone-600 ${className}`} role="status">
      {matched === 0 ? t(texts.none, { q }) : t(matched === 1 ? texts.one : texts.many, { count: matched })}
    </p>
  );
}

const pageLinkClass =
  'rounded-lg border border-stone-300 bg-white px-3 py-1.5 font-semibold text-green-800 hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700';

/** "Products 51–100 of 10,000" with Previous and Next links; nothing when one page holds every row. */
export function ListPages({
  noun,
  label,
  page,
  total,
  pageSize,
  pageHref,
  onTurn,
}: {
  /** Plural, capitalised: "Products", "Users". */
  noun: string;
  /** The links' name for a screen reader; "{noun} pages" unless told. */
  label?: string;
  page: number;
  total: number;
  pageSize: number;
  pageHref: (page: number) => string;
  onTurn?: () => void;
}) {
  const t = useT();
  const span = pageSpan(page, total, pageSize);
  if (!span) return null;
  const { first, last, lastPage } = span;
  return (
    <nav
      aria-label={label ?? t(x.nounPages, { noun })}
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-stone-700">
        {first <= last
          ? t(x.nounFirstLastOfTotal, {
              noun,
              first: formatIndianNumber(first),
              last: formatIndianNumber(last),
              total: formatIndianNumber(total),
            })
          : t(x.pageOfLastPage, { page: formatIndianNumber(page), lastPage: formatIndianNumber(lastPage) })}
      </p>
      <div className="flex gap-2">
        {page > 1 && (
          <Link to={pageHref(Math.min(page - 1, lastPage))} className={pageLinkClass} onClick={onTurn}>
            {t(x.previous)}
          </Link>
        )}
        {page < lastPage && (
          <Link to={pageHref(page + 1)} className={pageLinkClass} onClick={onTurn}>
            {t(x.next)}
          </Link>
        )}
      </div>
    </nav>
  );
}

/**
 * When the page on screen has no rows left although others do (its last row was deleted, or the
 * address names a page past the end), goes to the last page that has rows.
 */
export function useStepBackWhenEmpty(
  data: { items: unknown[]; total: number } | undefined,
  isPlaceholderData: boolean,
  page: number,
  pageSize: number,
  pageHref: (page: number) => string,
) {
  const navigate = useNavigate();
  const target =
    data && !isPlaceholderData && data.items.length === 0 && data.total > 0 && page > 1
      ? Math.max(1, Math.ceil(data.total / pageSize))
      : null;
  useEffect(() => {
    if (target !== null && target !== page) navigate(pageHref(target), { replace: true });
  }, [target, page, navigate, pageHref]);
}
