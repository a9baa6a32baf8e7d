/** A password input with a show/hide toggle (a real button, announced as pressed or not). */
import { useId } from 'react';

export function PasswordField({
  label,
  name,
  value,
  onChange,
  isVisible,
  onToggle,
  autoComplete,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  isVisible: boolean;
  onToggle?: () => void;
  autoComplete: 'current-password' | 'new-password';
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={isVisible ? 'text' : 'password'}
          required
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
            aria-label={isVisible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-semibold text-green-800 hover:bg-green-50"
          >
            {isVisible ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
    </div>
  );
}
