import { useT } from '../../lib/i18n';

/**
 * Server messages, one per line, in a red block. `inline` (the account forms) keeps its live region
 * on the page even when empty, so a screen reader announces the first message; `panel` (the admin
 * forms and tables) takes no room until there is something to say.
 */
export function ErrorBlock({
  messages,
  variant = 'panel',
}: {
  messages: string[] | null | undefined;
  variant?: 'inline' | 'panel';
}) {
  // The server answers in English: known messages are shown in the chosen language.
  const t = useT();
  const lines = messages?.map((message) => (
    <p key={message} className="error-text">
      {t(message)}
    </p>
  ));
  if (variant === 'inline') {
    return (
      <div role="alert" aria-live="assertive" className={messages?.length ? 'rounded-lg bg-red-50 px-3 py-2' : ''}>
        {lines}
      </div>
    );
  }
  if (!messages?.length) return null;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3">
      {lines}
    </div>
  );
}
