/**
 * My data (/account/data, decision 0031): download everything the shop keeps about me as a JSON
 * file, or delete my account. Deleting says what is erased and what is kept and why, asks for the
 * password and a ticked box, then a last "Yes, delete" step; a refusal (an open order, a wrong
 * password) is shown as the server words it. Once deleted, the browser goes home with a notice
 * and forgets the session.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { useLanguage, useT } from '../../../lib/i18n';
import { useShop } from '../../../lib/shop/shop';
import { shopNameIn } from '../../../lib/shop/storefront';
import { usePageTitle } from '../../../lib/use-page-title';
import { MY_DATA_URL, useDeleteAccount } from '../api/personal-data';
import { useForgetSession } from '../components/account-deleted-notice';
import { personalDataTexts as x } from '../personal-data.texts';

function LastStep({ isPending, onDelete, onKeep }: { isPending: boolean; onDelete: () => void; onKeep: () => void }) {
  const t = useT();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-4">
      <p className="font-semibold text-red-800">{t(x.confirmQuestion)}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-danger flex-1" onClick={onDelete} disabled={isPending}>
          {t(x.confirm)}
        </button>
        <button ref={keep} type="button" className="btn-secondary flex-1" onClick={onKeep} disabled={isPending}>
          {t(x.keep)}
        </button>
      </div>
    </div>
  );
}

export default function MyDataPage() {
  const t = useT();
  const language = useLanguage();
  const shop = useShop();
  // The shop as shoppers know it; the demo's "Mandi" is मंडी in Hindi, as the texts always had it.
  const shopName = shopNameIn(shop?.name ?? 'Mandi', language);
  usePageTitle(x.title);
  const navigate = useNavigate();
  const forgetSession = useForgetSession();
  const deleteAccount = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function askToConfirm(event: FormEvent) {
    event.preventDefault();
    if (!password) return setProblem(t(x.passwordNeeded));
    if (!understood) return setProblem(t(x.understandNeeded));
    setProblem(null);
    setConfirming(true);
  }

  async function deleteNow() {
    try {
      await deleteAccount.mutateAsync(password);
    } catch (error) {
      setProblem(errorMessages(error).join(' '));
      setConfirming(false);
      return;
    }
    // Home first (this page is for logged-in users only), then the browser forgets the user.
    navigate(paths.home(), { replace: true, state: { accountDeleted: true } });
    window.scrollTo(0, 0);
    await forgetSession();
  }

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10" aria-labelledby="my-data-heading">
      {deleteAccount.isPending && <LoaderOverlay text={x.deleting} />}
      <div>
        <h1 id="my-data-heading" className="page-heading">
          {t(x.title)}
        </h1>
        <p className="mt-2 text-stone-700">{t(x.lead, { shop: shopName })}</p>
      </div>

      <section className="card flex flex-col gap-3 p-5" aria-labelledby="download-heading">
        <h2 id="download-heading" className="text-lg font-bold text-stone-900">
          {t(x.downloadHeading)}
        </h2>
        <p className="text-stone-700">{t(x.downloadLead)}</p>
        <a href={MY_DATA_URL} download className="btn-primary self-start">
          {t(x.download)}
        </a>
      </section>

      <section className="card flex flex-col gap-4 p-5" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="text-lg font-bold text-stone-900">
          {t(x.deleteHeading)}
        </h2>
        <div>
          <h3 className="font-semibold text-stone-900">{t(x.erasedHeading)}</h3>
          <ul className="mt-1 list-disc pl-5 text-stone-700">
            <li>{t(x.erasedName)}</li>
            <li>{t(x.erasedReview)}</li>
            <li>{t(x.erasedLogin)}</li>
          </ul>
        </div>
        <div>
          <h3 className="font-semibold text-stone-900">{t(x.keptHeading)}</h3>
          <ul className="mt-1 list-disc pl-5 text-stone-700">
            <li>{t(x.keptBills)}</li>
            <li>{t(x.keptOrders)}</li>
            <li>{t(x.keptComplaints)}</li>
          </ul>
        </div>
        <p className="font-medium text-stone-800">{t(x.settleFirst)}</p>

        {problem && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-semibold text-red-700">
            {problem}
          </p>
        )}

        <form className="flex flex-col gap-4" onSubmit={askToConfirm} noValidate>
          <TextField
            label={t(x.password)}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setConfirming(false);
            }}
            disabled={isConfirming}
          />
          <label className="flex items-start gap-3 text-stone-800">
            <input
              type="checkbox"
              className="mt-1 h-5 w-5 accent-red-700"
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
              disabled={isConfirming}
            />
            <span>{t(x.understand)}</span>
          </label>
          {!isConfirming && (
            <button type="submit" className="btn-danger self-start">
              {t(x.continue)}
            </button>
          )}
        </form>
        {isConfirming && (
          <LastStep isPending={deleteAccount.isPending} onDelete={deleteNow} onKeep={() => setConfirming(false)} />
        )}
      </section>
    </section>
  );
}
