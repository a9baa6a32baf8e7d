/**
 * The Add Category and Update Category form: a name (required), its Hindi name (optional, shown to
 * shoppers who choose Hindi) and an image, required to add while the shop is the demo (the spec's
 * rule); a real shop may leave it out and shoppers see the placeholder (decision 0057).
 */
import { NAME_MAX_LENGTH } from '@mandi/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { CategoryFormValues } from '../api/admin-categories';
import { catalogAdminTexts as x } from '../catalog-admin.texts';
import { ImagePicker } from './image-picker';

export function CategoryForm({
  initialName = '',
  initialNameHi,
  imageRequired,
  isAdd = false,
  currentImageUrl,
  submitLabel,
  isSubmitting,
  onSubmit,
  children,
}: {
  initialName?: string;
  /** Undefined when not known (an answer from before Hindi names): then only a name typed here is sent. */
  initialNameHi?: string;
  imageRequired: boolean;
  /** An add form empties itself once saved, and says what shoppers see when it has no picture. */
  isAdd?: boolean;
  currentImageUrl?: string;
  submitLabel: string;
  isSubmitting: boolean;
  /** Resolves true when saved. */
  onSubmit: (values: CategoryFormValues) => Promise<boolean>;
  children?: ReactNode;
}) {
  const t = useT();
  const nameId = useId();
  const nameHiId = useId();
  const nameHiHelpId = useId();
  const [categoryName, setCategoryName] = useState(initialName);
  const [categoryNameHi, setCategoryNameHi] = useState(initialNameHi ?? '');
  const [categoryImage, setCategoryImage] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const isHindiNameSent = initialNameHi !== undefined || categoryNameHi !== '';
    const isSaved = await onSubmit({
      categoryName,
      categoryNameHi: isHindiNameSent ? categoryNameHi : undefined,
      categoryImage,
    });
    if (isSaved && isAdd) {
      setCategoryName('');
      setCategoryNameHi('');
      setCategoryImage(null);
      setInputKey((key) => key + 1);
    }
  };

  return (
    <form onSubmit={submit} className="card flex max-w-xl flex-col gap-5 p-5 sm:p-8">
      <div>
        <label htmlFor={nameId} className="field-label">
          {t(x.categoryName)}
        </label>
        <input
          id={nameId}
          className="field-input"
          required
          maxLength={NAME_MAX_LENGTH}
          value={categoryName}
          placeholder={t(x.eGFreshFruits)}
          onChange={(event) => setCategoryName(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={nameHiId} className="field-label">
          {t(x.categoryNameHindi)}
        </label>
        <input
          id={nameHiId}
          lang="hi"
          className="field-input"
          maxLength={NAME_MAX_LENGTH}
          value={categoryNameHi}
          placeholder={t(x.eGSabziyan)}
          aria-describedby={nameHiHelpId}
          onChange={(event) => setCategoryNameHi(event.target.value)}
        />
        <p id={nameHiHelpId} className="mt-1 text-sm text-stone-600">
          {t(x.categoryNameHindiHelp)}
        </p>
      </div>
      <ImagePicker
        label={imageRequired ? t(x.categoryImage) : t(x.categoryImageOptional)}
        file={categoryImage}
        required={imageRequired}
        currentUrl={currentImageUrl}
        inputKey={inputKey}
        help={isAdd && !imageRequired ? t(x.pictureOptionalHelp) : undefined}
        onChange={setCategoryImage}
      />
      {children}
      <button type="submit" className="btn-primary self-start" disabled={isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}
