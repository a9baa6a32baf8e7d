/**
 * "Delete the list Weekly sabzi?" in place of a card's buttons (saved addresses, named lists): the
 * question, the deleting button and the keeping one, whose focus it starts on, so Enter keeps.
 */
import { useEffect, useRef } from 'react';

export function DeleteConfirmation({
  question,
  deleteLabel,
  keepLabel,
  isPending,
  onDelete,
  onKeep,
}: {
  question: string;
  deleteLabel: string;
  keepLabel: string;
  isPending: boolean;
  onDelete: () => void;
  onKeep: () => void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-red-50 p-3">
      <p className="font-semibold text-red-800">{question}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-danger flex-1" onClick={onDelete} disabled={isPending}>
          {deleteLabel}
        </button>
        <button ref={keep} type="button" className="btn-secondary flex-1" onClick={onKeep}>
          {keepLabel}
        </button>
      </div>
    </div>
  );
}
