/** A data table that scrolls sideways on phones instead of squeezing its columns. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessages } from '../../lib/api-client';
import { loadingTexts, type Text, translate, useT } from '../../lib/i18n';
import { sizedImage } from '../../lib/sized-image';
import { EditIcon, TrashIcon } from '../ui/icons/admin-icons';
import { useTimedMessage } from '../ui/use-timed-message';
import { adminKitTexts as x } from './admin-kit.texts';

/** Column headers that sort the table: header text → sort key, the current sort, and what a click does. */
export interface TableSorting<S extends string> {
  columns: Partial<Record<string, S>>;
  sort?: S;
  order: 'asc' | 'desc';
  onSort: (key: S) => void;
}

function SortArrow({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <svg viewBox="0 0 10 14" width="10" height="14" aria-hidden="true" className="shrink-0">
      <path d="M5 1 9 6H1z" className={direction === 'asc' ? 'fill-green-800' : 'fill-green-900/25'} />
      <path d="M5 13 1 8h8z" className={direction === 'desc' ? 'fill-green-800' : 'fill-green-900/25'} />
    </svg>
  );
}

export function AdminTable<S extends string = string>({
  caption,
  headers,
  sorting,
  children,
}: {
  /** Already in the chosen language. */
  caption: string;
  /** The column texts; sorting names a column by its English. */
  headers: readonly Text[];
  /** Makes the headers named in `sorting.columns` buttons that sort the table (`aria-sort` says how). */
  sorting?: TableSorting<S>;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="card overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-green-50 text-xs tracking-wide text-green-900 uppercase">
          <tr>
            {headers.map((header) => {
              const key = sorting?.columns[header.message];
              if (!sorting || !key) {
                return (
                  <th key={header.id} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                    {t(header)}
                  </th>
                );
              }
              const direction = sorting.sort === key ? sorting.order : null;
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
                  className="px-2 py-1.5 font-semibold whitespace-nowrap"
                >
                  <button
                    type="button"
                    onClick={() => sorting.onSort(key)}
                    className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 font-semibold tracking-wide uppercase hover:bg-green-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-green-700"
                  >
                    {t(header)}
                    <SortArrow direction={direction} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = 'px-4 py-3 align-middle';

/** Shown in place of rows while loading, on failure, or when there is nothing to list. */
export function TableNotice({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-8 text-center text-stone-600">
        {children}
      </td>
    </tr>
  );
}

/**
 * A table's rows from a query: a notice while loading, on failure (the server's messages unless
 * `failure` says otherwise) and when there is nothing to list; else one `children(item)` per item.
 */
export function QueryRows<T>({
  query,
  items,
  columns,
  empty,
  failure = (error) => <span className="error-text">{errorMessages(error).join(' ')}</span>,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  items: T[] | undefined;
  columns: number;
  empty: ReactNode;
  failure?: (error: unknown) => ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <TableNotice columns={columns}>{translate(loadingTexts.loading)}..!!</TableNotice>;
  if (query.isError) return <TableNotice columns={columns}>{failure(query.error)}</TableNotice>;
  if (!items?.length) return <TableNotice columns={columns}>{empty}</TableNotice>;
  return items.map((item) => children(item));
}

export function Thumbnail({ src, alt }: { src: string; alt: string }) {
  return src ? (
    <img
      {...sizedImage(src, '48px')}
      alt={alt}
      width={48}
      height={48}
      loading="lazy"
      className="h-12 w-12 rounded-lg bg-stone-100 object-cover"
    />
  ) : (
    <span className="inline-block h-12 w-12 rounded-lg bg-stone-100" aria-hidden="true" />
  );
}

/** Edit and delete controls of a row, as real links and buttons with names a screen reader can tell apart. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-2">{children}</div>;
}

export const editLinkClass =
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-green-700 px-3 py-1.5 text-sm font-semibold text-green-800 hover:bg-green-50';
export const deleteButtonClass =
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60';

export function EditLabel() {
  const t = useT();
  return (
    <>
      <EditIcon className="h-4 w-4" />
      {t(x.edit)}
    </>
  );
}

export function DeleteLabel() {
  const t = useT();
  return (
    <>
      <TrashIcon className="h-4 w-4" />
      {t(x.delete)}
    </>
  );
}

/** A row's edit link; `name` tells the rows apart for a screen reader ("Edit <name>"). */
export function EditLink({
  to,
  state,
  name,
  children = <EditLabel />,
}: {
  to: string;
  state?: unknown;
  name: string;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Link to={to} state={state} className={editLinkClass} aria-label={t(x.editName, { name })}>
      {children}
    </Link>
  );
}

/** A row's delete button; `name` tells the rows apart for a screen reader ("Delete <name>"). */
export function DeleteButton({
  name,
  disabled,
  onClick,
  children = <DeleteLabel />,
}: {
  name: string;
  disabled: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className={deleteButtonClass}
      disabled={disabled}
      onClick={onClick}
      aria-label={t(x.deleteName2, { name })}
    >
      {children}
    </button>
  );
}

/**
 * A long id shown on one line, cut short on screen; the whole id stays in the text and the tooltip.
 * With `name` (what the row is, for a screen reader), a Copy button puts the whole id on the
 * clipboard: the id is for support and API calls, not for reading, so the row's name comes first.
 */
export function IdCell({ id, name }: { id: string; name?: string }) {
  return (
    <td className="px-4 py-3 align-middle">
      <span className="flex items-center gap-1.5">
        <span title={id} className="block max-w-[5.5rem] truncate font-mono text-xs text-stone-500">
          {id}
        </span>
        {name !== undefined && <CopyIdButton id={id} name={name} />}
      </span>
    </td>
  );
}

function CopyIdButton({ id, name }: { id: string; name: string }) {
  const t = useT();
  const copied = useTimedMessage<Text>();
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(id);
      copied.show(x.idCopied);
    } catch {
      copied.show(x.idCopyFailed);
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={copy}
        aria-label={t(x.copyIdOf, { name })}
        className="shrink-0 rounded-md border border-stone-300 px-1.5 py-0.5 text-xs font-semibold text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-green-700"
      >
        {t(x.copyId)}
      </button>
      <span aria-live="polite" className="text-xs whitespace-nowrap text-green-800">
        {copied.message ? t(copied.message) : ''}
      </span>
    </>
  );
}
