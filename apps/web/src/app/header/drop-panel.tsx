/** A dropdown under the header: full width on a phone, a card under the buttons on wider screens. */
import type { ReactNode } from 'react';

export function DropPanel({
  id,
  label,
  wide,
  children,
}: {
  id: string;
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-label={label}
      className={`absolute inset-x-3 top-full mt-2 overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-stone-200 sm:left-auto sm:right-6 ${
        wide ? 'sm:w-[28rem]' : 'sm:w-96'
      } xl:right-[max(1.5rem,calc((100vw-80rem)/2+1.5rem))]`}
    >
      {children}
    </section>
  );
}
