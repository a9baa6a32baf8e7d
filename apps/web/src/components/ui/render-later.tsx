import { type ReactNode, useEffect, useState } from 'react';

/**
 * Renders its children in a task of their own, after the one that mounted it has painted. Parts
 * below the fold (the footer, the home page's sliders) rendered with what is on screen made the
 * first page one long task, which blocks a phone (decision 0073); each in a task of its own, the
 * tasks are shorter. Once rendered they stay: a re-render never hides them again. (A long list is
 * sliced the same way by `useSlicedList`.)
 */
export function RenderLater({ children }: { children: ReactNode }) {
  const [isDue, setIsDue] = useState(false);
  useEffect(() => {
    if (isDue) return;
    const timer = setTimeout(() => setIsDue(true), 0);
    return () => clearTimeout(timer);
  }, [isDue]);
  return isDue ? children : null;
}
