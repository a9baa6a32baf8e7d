/** A labelled text input (the account forms and any screen with a plain text field). */
import { type InputHTMLAttributes, useId } from 'react';

export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  ...inputProps
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        {...inputProps}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="field-input"
      />
    </div>
  );
}
