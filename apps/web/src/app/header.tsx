/**
 * The header on every page (spec 2.2): navigation, search, the cart dropdown and the user menu.
 * Only one panel is open at a time; Escape, a click outside, a route change or scrolling the page
 * closes it.
 */
import { MESSAGES } from '@mandi/shared';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useSession } from '../features/account/api/get-logged-user';
import { useLogout } from '../features/account/api/logout';
import { useCart } from '../features/cart/cart-store';
import { CartDropdown } from '../features/cart/components/cart-dropdown';
import { errorMessages } from '../lib/api-client';

type Panel = 'menu' | 'search' | 'cart' | 'user';

export const MOCK_INTERVIEW_URL: string =
  import.meta.env.VITE_MOCK_INTERVIEW_URL || 'https://mock-interview.example.com/';

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/#features', label: 'Features' },
  { to: '/products', label: 'Products' },
  { to: '/reviews/all', label: 'Reviews' },
  { to: '/about', label: 'About Us' },
] as const;

/** Scrolling less than this (a focus nudge, a phone keyboard) leaves a panel open. */
const SCROLL_CLOSE_PX = 8;

export function Header() {
  const [open, setOpen] = useState<Panel | null>(null);
  const headerRef = useRef<HTMLElement>(null);
  const buttonRefs = useRef<Partial<Record<Panel, HTMLButtonElement | null>>>({});
  const location = useLocation();
  const ids = { menu: useId(), search: useId(), cart: useId(), user: useId() };

  const toggle = (panel: Panel) => setOpen((current) => (current === panel ? null : panel));
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
  }, [open]);

  const { count } = useCart();
  const { user } = useSession();

  const panelButton = (panel: Panel, label: string, icon: ReactNode, extraClass = '') => (
    <button
      ref={(element) => {
        buttonRefs.current[panel] = element;
      }}
      type="button"
      aria-label={label}
      aria-expanded={open === panel}
      aria-controls={open === panel ? ids[panel] : undefined}
      onClick={() => toggle(panel)}
      className={`relative flex h-10 w-10 items-center justify-center rounded-full text-stone-700 transition hover:bg-green-50 hover:text-green-800 aria-expanded:bg-green-100 aria-expanded:text-green-900 ${extraClass}`}
    >
      {icon}
    </button>
  );

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75"
    >
      <a
        href="#main"
        className="sr-only rounded-lg bg-green-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link to="/" className="mr-auto flex items-center gap-2 rounded-lg lg:mr-6" aria-label="Mandi home">
          <LeafLogo />
          <span className="text-2xl font-extrabold tracking-tight text-green-800">Mandi</span>
        </Link>

        <nav aria-label="Main" className="mr-auto hidden items-center gap-1 lg:flex">
          {NAV_LINKS.map((link) => (
            <NavItem key={link.to} to={link.to} label={link.label} />
          ))}
          <ExternalInterviewLink className="ml-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1.5 text-sm font-semibold text-amber-900 transition hover:bg-amber-200" />
        </nav>

        <div className="flex items-center gap-1">
          <div className="lg:hidden">
            {panelButton('menu', 'Menu', <MenuIcon />)}
            {open === 'menu' && (
              <DropPanel id={ids.menu} label="Menu" wide>
                <nav aria-label="Mobile" className="flex flex-col p-2">
                  {NAV_LINKS.map((link) => (
                    <Link
                      key={link.to}
                      to={link.to}
                      className="rounded-lg px-3 py-3 font-medium text-stone-800 hover:bg-green-50 hover:text-green-800"
                    >
                      {link.label}
                    </Link>
                  ))}
                  <ExternalInterviewLink className="mt-1 flex items-center gap-1 rounded-lg bg-amber-50 px-3 py-3 font-semibold text-amber-900 hover:bg-amber-100" />
                </nav>
              </DropPanel>
            )}
          </div>
          <div>
            {panelButton('search', 'Search', <SearchIcon />)}
            {open === 'search' && (
              <DropPanel id={ids.search} label="Search" wide>
                <SearchForm onDone={close} />
              </DropPanel>
            )}
          </div>
          <div>
            {panelButton(
              'cart',
              `Cart, ${count} ${count === 1 ? 'item' : 'items'}`,
              <>
                <CartIcon />
                {count > 0 && (
                  <span
                    data-testid="cart-count"
                    aria-hidden="true"
                    className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-500 px-1 text-xs font-bold text-stone-900 ring-2 ring-white"
                  >
                    {count}
                  </span>
                )}
              </>,
            )}
            {open === 'cart' && (
              <DropPanel id={ids.cart} label="Cart">
                <CartDropdown />
              </DropPanel>
            )}
          </div>
          <div>
            {panelButton(
              'user',
              user ? `Account of ${user.firstName}` : 'Account',
              user ? (
                <span className="flex h-8 w-8 items-center justify-center rounded-full bg-green-700 text-sm font-bold text-white">
                  {user.firstName.charAt(0).toUpperCase()}
                </span>
              ) : (
                <UserIcon />
              ),
            )}
            {open === 'user' && (
              <DropPanel id={ids.user} label="Account">
                <UserMenu />
              </DropPanel>
            )}
          </div>
        </div>
      </div>
    </header>
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
  return (
    <NavLink
      to={to}
      end={to === '/'}
      className={({ isActive }) =>
        `rounded-full px-3 py-2 text-sm font-medium transition hover:bg-green-50 hover:text-green-800 ${
          isActive && !(to === '/' && location.hash) ? 'bg-green-50 text-green-800' : 'text-stone-700'
        }`
      }
    >
      {label}
    </NavLink>
  );
}

