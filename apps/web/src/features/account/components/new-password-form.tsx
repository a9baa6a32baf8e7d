/** The new-password form shared by Update Password and Reset Password: new and confirm, one show/hide toggle. */
import { type FormEvent, useState } from 'react';
import { ErrorBlock } from '../../../components/ui/error-block';
import { useT } from '../../../lib/i18n';
import { accountTexts as x } from '../account.texts';
import type { NewPasswordPayload } from '../api/change-password';
import { PasswordField } from './password-field';

export function NewPasswordForm({
  onSubmit,
  errors,
  isPending,
  submitLabel,
}: {
  onSubmit: (payload: NewPasswordPayload, reset: () => void) => void;
  errors: string[] | null;
  isPending: boolean;
  submitLabel: string;
}) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [isVisible, setVisible] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit({ password, confirm_password: confirmPassword }, () => {
      setPassword('');
      setConfirmPassword('');
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <PasswordField
        label={t(x.newPassword)}
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        isVisible={isVisible}
        onToggle={() => setVisible((visible) => !visible)}
      />
      <PasswordField
        label={t(x.confirmPassword)}
        name="confirm_password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={setConfirmPassword}
        isVisible={isVisible}
      />
      <ErrorBlock variant="inline" messages={errors} />
      <button type="submit" className="btn-primary w-full" disabled={isPending}>
        {submitLabel}
      </button>
    </form>
  );
}
