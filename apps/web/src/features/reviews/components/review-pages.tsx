/** "Reviews x–y of n" with Previous/Next links (?page=N) under a paged review list. */
import { formatIndianNumber } from '@mandi/shared/kernel';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { pageSpan } from '../../../lib/page-span';
import { reviewsTexts as x } from '../reviews.texts';

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
  const t = useT();
  const span = pageSpan(page, total, pageSize);
  if (!span) return null;
  const { first, last, lastPage } = span;
  return (
    <nav aria-label={t(x.reviewPages)} className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-stone-700">
        {first <= last
          ? t(x.reviewsRange, {
              first: formatIndianNumber(first),
              last: formatIndianNumber(last),
              total: formatIndianNumber(total),
            })
          : t(x.pageOf, { page: formatIndianNumber(page), last: formatIndianNumber(lastPage) })}
      </p>
      <div className="flex gap-2">
        {page > 1 && (
          <Link to={`?page=${Math.min(page - 1, lastPage)}`} className={pageLinkClass} onClick={onTurn}>
            {t(x.previous)}
          </Link>
        )}
        {page < lastPage && (
          <Link to={`?page=${page + 1}`} className={pageLinkClass} onClick={onTurn}>
            {t(x.next)}
          </Link>
        )}
      </div>
    </nav>
  );
}
