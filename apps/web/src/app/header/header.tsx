/**
 * The header on every page: navigation, search, the cart dropdown and the user menu, each panel a
 * part in this folder. Only one panel is open at a time (see use-open-panel).
 */
import { type ReactNode, useId, useRef } from 'react';
import { Link } from 'react-router';
import { LeafLogo, MenuIcon, SearchIcon, UserIcon } from '../../components/ui/icons/shop-icons';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { paths } from '../../config/paths';
import { CartDropdown, useCart } from '../../features/cart';
import { useSession } from '../../lib/auth/session';
import { useT } from '../../lib/i18n';
import { useShop } from '../../lib/shop/shop';
import { shellTexts as x } from '../shell.texts';
import { CartButtonContent, cartButtonLabel } from './cart-button-content';
import { DropPanel } from './drop-panel';
import { MainNav, MobileNav } from './nav-links';
import { SearchForm } from './search-form';
import { type Panel, useOpenPanel } from './use-open-panel';
import { UserMenu } from './user-menu';

export function Header() {
  const headerRef = useRef<HTMLElement>(null);
  const { open, toggle, close, buttonRefs } = useOpenPanel(headerRef);
  const ids = { menu: useId(), search: useId(), cart: useId(), user: useId() };
  const { count } = useCart();
  const { user } = useSession();
  const shop = useShop();
  const t = useT();

  const panelButton = (panel: Panel, label: string, icon: ReactNode) => (
    <button
      ref={(element) => {
        buttonRefs.current[panel] = element;
      }}
      type="button"
      aria-label={label}
      aria-expanded={open === panel}
      aria-controls={open === panel ? ids[panel] : undefined}
      onClick={() => toggle(panel)}
      className="relative flex h-10 w-10 items-center justify-center rounded-full text-stone-700 transition hover:bg-green-50 hover:text-green-800 aria-expanded:bg-green-100 aria-expanded:text-green-900"
    >
      {icon}
    </button>
  );

  // An almost opaque bar, not a blurred one: a backdrop blur is redrawn for every frame of a
  // scroll or of the page loading beneath it, work a phone's main thread waits on.
  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/95">
      <a
        href="#main"
        className="sr-only rounded-lg bg-green-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        {t(x.skipToContent)}
      </a>
      <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-2 px-4 py-1 sm:px-6">
        <Link
          to={paths.home()}
          className="mr-auto flex min-w-0 items-center gap-2 rounded-lg lg:mr-6 lg:min-w-auto"
          aria-label={shop ? t(x.homeLink, { name: shop.name }) : t(x.shopHome)}
        >
          <LeafLogo />
          {/* Until the shop is known, its name's room is kept (blank), so nothing moves when it comes.
              A long name wraps to a second line in a smaller face on a phone, never cut (issue 42).
              Beside the wide screen's links it keeps its longest word whole ("Mand i" at 1024 px). */}
          <span
            className={`min-w-0 text-base leading-tight font-extrabold tracking-tight text-green-800 [overflow-wrap:anywhere] sm:text-2xl lg:min-w-auto lg:[overflow-wrap:break-word] ${shop ? '' : 'invisible'}`}
            aria-hidden={shop ? undefined : true}
          >
            {shop?.name ?? 'Mandi'}
          </span>
        </Link>

        <MainNav />

        <div className="flex shrink-0 items-center gap-1">
          <div className="hidden sm:block">
            <LanguageSwitch />
          </div>
          <div className="lg:hidden">
            {panelButton('menu', t(x.menu), <MenuIcon />)}
            {open === 'menu' && (
              <DropPanel id={ids.menu} label={t(x.menu)} wide>
                <div className="border-b border-stone-100 px-4 py-3 sm:hidden">
                  <LanguageSwitch />
                </div>
                <MobileNav />
              </DropPanel>
            )}
          </div>
          <div>
            {panelButton('search', t(x.search), <SearchIcon />)}
            {open === 'search' && (
              <DropPanel id={ids.search} label={t(x.search)} wide>
                <SearchForm onDone={close} />
              </DropPanel>
            )}
          </div>
          <div>
            {panelButton('cart', cartButtonLabel(t, count), <CartButtonContent count={count} />)}
            {open === 'cart' && (
              <DropPanel id={ids.cart} label={t(x.cart)}>
                <CartDropdown />
              </DropPanel>
            )}
          </div>
          <div>
            {panelButton(
              'user',
              user ? t(x.accountOf, { name: user.firstName }) : t(x.account),
              user ? (
                <span className="flex h-8 w-8 items-center justify-center rounded-full bg-green-700 text-sm font-bold text-white">
                  {user.firstName.charAt(0).toUpperCase()}
                </span>
              ) : (
                <UserIcon />
              ),
            )}
            {open === 'user' && (
              <DropPanel id={ids.user} label={t(x.account)}>
                <UserMenu />
              </DropPanel>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
