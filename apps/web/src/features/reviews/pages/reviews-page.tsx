/** Customer reviews (spec 2.18): every review with its author, comment and stars. */
import { LOADING_TEXTS, MESSAGES, PAGE_TITLES } from '@mandi/shared';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { StarRating } from '../../../components/ui/star-rating';
import { usePageTitle } from '../../../lib/use-page-title';
import { useReviews } from '../api/get-reviews';

export default function ReviewsPage() {
  usePageTitle(PAGE_TITLES.reviews);
  const { data: reviews, isPending, isError } = useReviews();

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="page-heading mb-6 text-center">Customer Reviews</h1>
      {isPending ? (
        <LoaderOverlay text={LOADING_TEXTS.loading} />
      ) : isError ? (
        <p className="card p-6 text-center font-semibold text-red-700" role="alert">
          {MESSAGES.reviewsError}
        </p>
      ) : reviews.length === 0 ? (
        <p className="card p-10 text-center text-lg font-semibold text-stone-700">{MESSAGES.reviewsEmpty}</p>
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
    </div>
  );
}
