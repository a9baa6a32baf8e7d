/**
 * Messages already in the chosen language (`errorMessages(error)`, `t(specTexts.orderError)`), one
 * per line, in a red block. `inline` (the account forms) keeps its live region
 * on the page even when empty, so a screen reader announces the first message; `panel` (the admin
 * forms and tables) takes no room until there is something to say.
 */
export function ErrorBlock({
  messages,
  variant = 'panel',
}: {
  messages: readonly string[] | null | undefined;
  variant?: 'inline' | 'panel';
}) {
  const lines = messages?.map((message) => (
    <p key={message} className="error-text">
      {message}
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
