/** The success line of the admin forms and tables (their error block is the shared one). */
export function SuccessLine({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="status"
      className="rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm font-semibold text-green-900"
    >
      {message}
    </p>
  );
}
