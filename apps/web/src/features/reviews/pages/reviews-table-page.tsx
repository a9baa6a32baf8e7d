/**
 * Every review for the admin (docs/product.md#admin-screens): Id, user name, ratings, comment,
 * delete; 100 to a page (`?page=2`).
 */
import { useSearchParams } from 'react-router';
import { TableMessages, useConfirmedDelete } from '../../../components/admin/action-messages';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { AdminTable, cellClass, DeleteButton, IdCell, QueryRows } from '../../../components/admin/admin-table';
import { StarRating } from '../../../components/ui/star-rating';
import { specTexts, titleTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { ADMIN_REVIEWS_PAGE_SIZE, useAdminReviews, useDeleteReview } from '../api/admin-reviews';
import { reviewsPageFrom } from '../api/get-reviews';
import { ReviewPages } from '../components/review-pages';
import { reviewsAdminTexts as x } from '../reviews-admin.texts';

const HEADERS = [x.id, x.user, x.ratings, x.comment, x.actions];

export default function ReviewsTablePage() {
  const t = useT();
  usePageTitle(titleTexts.adminReviewsTable);
  const [searchParams] = useSearchParams();
  const page = reviewsPageFrom(searchParams.get('page'));
  const reviews = useAdminReviews(page);
  const { success, errors, remove, isDeleting } = useConfirmedDelete(useDeleteReview());

  return (
    <section>
      <AdminPageHeader title={t(x.allReviews)} />
      <TableMessages success={success} errors={errors} />
      <AdminTable caption={t(x.allReviews2)} headers={HEADERS}>
        <QueryRows
          query={reviews}
          items={reviews.data?.reviews}
          columns={HEADERS.length}
          empty={t(specTexts.reviewsEmpty)}
          failure={() => <span className="error-text">{t(specTexts.reviewsError)}</span>}
        >
          {(review) => {
            const what = t(x.theReviewByName, { name: `${review.user.firstName} ${review.user.lastName}` });
            return (
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
                  <DeleteButton
                    name={what}
                    disabled={isDeleting}
                    onClick={() => remove(review._id, t(x.deleteName, { name: what }))}
                  />
                </td>
              </tr>
            );
          }}
        </QueryRows>
      </AdminTable>
      {reviews.data && (
        <ReviewPages page={reviews.data.page} pageSize={ADMIN_REVIEWS_PAGE_SIZE} total={reviews.data.total} />
      )}
    </section>
  );
}
