/**
 * The home page's sliders (docs/product.md#shopper-screens): 1 slide per view, 2 from 640 and 768 px, 3 from 1024 px,
 * gaps 10/20/40/50, looping, autoplay every 5 s, with a pause control for anyone who wants the
 * page to hold still. Built on CSS scroll snapping rather than a slider library, so the home page
 * stays within its JavaScript budget (a slider library alone was ~28 KB gzipped).
 */
import { SLIDER_AUTOPLAY_MS } from '@mandi/shared';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { catalogTexts as x } from '../catalog.texts';

const TRACK_CLASSES =
  'flex snap-x snap-mandatory gap-[10px] overflow-x-auto scroll-smooth [scrollbar-width:none] sm:gap-5 md:gap-10 lg:gap-[50px] motion-reduce:scroll-auto';
const SLIDE_CLASSES =
  'grid shrink-0 basis-full snap-start sm:basis-[calc((100%-20px)/2)] md:basis-[calc((100%-40px)/2)] lg:basis-[calc((100%-100px)/3)]';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;

export function Slider<T>({
  label,
  items,
  getKey,
  renderSlide,
}: {
  label: string;
  items: T[];
  getKey: (item: T) => string;
  renderSlide: (item: T) => ReactNode;
}) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const t = useT();
  const [isPlaying, setIsPlaying] = useState(() => !prefersReducedMotion());
  const [isHeld, setIsHeld] = useState(false);

  /** Distance between the starts of two slides. */
  const step = useCallback(() => {
    const track = trackRef.current;
    const first = track?.firstElementChild as HTMLElement | null;
    if (!track || !first) return 0;
    return first.offsetWidth + (Number.parseFloat(getComputedStyle(track).columnGap) || 0);
  }, []);

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      const distance = step();
      if (!track || !distance) return;
      track.scrollTo({ left: index * distance });
    },
    [step],
  );

  /** Next slide, back to the first once the last one is in view (the loop). */
  const next = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const isAtEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 2;
    goTo(isAtEnd ? 0 : active + 1);
  }, [active, goTo]);

  const previous = () => {
    const track = trackRef.current;
    if (!track) return;
    if (active > 0) return goTo(active - 1);
    goTo(Math.round((track.scrollWidth - track.clientWidth) / (step() || 1)));
  };

  useEffect(() => {
    if (!isPlaying || isHeld || items.length < 2) return;
    const timer = window.setInterval(next, SLIDER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [isPlaying, isHeld, items.length, next]);

  function onScroll() {
    const track = trackRef.current;
    const distance = step();
    if (track && distance) setActive(Math.round(track.scrollLeft / distance));
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowRight') next();
    else if (event.key === 'ArrowLeft') previous();
    else return;
    event.preventDefault();
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel is a group of slides, not a form fieldset
    <div
      role="group"
      className="relative"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setIsHeld(true)}
      onMouseLeave={() => setIsHeld(false)}
      onFocus={() => setIsHeld(true)}
      onBlur={() => setIsHeld(false)}
    >
      {/* Focusable so keyboard users can scroll it even when its slides hold no links (reviews). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard */}
      <ul ref={trackRef} className={TRACK_CLASSES} onScroll={onScroll} tabIndex={0}>
        {items.map((item, index) => (
          <li
            key={getKey(item)}
            className={SLIDE_CLASSES}
            aria-roledescription="slide"
            aria-label={t(x.slideOf, { index: index + 1, count: items.length })}
          >
            {renderSlide(item)}
          </li>
        ))}
      </ul>
      {items.length > 1 && (
        <div className="mt-2 flex items-center justify-center gap-2">
          <div className="flex flex-wrap justify-center">
            {items.map((item, index) => (
              <button
                key={getKey(item)}
                type="button"
                onClick={() => goTo(index)}
                aria-label={t(x.goToSlide, { index: index + 1 })}
                aria-current={index === active ? 'true' : undefined}
                className="group flex h-6 w-6 items-center justify-center rounded-full"
              >
                <span
                  className={`block h-2.5 w-2.5 rounded-full ${index === active ? 'bg-green-700' : 'bg-stone-400 group-hover:bg-stone-500'}`}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => setIsPlaying(!isPlaying)}
            className="shrink-0 rounded-full px-3 py-1 text-sm font-medium text-green-800 hover:bg-green-50"
          >
            {isPlaying ? t(x.pause) : t(x.play)}
            <span className="sr-only"> {label}</span>
          </button>
        </div>
      )}
    </div>
  );
}
