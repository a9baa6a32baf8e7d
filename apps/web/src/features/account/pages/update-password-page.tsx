/** Update Password (docs/product.md#passwords, /RestPassword): the logged-in user sets a new password. */
import { useState } from 'react';
import { Link } from 'react-router';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { Popup } from '../../../components/ui/popup';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { loadingTexts, specTexts, titleTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { accountTexts as x } from '../account.texts';
import { useChangePassword } from '../api/change-password';
import { AuthCard } from '../components/auth-card';
import { NewPasswordForm } from '../components/new-password-form';

export default function UpdatePasswordPage() {
  const t = useT();
  usePageTitle(titleTexts.updatePassword);
  const changePassword = useChangePassword();
  const errors = useTimedMessage<string[]>();
  const [isUpdated, setUpdated] = useState(false);

  return (
    <>
      {changePassword.isPending && <LoaderOverlay text={loadingTexts.updatingPassword} />}
      {isUpdated && (
        <Popup title={specTexts.passwordUpdated} onClose={() => setUpdated(false)}>
          <Link to={paths.login()} className="btn-primary">
            {t(x.login)}
          </Link>
        </Popup>
      )}
      <AuthCard heading={t(x.updatePassword)} lead={t(x.updateLead)} icon="lock">
        <NewPasswordForm
          withCurrentPassword
          submitLabel={t(x.updatePassword)}
          isPending={changePassword.isPending}
          errors={errors.message}
          onSubmit={(payload, reset) => {
            errors.clear();
            changePassword.mutate(payload, {
              onSuccess: () => {
                reset();
                setUpdated(true);
              },
              onError: (error) => errors.show(errorMessages(error)),
            });
          }}
        />
      </AuthCard>
    </>
  );
}
