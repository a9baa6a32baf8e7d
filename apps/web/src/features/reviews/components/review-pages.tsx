/** "Reviews x–y of n" with Previous/Next links (?page=N) under a paged review list. */
import { Link } from 'react-router';

const pageLinkClass =
  'rounded-lg border border-stone-300 bg-white px-3 py-1.5 font-semibold text-green-800 hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700';

export function ReviewPages({
  page,
  pageSize,
  total,
  onTurn,
}: {
  page: number;
  pageSize: number;
  total: number;
  onTurn?: () => void;
}) {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (lastPage === 1 && page === 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const count = new Intl.NumberFormat('en-IN');
  return (
    <nav aria-label="Review pages" className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-stone-700">
        {first <= last
          ? `Reviews ${count.format(first)}–${count.format(last)} of ${count.format(total)}`
          : `Page ${count.format(page)} of ${count.format(lastPage)}`}
      </p>
      <div className="flex gap-2">
        {page > 1 && (
          <Link to={`?page=${Math.min(page - 1, lastPage)}`} className={pageLinkClass} onClick={onTurn}>
            Previous
          </Link>
        )}
        {page < lastPage && (
          <Link to={`?page=${page + 1}`} className={pageLinkClass} onClick={onTurn}>
            Next
          </Link>
        )}
      </div>
    </nav>
  );
}
