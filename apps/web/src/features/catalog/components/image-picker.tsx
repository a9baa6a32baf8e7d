/** An image file input with a preview of the chosen picture (or of the current one on edit screens). */
import { useEffect, useId, useState } from 'react';
import { ImageIcon } from '../../../components/ui/icons/admin-icons';
import { useT } from '../../../lib/i18n';
import { catalogAdminTexts as x } from '../catalog-admin.texts';

export function ImagePicker({
  label,
  file,
  onChange,
  required = false,
  currentUrl,
  inputKey,
  help,
}: {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  /** The picture in use now, shown until another is chosen. */
  currentUrl?: string;
  /** Changing it empties the input (after a successful add). */
  inputKey?: number;
  /** A line under the input (what shoppers see without a picture). */
  help?: string;
}) {
  const t = useT();
  const id = useId();
  const helpId = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = previewUrl ?? currentUrl;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="flex items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt={previewUrl ? t(x.previewOfTheChosenImage) : t(x.currentImage)}
            className="h-20 w-20 shrink-0 rounded-xl bg-stone-100 object-cover ring-1 ring-stone-200"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-20 w-20 shrink-0 items-center justify-center rounded-xl bg-stone-100 text-stone-400 ring-1 ring-stone-200"
          >
            <ImageIcon className="h-8 w-8" />
          </span>
        )}
        <input
          key={inputKey}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          required={required}
          aria-describedby={help ? helpId : undefined}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          className="block w-full min-w-0 text-sm text-stone-700 file:mr-3 file:rounded-full file:border-0 file:bg-green-100 file:px-4 file:py-2 file:font-semibold file:text-green-900 hover:file:bg-green-200"
        />
      </div>
      {help && (
        <p id={helpId} className="mt-1 text-sm text-stone-600">
          {help}
        </p>
      )}
    </div>
  );
}
