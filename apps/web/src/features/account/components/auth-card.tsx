/** The frame of every account form: a centred card with the page heading, a short lead and the form. */
import type { ReactNode } from 'react';
import { AuthCardIcon, type AuthIcon } from '../../../components/ui/icons/shop-icons';

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
            <AuthCardIcon icon={icon} />
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
