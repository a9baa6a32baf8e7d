/** Forget Password (docs/product.md#passwords): one email field; the server's message in a popup with a way to the inbox. */
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBlock } from '../../../components/ui/error-block';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { Popup } from '../../../components/ui/popup';
import { TextField } from '../../../components/ui/text-field';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { paths } from '../../../config/paths';
import { errorMessages, serverText } from '../../../lib/api-client';
import { loadingTexts, type Text, titleTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { accountTexts as x } from '../account.texts';
import { useSendResetEmail } from '../api/send-reset-email';
import { AuthCard } from '../components/auth-card';

export const WEBMAIL_URL = 'https://mail.google.com/';

export default function ForgotPasswordPage() {
  const t = useT();
  usePageTitle(titleTexts.forgotPassword);
  const sendResetEmail = useSendResetEmail();
  const errors = useTimedMessage<string[]>();
  const [email, setEmail] = useState('');
  const [sentMessage, setSentMessage] = useState<Text | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    sendResetEmail.mutate(email, {
      onSuccess: (data) => setSentMessage(serverText(data)),
      onError: (error) => errors.show(errorMessages(error)),
    });
  };

  return (
    <>
      {sendResetEmail.isPending && <LoaderOverlay text={loadingTexts.processing} />}
      {sentMessage && (
        <Popup title={sentMessage} onClose={() => setSentMessage(null)}>
          <button
            type="button"
            className="btn-primary"
            onClick={() => window.open(WEBMAIL_URL, '_blank', 'noopener,noreferrer')}
          >
            {t(x.checkEmail)}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setSentMessage(null)}>
            {t(x.close)}
          </button>
        </Popup>
      )}
      <AuthCard
        heading={t(x.forgetPasswordHeading)}
        lead={t(x.forgotLead)}
        icon="key"
        footer={
          <Link to={paths.login()} className="font-semibold text-green-800 underline-offset-4 hover:underline">
            {t(x.backToLogin)}
          </Link>
        }
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            label={t(x.email)}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={setEmail}
          />
          <ErrorBlock variant="inline" messages={errors.message} />
          <button type="submit" className="btn-primary w-full" disabled={sendResetEmail.isPending}>
            {t(x.sendLink)}
          </button>
        </form>
      </AuthCard>
    </>
  );
}
