/** The error area under a form's fields: the server's messages, one per line. */
export function FormErrors({ messages }: { messages: string[] | null }) {
  return (
    <div role="alert" aria-live="assertive" className={messages?.length ? 'rounded-lg bg-red-50 px-3 py-2' : ''}>
      {messages?.map((message) => (
        <p key={message} className="error-text">
          {message}
        </p>
      ))}
    </div>
  );
}
