/**
 * Open a khata (no account, or a closed one) with a credit limit and optionally the mobile for
 * reminders, change the limit, or close it (the server refuses while the balance is not 0, and
 * says why). The server's message is shown either way.
 */
import type { KhataAccount } from '@mandi/shared/schemas';
import { type FormEvent, useId, useState } from 'react';
import { SuccessLine } from '../../../components/admin/form-messages';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages, serverText } from '../../../lib/api-client';
import { translate, useT } from '../../../lib/i18n';
import { useSetKhataLimit } from '../api/khata';
import { khataTexts as x } from '../khata.texts';

export function LimitForm({
  userId,
  name,
  account,
  headingLevel = 3,
  showHeading = true,
}: {
  userId: string;
  name: string;
  account: KhataAccount | null;
  headingLevel?: 2 | 3;
  showHeading?: boolean;
}) {
  const t = useT();
  const id = useId();
  const save = useSetKhataLimit(userId);
  const isOpen = account !== null && account.creditLimit !== null;
  const [limit, setLimit] = useState(isOpen ? String(account.creditLimit) : '');
  const [mobile, setMobile] = useState('');
  const [problems, setProblems] = useState<string[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  async function send(creditLimit: string | null) {
    setDone(null);
    setProblems(null);
    setClosing(creditLimit === null);
    try {
      const answer = await save.mutateAsync({
        creditLimit,
        ...(mobile.trim() && creditLimit !== null ? { mobile: mobile.trim() } : {}),
      });
      setMobile('');
      if (creditLimit === null) setLimit('');
      setDone(t(serverText(answer)));
    } catch (error) {
      setProblems(errorMessages(error));
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!limit.trim()) return setProblems([t(x.limitMissing)]);
    void send(limit.trim());
  }

  function close() {
    if (!window.confirm(translate(x.closeConfirm, { name }))) return;
    void send(null);
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className={showHeading ? 'text-base font-bold text-stone-900' : 'sr-only'}>
        {t(x.limitHeading)}
      </Heading>
      <div>
        <label htmlFor={`${id}-limit`} className="field-label">
          {t(x.limitField)}
        </label>
        <input
          id={`${id}-limit`}
          className="field-input"
          inputMode="decimal"
          autoComplete="off"
          value={limit}
          aria-describedby={`${id}-limit-hint`}
          onChange={(event) => setLimit(event.target.value)}
        />
        <p id={`${id}-limit-hint`} className="mt-1 text-sm text-stone-600">
          {t(x.limitHint)}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-mobile`} className="field-label">
          {t(x.mobileField)}
        </label>
        <input
          id={`${id}-mobile`}
          className="field-input"
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          placeholder={account?.mobile ?? ''}
          value={mobile}
          aria-describedby={`${id}-mobile-hint`}
          onChange={(event) => setMobile(event.target.value)}
        />
        <p id={`${id}-mobile-hint`} className="mt-1 text-sm text-stone-600">
          {t(x.mobileHint)}
        </p>
      </div>
      <SuccessLine message={done} />
      <ErrorBlock messages={problems} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending && !closing ? t(x.saving) : isOpen ? t(x.changeLimit) : t(x.openKhata)}
        </button>
        {isOpen && (
          <button type="button" className="btn-secondary" disabled={save.isPending} onClick={close}>
            {save.isPending && closing ? t(x.saving) : t(x.closeKhata)}
          </button>
        )}
      </div>
    </form>
  );
}
