/** The success line and the error block (one server message per line) of the admin forms and tables. */

export function ErrorBlock({ messages }: { messages: string[] | null | undefined }) {
  if (!messages?.length) return null;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3">
      {messages.map((message) => (
        <p key={message} className="error-text">
          {message}
        </p>
      ))}
    </div>
  );
}

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
