/**
 * The new-password form shared by Update Password and Reset Password: new and confirm, one show/hide
 * toggle. Update Password adds the current password, optional: the server asks for it only when the
 * login is older than 10 minutes (docs/security.md), so it is sent only when filled in.
 */

import type { ChangePassword } from '@mandi/shared/schemas';
import { type FormEvent, useState } from 'react';
import { ErrorBlock } from '../../../components/ui/error-block';
import { useT } from '../../../lib/i18n';
import { accountTexts as x } from '../account.texts';
import { PasswordField } from './password-field';

export function NewPasswordForm({
  onSubmit,
  errors,
  isPending,
  submitLabel,
  withCurrentPassword = false,
}: {
  /** The change-password body; the reset form never fills `currentPassword`. */
  onSubmit: (payload: ChangePassword, reset: () => void) => void;
  errors: string[] | null;
  isPending: boolean;
  submitLabel: string;
  withCurrentPassword?: boolean;
}) {
  const t = useT();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [isVisible, setVisible] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const current = withCurrentPassword && currentPassword ? { currentPassword } : {};
    onSubmit({ ...current, password, confirm_password: confirmPassword }, () => {
      setCurrentPassword('');
      setPassword('');
      setConfirmPassword('');
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {withCurrentPassword && (
        <PasswordField
          label={t(x.currentPassword)}
          hint={t(x.currentPasswordHint)}
          name="currentPassword"
          autoComplete="current-password"
          isRequired={false}
          value={currentPassword}
          onChange={setCurrentPassword}
          isVisible={isVisible}
        />
      )}
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
