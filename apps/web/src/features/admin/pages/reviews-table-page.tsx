/** Every review for the admin (spec 2.20): Id, user name, ratings, comment, delete. */
import { LOADING_TEXTS, MESSAGES, PAGE_TITLES } from '@mandi/shared';
import { StarRating } from '../../../components/ui/star-rating';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { errorMessages } from '../../../lib/api-client';
import type { Review } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminReviews, useDeleteReview } from '../api/reviews';
import { AdminPageHeader } from '../components/admin-page-header';
import { AdminTable, cellClass, DeleteLabel, deleteButtonClass, IdCell, TableNotice } from '../components/admin-table';
import { ErrorBlock, SuccessLine } from '../components/form-messages';

const HEADERS = ['Id', 'User', 'Ratings', 'Comment', 'Actions'];

export default function ReviewsTablePage() {
  usePageTitle(PAGE_TITLES.adminReviewsTable);
  const reviews = useAdminReviews();
  const deleteReview = useDeleteReview();
  const success = useTimedMessage();
  const errors = useTimedMessage<string[]>();

  const remove = (review: Review) => {
    if (!window.confirm(`Delete the review by ${review.user.firstName} ${review.user.lastName}?`)) return;
    success.clear();
    errors.clear();
    deleteReview.mutate(review._id, {
      onSuccess: (data) => success.show(data.message),
      onError: (error) => errors.show(errorMessages(error)),
    });
  };

  return (
    <section>
      <AdminPageHeader title="All Reviews" />
      <div className="mb-4 flex flex-col gap-3">
        <SuccessLine message={success.message} />
        <ErrorBlock messages={errors.message} />
      </div>
      <AdminTable caption="All reviews" headers={HEADERS}>
        {reviews.isPending ? (
          <TableNotice columns={HEADERS.length}>{LOADING_TEXTS.loading}..!!</TableNotice>
        ) : reviews.isError ? (
          <TableNotice columns={HEADERS.length}>
            <span className="error-text">{MESSAGES.reviewsError}</span>
          </TableNotice>
        ) : reviews.data.length === 0 ? (
          <TableNotice columns={HEADERS.length}>{MESSAGES.reviewsEmpty}</TableNotice>
        ) : (
          reviews.data.map((review) => (
            <tr key={review._id} className="hover:bg-stone-50">
              <IdCell id={review._id} />
              <td className={`${cellClass} font-semibold whitespace-nowrap text-stone-900`}>
                {review.user.firstName} {review.user.lastName}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <StarRating value={review.ratings} />
              </td>
              <td className={`${cellClass} max-w-md text-stone-700`}>{review.comment}</td>
              <td className={cellClass}>
                <button
                  type="button"
                  className={deleteButtonClass}
                  disabled={deleteReview.isPending}
                  onClick={() => remove(review)}
                  aria-label={`Delete the review by ${review.user.firstName} ${review.user.lastName}`}
                >
                  <DeleteLabel />
                </button>
              </td>
            </tr>
          ))
        )}
      </AdminTable>
    </section>
  );
}
