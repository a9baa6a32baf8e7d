/** Five stars: read-only for display, or a radio group (whole steps, 1-5) for input. */
import { RATING_MAX } from '@mandi/shared';
import { useT } from '../../lib/i18n';
import { uiTexts } from './ui.texts';

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

export function StarRating({
  value,
  onChange,
  size = 'md',
  label,
}: {
  value: number;
  onChange?: (value: number) => void;
  size?: 'md' | 'lg';
  label?: string;
}) {
  const t = useT();
  const textSize = size === 'lg' ? 'text-4xl' : 'text-lg';
  if (!onChange) {
    return (
      <span
        className={`inline-flex ${textSize} leading-none`}
        role="img"
        aria-label={t(uiTexts.outOfStars, { value, max: RATING_MAX })}
      >
        {STARS.map((star) => (
          <span key={star} aria-hidden="true" className={star <= value ? 'text-amber-500' : 'text-stone-300'}>
            ★
          </span>
        ))}
      </span>
    );
  }
  return (
    <fieldset className="inline-flex gap-1">
      <legend className="sr-only">{label ?? t(uiTexts.rating)}</legend>
      {STARS.map((star) => (
        <label key={star} className={`cursor-pointer ${textSize} leading-none`}>
          <input
            type="radio"
            name="rating"
            value={star}
            checked={value === star}
            onChange={() => onChange(star)}
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            className={`rounded peer-focus-visible:outline-2 peer-focus-visible:outline-green-700 ${star <= value ? 'text-amber-500' : 'text-stone-300 hover:text-amber-300'}`}
          >
            ★
          </span>
          <span className="sr-only">{t(star === 1 ? uiTexts.starOne : uiTexts.starMany, { count: star })}</span>
        </label>
      ))}
    </fieldset>
  );
}
