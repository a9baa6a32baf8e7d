/** Add review (docs/product.md#reviews): the user's name, stars and a comment; both are required. */
import { type FormEvent, useState } from 'react';
import { Popup } from '../../../components/ui/popup';
import { StarRating } from '../../../components/ui/star-rating';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { errorMessages, serverText } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import { specTexts, type Text, titleTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAddReview } from '../api/add-review';
import { reviewsTexts as x } from '../reviews.texts';

export default function AddReviewPage() {
  const t = useT();
  usePageTitle(titleTexts.addReview);
  const { user } = useSession();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [successMessage, setSuccessMessage] = useState<Text | null>(null);
  const { message, show } = useTimedMessage();
  const addReview = useAddReview();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!comment.trim() || rating === 0) return show(t(specTexts.allFieldsRequired));
    try {
      const result = await addReview.mutateAsync({ comment: comment.trim(), ratings: rating });
      setSuccessMessage(serverText(result));
      setComment('');
      setRating(0);
    } catch (error) {
      show(errorMessages(error).join(' '));
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <form className="card flex flex-col gap-5 p-6 sm:p-8" onSubmit={handleSubmit} noValidate>
        <h1 className="page-heading text-center">{t(x.addReview)}</h1>
        <div>
          <label htmlFor="review-name" className="field-label">
            {t(x.name)}
          </label>
          <input
            id="review-name"
            className="field-input bg-stone-100"
            value={user ? `${user.firstName} ${user.lastName}` : ''}
            readOnly
          />
        </div>
        <div className="flex flex-col items-center gap-1">
          <StarRating value={rating} onChange={setRating} size="lg" label={t(x.yourRating)} />
          <p className="text-sm text-stone-600" aria-hidden="true">
            {rating ? t(x.ratingOf, { rating }) : t(x.tapStar)}
          </p>
        </div>
        <div>
          <label htmlFor="review-comment" className="field-label">
            {t(x.comment)}
          </label>
          <textarea
            id="review-comment"
            className="field-input min-h-32"
            placeholder={t(x.commentPlaceholder)}
            value={comment}
            maxLength={1000}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
        <p className="error-text min-h-5" role="alert">
          {message}
        </p>
        <button type="submit" className="btn-primary" disabled={addReview.isPending}>
          {t(x.submit)}
        </button>
      </form>
      {successMessage && (
        <Popup title={successMessage} onClose={() => setSuccessMessage(null)}>
          <button type="button" className="btn-primary" onClick={() => setSuccessMessage(null)}>
            {t(x.close)}
          </button>
        </Popup>
      )}
    </div>
  );
}
