/** A password input with a show/hide toggle (a real button, announced as pressed or not). */
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { accountTexts as x } from '../account.texts';

export function PasswordField({
  label,
  name,
  value,
  onChange,
  isVisible,
  onToggle,
  autoComplete,
  isRequired = true,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  isVisible: boolean;
  onToggle?: () => void;
  autoComplete: 'current-password' | 'new-password';
  isRequired?: boolean;
  /** A line under the label saying when the field is needed. */
  hint?: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      <div className="relative">
        <input
          id={id}
          name={name}
          type={isVisible ? 'text' : 'password'}
          required={isRequired}
          aria-describedby={hint ? `${id}-hint` : undefined}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`field-input ${onToggle ? 'pr-20' : ''}`}
        />
        {onToggle && (
          <button
            type="button"
            onClick={onToggle}
            aria-pressed={isVisible}
            aria-label={t(isVisible ? x.hideField : x.showField, { field: label.toLowerCase() })}
            className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-semibold text-green-800 hover:bg-green-50"
          >
            {isVisible ? t(x.hide) : t(x.show)}
          </button>
        )}
      </div>
    </div>
  );
}
