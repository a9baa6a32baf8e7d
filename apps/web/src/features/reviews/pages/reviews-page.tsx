/**
 * Customer reviews (docs/product.md#reviews): every review with its author, comment and stars, newest first and
 * 20 to a page (`?page=2`), so a shop with thousands of reviews opens fast.
 */
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { StarRating } from '../../../components/ui/star-rating';
import { loadingTexts, specTexts, titleTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { REVIEWS_PAGE_SIZE, reviewsPageFrom, useReviewsPage } from '../api/get-reviews';
import { ReviewPages } from '../components/review-pages';
import { reviewsTexts as x } from '../reviews.texts';

export default function ReviewsPage() {
  const t = useT();
  usePageTitle(titleTexts.reviews);
  const [searchParams] = useSearchParams();
  const page = reviewsPageFrom(searchParams.get('page'));
  const { data, isPending, isError } = useReviewsPage(page);
  const reviews = data?.reviews ?? [];
  const topRef = useRef<HTMLDivElement>(null);
  // A new page starts at its first review, not where the links at the bottom left the window.
  const showTop = () => topRef.current?.scrollIntoView?.({ block: 'start' });

  return (
    <div ref={topRef} className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="page-heading mb-6 text-center">{t(x.customerReviews)}</h1>
      {isPending ? (
        <LoaderOverlay text={loadingTexts.loading} />
      ) : isError ? (
        <p className="card p-6 text-center font-semibold text-red-700" role="alert">
          {t(specTexts.reviewsError)}
        </p>
      ) : reviews.length === 0 && page === 1 ? (
        <p className="card p-10 text-center text-lg font-semibold text-stone-700">{t(specTexts.reviewsEmpty)}</p>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {reviews.map((review) => {
            const name = `${review.user.firstName} ${review.user.lastName}`;
            return (
              <li key={review._id} className="card flex flex-col gap-3 p-5">
                <div className="flex items-center gap-3">
                  <span
                    className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-green-700 text-lg font-bold text-white"
                    aria-hidden="true"
                  >
                    {review.user.firstName.charAt(0).toUpperCase()}
                  </span>
                  <p className="font-semibold text-stone-900">{name}</p>
                </div>
                <StarRating value={review.ratings} />
                <p className="break-words whitespace-pre-line text-stone-700">{review.comment}</p>
              </li>
            );
          })}
        </ul>
      )}
      {data && <ReviewPages page={page} pageSize={REVIEWS_PAGE_SIZE} total={data.total} onTurn={showTop} />}
    </div>
  );
}
