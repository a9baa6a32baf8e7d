/**
 * What the admin does with one khata, on the Khata screen's expanded row and on the account's
 * page: remind on WhatsApp (the server's wa.me link with the balance, in a new tab), record a
 * payment, pay back an advance, download a statement, change the limit or close the khata.
 */
import type { KhataAccount } from '@mandi/shared/schemas';
import { useState } from 'react';
import { errorMessages, serverText } from '../../../lib/api-client';
import { formatRupees, useT } from '../../../lib/i18n';
import { adminStatementUrl, useSendWhatsappReminder } from '../api/khata';
import { khataTexts as x } from '../khata.texts';
import { LimitForm } from './limit-form';
import { PaymentForm } from './payment-form';
import { StatementForm } from './statement-form';

export function RemindLink({ account }: { account: KhataAccount }) {
  const t = useT();
  if (!account.reminderUrl) return <p className="text-sm text-stone-700">{t(x.noMobile)}</p>;
  return (
    <a
      href={account.reminderUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t(x.remindLabel, { name: account.name, balance: formatRupees(account.balance) })}
      className="btn-secondary self-start"
    >
      {t(x.remind)}
    </a>
  );
}

/**
 * The reminder sent by the shop itself through the WhatsApp Cloud API (decision 0045), to a
 * shopper who chose WhatsApp; the server says why not otherwise (no Cloud API, not chosen).
 */
export function SendReminderButton({ userId, name }: { userId: string; name: string }) {
  const t = useT();
  const send = useSendWhatsappReminder(userId);
  const [said, setSaid] = useState<{ text: string; isProblem: boolean } | null>(null);
  async function click() {
    setSaid(null);
    try {
      setSaid({ text: t(serverText(await send.mutateAsync())), isProblem: false });
    } catch (error) {
      setSaid({ text: errorMessages(error).join(' '), isProblem: true });
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn-secondary self-start"
        onClick={() => void click()}
        disabled={send.isPending}
        aria-label={t(x.sendReminderLabel, { name })}
      >
        {send.isPending ? t(x.sendingReminder) : t(x.sendReminder)}
      </button>
      <p aria-live="polite" className={said?.isProblem ? 'text-sm text-red-800' : 'text-sm text-green-800'}>
        {said?.text}
      </p>
    </div>
  );
}

export function AccountActions({ account, headingLevel = 3 }: { account: KhataAccount; headingLevel?: 2 | 3 }) {
  const userId = account.userId;
  return (
    <div className="flex flex-col gap-6">
      {account.balance > 0 && (
        <div className="flex flex-wrap items-start gap-3">
          <RemindLink account={account} />
          {userId && <SendReminderButton userId={userId} name={account.name} />}
        </div>
      )}
      {userId && (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <div className="flex flex-col gap-6">
            <div className="rounded-xl border border-stone-200 p-4">
              <PaymentForm userId={userId} headingLevel={headingLevel} />
            </div>
            {account.balance < 0 && (
              <div className="rounded-xl border border-stone-200 p-4">
                <PaymentForm userId={userId} headingLevel={headingLevel} advance={-account.balance} />
              </div>
            )}
          </div>
          <div className="flex flex-col gap-6">
            <div className="rounded-xl border border-stone-200 p-4">
              <StatementForm
                urlOf={(range) => adminStatementUrl(userId, range)}
                chooseLanguage
                defaultLanguage={account.language}
                headingLevel={headingLevel}
              />
            </div>
            <div className="rounded-xl border border-stone-200 p-4">
              <LimitForm userId={userId} name={account.name} account={account} headingLevel={headingLevel} />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
