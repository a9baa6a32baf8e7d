/**
 * A long list rendered a slice per task: the first `first` items at once (the first screen), then
 * `step` more in each following task until all are there. A 48-card grid in one render is one long
 * task on a phone that holds up every tap and scroll; in slices the browser can answer in between.
 * Works the same whatever renders it (React schedules its own slices for deferred values; the
 * shipped build's Preact has no such scheduler, decision 0012). A new list (a refetch, a filter)
 * shows at least as many items as were already on screen, so the page never shrinks under a
 * shopper who has scrolled down.
 */
import { useEffect, useState } from 'react';

export function useSlicedList<T>(list: readonly T[], first: number, step: number): readonly T[] {
  const [shown, setShown] = useState({ list, count: first });
  const count = shown.list === list ? shown.count : Math.max(first, shown.count);
  useEffect(() => {
    if (count >= list.length) return;
    const timer = setTimeout(() => setShown({ list, count: count + step }), 0);
    return () => clearTimeout(timer);
  }, [list, count, step]);
  return count >= list.length ? list : list.slice(0, count);
}
