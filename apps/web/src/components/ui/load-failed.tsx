/**
 * A read that failed, in place of what it would have shown: the message (already in the chosen
 * language) announced, and a button that asks again.
 */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="card flex flex-col items-start gap-3 p-5">
      <p role="alert" className="text-stone-800">
        {message}
      </p>
      <button type="button" className="btn-secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
