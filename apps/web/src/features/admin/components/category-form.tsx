/** The Add Category and Update Category form: a name (required) and an image (required only on add). */
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { adminTexts as x } from '../admin.texts';
import type { CategoryFormValues } from '../api/categories';
import { ImagePicker } from './image-picker';

export function CategoryForm({
  initialName = '',
  imageRequired,
  currentImageUrl,
  submitLabel,
  isSubmitting,
  onSubmit,
  children,
}: {
  initialName?: string;
  imageRequired: boolean;
  currentImageUrl?: string;
  submitLabel: string;
  isSubmitting: boolean;
  /** Resolves true when saved, so an add form can empty itself. */
  onSubmit: (values: CategoryFormValues) => Promise<boolean>;
  children?: ReactNode;
}) {
  const t = useT();
  const nameId = useId();
  const [categoryName, setCategoryName] = useState(initialName);
  const [categoryImage, setCategoryImage] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const isSaved = await onSubmit({ categoryName, categoryImage });
    if (isSaved && imageRequired) {
      setCategoryName('');
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
          maxLength={60}
          value={categoryName}
          placeholder={t(x.eGFreshFruits)}
          onChange={(event) => setCategoryName(event.target.value)}
        />
      </div>
      <ImagePicker
        label={imageRequired ? t(x.categoryImage) : t(x.categoryImageOptional)}
        file={categoryImage}
        required={imageRequired}
        currentUrl={currentImageUrl}
        inputKey={inputKey}
        onChange={setCategoryImage}
      />
      {children}
      <button type="submit" className="btn-primary self-start" disabled={isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}
