/** A message that clears itself after 5 seconds (docs/product.md#timed-messages). */
import { MESSAGE_DISPLAY_MS } from '@mandi/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

export function useTimedMessage<T = string>(durationMs = MESSAGE_DISPLAY_MS) {
  const [message, setMessage] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
