/**
 * The header's page links: the wide-screen bar and the phone menu. The demo shop ends both with the
 * spec's external interview link; a real shop (`demo` false), or one not known yet, does not.
 */
import { Link, NavLink, useLocation } from 'react-router';
import { ExternalLinkIcon } from '../../components/ui/icons/shop-icons';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { useShop } from '../../lib/shop/shop';
import { shellTexts as x } from '../shell.texts';

const MOCK_INTERVIEW_URL: string = import.meta.env.VITE_MOCK_INTERVIEW_URL || 'https://mock-interview.example.com/';

const NAV_LINKS = [
  { to: paths.home(), label: x.home },
  { to: paths.features(), label: x.features },
  { to: paths.products(), label: x.products },
  { to: paths.reviews(), label: x.reviews },
  { to: paths.about(), label: x.aboutUs },
] as const;

/** The links on a wide screen, the current page highlighted. */
export function MainNav() {
  const t = useT();
  return (
    <nav aria-label={t(x.navMain)} className="mr-auto hidden items-center gap-1 lg:flex">
      {NAV_LINKS.map((link) => (
        <NavItem key={link.to} to={link.to} label={t(link.label)} />
      ))}
      <ExternalInterviewLink className="ml-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1.5 text-sm font-semibold text-amber-900 transition hover:bg-amber-200" />
    </nav>
  );
}

/** The same links as a list, inside the phone menu panel. */
export function MobileNav() {
  const t = useT();
  return (
    <nav aria-label={t(x.navMobile)} className="flex flex-col p-2">
      {NAV_LINKS.map((link) => (
        <Link
          key={link.to}
          to={link.to}
          className="rounded-lg px-3 py-3 font-medium text-stone-800 hover:bg-green-50 hover:text-green-800"
        >
          {t(link.label)}
        </Link>
      ))}
      <ExternalInterviewLink className="mt-1 flex items-center gap-1 rounded-lg bg-amber-50 px-3 py-3 font-semibold text-amber-900 hover:bg-amber-100" />
    </nav>
  );
}

function NavItem({ to, label }: { to: string; label: string }) {
  const location = useLocation();
  // '/#features' is a place on the home page, not a page of its own.
  if (to.includes('#')) {
    return (
      <Link
        to={to}
        className="rounded-full px-3 py-2 text-sm font-medium text-stone-700 transition hover:bg-green-50 hover:text-green-800"
      >
        {label}
      </Link>
    );
  }
  const isHome = to === paths.home();
  return (
    <NavLink
      to={to}
      end={isHome}
      className={({ isActive }) =>
        `rounded-full px-3 py-2 text-sm font-medium transition hover:bg-green-50 hover:text-green-800 ${
          isActive && !(isHome && location.hash) ? 'bg-green-50 text-green-800' : 'text-stone-700'
        }`
      }
    >
      {label}
    </NavLink>
  );
}

function ExternalInterviewLink({ className }: { className: string }) {
  const t = useT();
  const shop = useShop();
  if (!shop?.demo) return null;
  return (
    <a href={MOCK_INTERVIEW_URL} target="_blank" rel="noopener noreferrer" className={className}>
      {t(x.mockInterview)}
      <ExternalLinkIcon />
      <span className="sr-only">{t(x.newTab)}</span>
    </a>
  );
}
