/** The frame of every account form: a centred card with the page heading, a short lead and the form. */
import type { ReactNode } from 'react';

/** Outline icons drawn inline, so they show on every device (emoji fonts are not everywhere). */
const ICON_PATHS = {
  user: ['M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2', 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z'],
  userPlus: ['M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2', 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M19 8v6', 'M22 11h-6'],
  key: ['M15.5 7.5a4.5 4.5 0 1 1-2.1 3.8L3 21.7V18h3v-3h3l1.9-1.9', 'M16.5 7.5h.01'],
  lock: ['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4'],
} as const;

export type AuthIcon = keyof typeof ICON_PATHS;

export function AuthCard({
  heading,
  lead,
  icon = 'user',
  children,
  footer,
}: {
  heading: string;
  lead?: string;
  icon?: AuthIcon;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex justify-center bg-gradient-to-b from-green-50 to-stone-50 px-4 py-10 sm:py-16">
      <section className="card w-full max-w-md overflow-hidden" aria-labelledby="auth-heading">
        <div className="flex flex-col items-center gap-2 bg-green-800 px-6 py-6 text-center text-white">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white/15" aria-hidden="true">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              {ICON_PATHS[icon].map((d) => (
                <path key={d} d={d} />
              ))}
            </svg>
          </span>
          <h1 id="auth-heading" className="text-2xl font-bold">
            {heading}
          </h1>
          {lead && <p className="text-sm text-green-50">{lead}</p>}
        </div>
        <div className="px-6 py-6 sm:px-8">{children}</div>
        {footer && (
          <div className="border-t border-stone-100 bg-stone-50 px-6 py-4 text-center text-sm text-stone-700 sm:px-8">
            {footer}
          </div>
        )}
      </section>
    </div>
  );
}
