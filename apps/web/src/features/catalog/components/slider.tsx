/**
 * The home page's sliders (spec 2.5): 1 slide per view, 2 from 640 and 768 px, 3 from 1024 px,
 * gaps 10/20/40/50, looping, autoplay every 5 s, with a pause control for anyone who wants the
 * page to hold still. Swiper lives only in the home page's lazily loaded chunk.
 */
import 'swiper/css';
import 'swiper/css/pagination';
import { SLIDER_AUTOPLAY_MS } from '@mandi/shared';
import { type ReactNode, useState } from 'react';
import type { Swiper as SwiperClass } from 'swiper';
import { A11y, Autoplay, Keyboard, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';

export const SLIDER_BREAKPOINTS = {
  0: { slidesPerView: 1, spaceBetween: 10 },
  640: { slidesPerView: 2, spaceBetween: 20 },
  768: { slidesPerView: 2, spaceBetween: 40 },
  1024: { slidesPerView: 3, spaceBetween: 50 },
};
const MAX_PER_VIEW = 3;

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
  const [swiper, setSwiper] = useState<SwiperClass | null>(null);
  const [isPlaying, setIsPlaying] = useState(() => !prefersReducedMotion());

  function togglePlaying() {
    if (!swiper) return;
    if (isPlaying) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setIsPlaying(!isPlaying);
  }

  return (
    <div className="relative">
      <Swiper
        modules={[A11y, Autoplay, Keyboard, Pagination]}
        onSwiper={(instance) => {
          if (!isPlaying) instance.autoplay?.stop();
          setSwiper(instance);
        }}
        breakpoints={SLIDER_BREAKPOINTS}
        slidesPerView={1}
        spaceBetween={10}
        // Looping needs more slides than fit on the widest screen.
        loop={items.length > MAX_PER_VIEW}
        autoplay={{ delay: SLIDER_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        pagination={{ clickable: true }}
        a11y={{ containerMessage: label }}
        className="mandi-slider !pb-10"
      >
        {items.map((item) => (
          <SwiperSlide key={getKey(item)} className="!h-auto">
            {renderSlide(item)}
          </SwiperSlide>
        ))}
      </Swiper>
      {items.length > 1 && swiper && (
        <button
          type="button"
          onClick={togglePlaying}
          className="absolute right-0 bottom-0 z-10 rounded-full px-3 py-1 text-sm font-medium text-green-800 hover:bg-green-50"
        >
          {isPlaying ? 'Pause' : 'Play'}
          <span className="sr-only"> {label}</span>
        </button>
      )}
    </div>
  );
}