function ExternalInterviewLink({ className }: { className: string }) {
  return (
    <a href={MOCK_INTERVIEW_URL} target="_blank" rel="noopener noreferrer" className={className}>
      AI Mock Interview
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" strokeLinecap="round" />
      </svg>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** A dropdown under the header: full width on a phone, a card under the buttons on wider screens. */
function DropPanel({ id, label, wide, children }: { id: string; label: string; wide?: boolean; children: ReactNode }) {
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

function SearchForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    navigate(text ? `/products/${encodeURIComponent(text)}` : '/products');
    onDone();
  }

  return (
    <search>
      <form onSubmit={handleSubmit} className="flex items-end gap-2 p-4">
        <div className="flex-1">
          <label htmlFor={inputId} className="field-label">
            Search products
          </label>
          <input
            ref={inputRef}
            id={inputId}
            name="search"
            type="search"
            placeholder="Mango, tomato, paneer…"
            autoComplete="off"
            enterKeyHint="search"
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-primary h-[2.625rem]">
          Search
        </button>
      </form>
    </search>
  );
}

function UserMenu() {
  const { user, isAdmin } = useSession();
  const logout = useLogout();
  const [error, setError] = useState<string | null>(null);
  const itemClass =
    'flex items-center rounded-lg px-3 py-2.5 font-medium text-stone-800 hover:bg-green-50 hover:text-green-800';

  async function logOut() {
    setError(null);
    try {
      await logout.mutateAsync();
    } catch (caught) {
      setError(errorMessages(caught).join(' '));
      return;
    }
    window.alert(MESSAGES.logoutSuccess);
    window.location.reload();
  }

  if (!user) {
    return (
      <div className="flex flex-col gap-3 p-4">
        <p className="text-sm text-stone-600">Log in to place orders, track them and write reviews.</p>
        <div className="grid grid-cols-2 gap-2">
          <Link to="/Login" className="btn-primary">
            Login
          </Link>
          <Link to="/Signup" className="btn-secondary">
            Sign Up
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col p-2">
      <p className="px-3 pt-2 pb-3 text-sm text-stone-600">
        Signed in as{' '}
        <span className="font-semibold text-stone-900">
          {user.firstName} {user.lastName}
        </span>
      </p>
      <ul className="flex flex-col border-t border-stone-100 pt-2">
        {isAdmin && (
          <li>
            <Link to="/admin/home" className={itemClass}>
              Dashboard
            </Link>
          </li>
        )}
        <li>
          <Link to="/Order/MyOrder" className={itemClass}>
            My Orders
          </Link>
        </li>
        <li>
          <Link to="/RestPassword" className={itemClass}>
            Change Password
          </Link>
        </li>
        <li>
          <Link to="/review/add" className={itemClass}>
            Add Reviews
          </Link>
        </li>
        <li className="mt-1 border-t border-stone-100 pt-1">
          <button
            type="button"
            onClick={logOut}
            disabled={logout.isPending}
            className={`${itemClass} w-full text-left text-red-700 hover:bg-red-50 hover:text-red-800 disabled:opacity-60`}
          >
            Log Out
          </button>
        </li>
      </ul>
      {error && (
        <p className="error-text px-3 pb-2" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function LeafLogo() {
  return (
    <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
      <circle cx="16" cy="16" r="16" fill="#dcfce7" />
      <path d="M9 22c0-8 5-13 14-13 0 9-5 14-13 14" fill="#16a34a" />
      <path d="M9 23c3-4 6-7 10-9" stroke="#14532d" strokeWidth="1.6" strokeLinecap="round" fill="none" />
    </svg>
  );
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

function MenuIcon() {
  return (
    <Icon>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Icon>
  );
}

function SearchIcon() {
  return (
    <Icon>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m20 20-4.2-4.2" />
    </Icon>
  );
}

function CartIcon() {
  return (
    <Icon>
      <path d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
      <circle cx="9.5" cy="20" r="1.2" />
      <circle cx="17" cy="20" r="1.2" />
    </Icon>
  );
}

function UserIcon() {
  return (
    <Icon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5c1.2-3.6 4-5.5 7.5-5.5s6.3 1.9 7.5 5.5" />
    </Icon>
  );
}
