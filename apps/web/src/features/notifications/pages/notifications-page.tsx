/**
 * Notifications (/account/notifications, decision 0045): the shopper chooses email (on by default)
 * and WhatsApp (off until chosen, with their number). The number is checked here with the server's
 * rule and message; the server checks it again and its message shows the same way.
 */
import type { NotificationSettings } from '@mandi/shared/schemas';
import { type FormEvent, useId, useState } from 'react';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { errorMessages, serverText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMailConfirmationLink, useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';
import { notificationsTexts as x } from '../notifications.texts';

/** The number as the server normalises it: +91, a leading 0, spaces and dashes dropped. */
export function normaliseNumber(typed: string): string {
  return typed
    .trim()
    .replace(/[\s-]/g, '')
    .replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, '');
}

export default function NotificationsPage() {
  const t = useT();
  usePageTitle(x.title);
  const query = useNotificationSettings();

  return (
    <section
      className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10"
      aria-labelledby="notifications-heading"
    >
      <div>
        <h1 id="notifications-heading" className="page-heading">
          {t(x.title)}
        </h1>
        <p className="mt-2 text-stone-700">{t(x.lead)}</p>
      </div>
      {query.isPending ? (
        <LoaderOverlay text={x.loading} />
      ) : query.isError ? (
        <LoadFailed message={t(x.loadFailed)} retryLabel={t(x.tryAgain)} onRetry={() => void query.refetch()} />
      ) : (
        <SettingsForm
          settings={query.data.settings}
          emailConfirmed={query.data.emailConfirmed ?? true}
          whatsappAvailable={query.data.whatsappAvailable}
          proofLink={query.data.whatsappProofLink ?? null}
        />
      )}
    </section>
  );
}

function SettingsForm({
  settings,
  emailConfirmed,
  whatsappAvailable,
  proofLink,
}: {
  settings: NotificationSettings;
  /** Whether the address is confirmed: until it is, nothing is mailed (decision 0055). */
  emailConfirmed: boolean;
  whatsappAvailable: boolean;
  /** Where to prove the saved number, while it is unproved (decision 0055). */
  proofLink: string | null;
}) {
  const t = useT();
  const id = useId();
  const save = useSaveNotificationSettings();
  const [email, setEmail] = useState(settings.email);
  const [whatsapp, setWhatsapp] = useState(settings.whatsapp);
  const [number, setNumber] = useState(settings.whatsappNumber ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const normalised = normaliseNumber(number);
    if (whatsapp && !normalised) return setProblem(t(x.numberNeeded));
    if (normalised && !/^[6-9]\d{9}$/.test(normalised)) return setProblem(t(x.numberInvalid));
    setProblem(null);
    try {
      const answer = await save.mutateAsync({ email, whatsapp, whatsappNumber: normalised || null });
      setNumber(answer.settings.whatsappNumber ?? '');
      if (answer.message)
        setStatus(t(serverText({ code: answer.code, values: answer.values, message: answer.message })));
    } catch (error) {
      setProblem(errorMessages(error).join(' '));
    }
  }

  const describedBy = [`${id}-number-hint`, problem ? `${id}-problem` : null].filter(Boolean).join(' ');
  return (
    <form className="card flex flex-col gap-5 p-5" onSubmit={submit} noValidate aria-labelledby={`${id}-channels`}>
      <p role="status" className={status ? 'rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-800' : 'sr-only'}>
        {status}
      </p>
      <fieldset className="flex flex-col gap-4">
        <legend id={`${id}-channels`} className="text-lg font-bold text-stone-900">
          {t(x.channels)}
        </legend>
        <div className="flex items-start gap-3">
          <input
            id={`${id}-email`}
            type="checkbox"
            className="mt-1 h-5 w-5 accent-green-700"
            checked={email}
            onChange={(event) => setEmail(event.target.checked)}
            aria-describedby={`${id}-email-hint`}
          />
          <div>
            <label htmlFor={`${id}-email`} className="font-semibold text-stone-900">
              {t(x.email)}
            </label>
            <p id={`${id}-email-hint`} className="text-sm text-stone-700">
              {t(x.emailHint)}
            </p>
            {!emailConfirmed && <ConfirmEmailNotice />}
          </div>
        </div>
        <div className="flex items-start gap-3">
          <input
            id={`${id}-whatsapp`}
            type="checkbox"
            className="mt-1 h-5 w-5 accent-green-700"
            checked={whatsapp}
            onChange={(event) => setWhatsapp(event.target.checked)}
            aria-describedby={`${id}-whatsapp-hint`}
          />
          <div>
            <label htmlFor={`${id}-whatsapp`} className="font-semibold text-stone-900">
              {t(x.whatsapp)}
            </label>
            <p id={`${id}-whatsapp-hint`} className="text-sm text-stone-700">
              {t(x.whatsappHint)}
              {!whatsappAvailable && ` ${t(x.whatsappByHand)}`}
            </p>
          </div>
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-number`} className="field-label">
          {t(x.whatsappNumber)}
        </label>
        <input
          id={`${id}-number`}
          className="field-input"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={16}
          aria-describedby={describedBy}
          aria-invalid={problem ? true : undefined}
        />
        <p id={`${id}-number-hint`} className="mt-1 text-sm text-stone-600">
          {t(x.whatsappNumberHint)}
        </p>
        {whatsappAvailable && settings.whatsapp && settings.whatsappNumber && (
          <div className="mt-2 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-800">
            {settings.whatsappVerified ? (
              <p>{t(x.numberProved)}</p>
            ) : (
              <>
                <p>{t(x.numberUnproved)}</p>
                {proofLink && (
                  <a className="btn-secondary mt-2 inline-flex" href={proofLink} target="_blank" rel="noreferrer">
                    {t(x.proveOnWhatsapp)}
                  </a>
                )}
              </>
            )}
          </div>
        )}
      </div>
      <p id={`${id}-problem`} className="error-text min-h-5" role="alert">
        {problem}
      </p>
      <button type="submit" className="btn-primary self-start" disabled={save.isPending}>
        {save.isPending ? t(x.saving) : t(x.save)}
      </button>
    </form>
  );
}

/** The address is unconfirmed: say so, and mail the link again on request (limited by the server). */
function ConfirmEmailNotice() {
  const t = useT();
  const mailLink = useMailConfirmationLink();
  const answer = mailLink.isSuccess
    ? t(serverText(mailLink.data))
    : mailLink.isError
      ? errorMessages(mailLink.error).join(' ')
      : null;
  return (
    <div className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p>{t(x.emailUnconfirmed)}</p>
      <button
        type="button"
        className="btn-secondary mt-2"
        disabled={mailLink.isPending}
        onClick={() => mailLink.mutate()}
      >
        {mailLink.isPending ? t(x.mailingLink) : t(x.mailLinkAgain)}
      </button>
      <p role="status" className={answer ? 'mt-2 font-semibold' : 'sr-only'}>
        {answer}
      </p>
    </div>
  );
}
