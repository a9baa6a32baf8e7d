/**
 * Which header panel is open: one at a time. Escape (focus back on its button), a press outside the
 * header, a new page or scrolling the page closes it.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export type Panel = 'menu' | 'search' | 'cart' | 'user';

/** Scrolling less than this (a focus nudge, a phone keyboard) leaves a panel open. */
const SCROLL_CLOSE_PX = 8;

export function useOpenPanel(headerRef: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState<Panel | null>(null);
  const buttonRefs = useRef<Partial<Record<Panel, HTMLButtonElement | null>>>({});
  const location = useLocation();

  const toggle = useCallback((panel: Panel) => setOpen((current) => (current === panel ? null : panel)), []);
  const close = useCallback(() => setOpen(null), []);

  // A new page closes whatever was open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(null), [location.key]);

  useEffect(() => {
    if (!open) return;
    const startY = window.scrollY;
    const onScroll = () => {
      if (Math.abs(window.scrollY - startY) > SCROLL_CLOSE_PX) setOpen(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(null);
      buttonRefs.current[open]?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(event.target as Node)) setOpen(null);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, headerRef]);

  return { open, toggle, close, buttonRefs };
}
