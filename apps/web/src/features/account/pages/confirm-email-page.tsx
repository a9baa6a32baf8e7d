/**
 * Confirm Email (/confirm-email/{id}/{token}, decision 0055): the link mailed at registration.
 * Opening it confirms the address once; the answer says so, or why not, in the chosen language.
 */
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessages, serverText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { accountTexts as x } from '../account.texts';
import { useConfirmEmail } from '../api/confirm-email';
import { AuthCard } from '../components/auth-card';

export default function ConfirmEmailPage() {
  const t = useT();
  usePageTitle(x.confirmEmail);
  const { id = '', token = '' } = useParams();
  const confirm = useConfirmEmail(id, token);
  // One request per link, also when React runs the effect twice in development.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate();
  }, [confirm]);

  return (
    <AuthCard heading={t(x.confirmEmail)} icon="key">
      <div role="status" className="flex flex-col items-center gap-5 text-center">
        {confirm.isSuccess ? (
          <>
            <p className="font-semibold text-green-800">{t(serverText(confirm.data))}</p>
            <Link to={paths.products()} className="btn-primary">
              {t(x.goShopping)}
            </Link>
          </>
        ) : confirm.isError ? (
          <>
            <p className="font-semibold text-stone-900">{t(x.confirmFailed)}</p>
            <p className="text-red-700">{errorMessages(confirm.error).join(' ')}</p>
            <Link to={paths.notifications()} className="btn-primary">
              {t(x.askNewLink)}
            </Link>
          </>
        ) : (
          <p className="text-stone-700">{t(x.confirmingEmail)}</p>
        )}
      </div>
    </AuthCard>
  );
}
