/**
 * The timed success line and error block (they clear after 5 s: docs/product.md#timed-messages) of the admin forms
 * and tables, with the two ways they are filled: a form's submit, and a table row's confirmed delete.
 */

import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessages, type ServerMessage, serverText } from '../../lib/api-client';
import { translate } from '../../lib/i18n';
import { ErrorBlock } from '../ui/error-block';
import { useTimedMessage } from '../ui/use-timed-message';
import { SuccessLine } from './form-messages';

export function useActionMessages() {
  const success = useTimedMessage();
  const errors = useTimedMessage<string[]>();

  /** Clears both messages, then shows what `action` resolves with, or the server's errors; true when it succeeded. */
  const submit = async (action: () => Promise<string>): Promise<boolean> => {
    errors.clear();
    success.clear();
    try {
      success.show(await action());
      return true;
    } catch (error) {
      errors.show(errorMessages(error));
      return false;
    }
  };

  return { success, errors, submit };
}

/**
 * Deletes a table row by id once the browser's confirm dialog says yes; shows the server's message
 * (or `successMessage`) on success and the server's errors on failure.
 */
export function useConfirmedDelete<TData extends ServerMessage>(
  mutation: UseMutationResult<TData, Error, string>,
  successMessage?: string,
) {
  const { success, errors } = useActionMessages();

  const remove = (id: string, question: string) => {
    if (!window.confirm(question)) return;
    success.clear();
    errors.clear();
    mutation.mutate(id, {
      onSuccess: (data) => success.show(successMessage ?? translate(serverText(data))),
      onError: (error) => errors.show(errorMessages(error)),
    });
  };

  return { success, errors, remove, isDeleting: mutation.isPending };
}

type Messages = ReturnType<typeof useActionMessages>;

/** The messages above a table: success first. */
export function TableMessages({ success, errors }: Pick<Messages, 'success' | 'errors'>) {
  return (
    <div className="mb-4 flex flex-col gap-3">
      <SuccessLine message={success.message} />
      <ErrorBlock messages={errors.message} />
    </div>
  );
}

/** The messages at the foot of a form, above its button: errors first. */
export function FormMessages({ success, errors }: Pick<Messages, 'success' | 'errors'>) {
  return (
    <>
      <ErrorBlock messages={errors.message} />
      <SuccessLine message={success.message} />
    </>
  );
}
