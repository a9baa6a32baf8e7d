/** Reset Password (docs/product.md#passwords, /reset-password/{id}/{token}): a new password through the mailed link. */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { Popup } from '../../../components/ui/popup';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { paths } from '../../../config/paths';
import { errorMessages, serverText } from '../../../lib/api-client';
import { loadingTexts, type Text, titleTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { accountTexts as x } from '../account.texts';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { NewPasswordForm } from '../components/new-password-form';

export default function ResetPasswordPage() {
  const t = useT();
  usePageTitle(titleTexts.resetPassword);
  const { id = '', token = '' } = useParams();
  const resetPassword = useResetPassword(id, token);
  const errors = useTimedMessage<string[]>();
  const [doneMessage, setDoneMessage] = useState<Text | null>(null);

  return (
    <>
      {resetPassword.isPending && <LoaderOverlay text={loadingTexts.updatingPassword} />}
      {doneMessage && (
        <Popup title={doneMessage}>
          <Link to={paths.login()} className="btn-primary">
            {t(x.login)}
          </Link>
        </Popup>
      )}
      <AuthCard heading={t(x.resetPassword)} lead={t(x.resetLead)} icon="key">
        <NewPasswordForm
          submitLabel={t(x.resetPassword)}
          isPending={resetPassword.isPending}
          errors={errors.message}
          onSubmit={(payload, reset) => {
            errors.clear();
            resetPassword.mutate(payload, {
              onSuccess: (data) => {
                reset();
                setDoneMessage(serverText(data));
              },
              onError: (error) => errors.show(errorMessages(error)),
            });
          }}
        />
      </AuthCard>
    </>
  );
}
