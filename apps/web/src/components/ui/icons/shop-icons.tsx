/**
 * The shop's icons live in this folder: inline SVG, so no emoji font or image request is needed and
 * they stay crisp at any size. All are decorative (aria-hidden); the button or link beside them
 * carries the words. The admin's icons sit in their own file so the shopper's first page does not
 * download them. This file holds the two frames every icon is drawn in and the shopper's icons
 * (header, footer, account forms, catalogue, checkout), which every page loads anyway.
 */
import type { ReactNode } from 'react';

export type IconProps = { className?: string };

/** A 24-unit outline icon with round ends and joins, drawn in the text colour. */
export function Icon({
  children,
  className = 'h-5 w-5',
  strokeWidth = 2,
}: {
  children: ReactNode;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

/** A 24-unit outline whose paths set their own ends and joins. */
export function Outline({
  children,
  className,
  strokeWidth = 2,
}: {
  children: ReactNode;
  className: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

// The header.

const HEADER_ICON = { className: 'h-6 w-6', strokeWidth: 1.8 };

export const MenuIcon = () => (
  <Icon {...HEADER_ICON}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

export const SearchIcon = () => (
  <Icon {...HEADER_ICON}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </Icon>
);

export const CartIcon = () => (
  <Icon {...HEADER_ICON}>
    <path d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
    <circle cx="9.5" cy="20" r="1.2" />
    <circle cx="17" cy="20" r="1.2" />
  </Icon>
);

export const UserIcon = () => (
  <Icon {...HEADER_ICON}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c1.2-3.6 4-5.5 7.5-5.5s6.3 1.9 7.5 5.5" />
  </Icon>
);

/** The shop's leaf mark beside its name. */
export const LeafLogo = () => (
  <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
    <circle cx="16" cy="16" r="16" fill="#dcfce7" />
    <path d="M9 22c0-8 5-13 14-13 0 9-5 14-13 14" fill="#16a34a" />
    <path d="M9 23c3-4 6-7 10-9" stroke="#14532d" strokeWidth="1.6" strokeLinecap="round" fill="none" />
  </svg>
);

/** After a link that opens a new tab. */
export const ExternalLinkIcon = () => (
  <Outline className="h-4 w-4">
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" strokeLinecap="round" />
  </Outline>
);

// The account forms' card heading.

const AUTH_ICON_PATHS = {
  user: ['M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2', 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z'],
  userPlus: ['M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2', 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M19 8v6', 'M22 11h-6'],
  key: ['M15.5 7.5a4.5 4.5 0 1 1-2.1 3.8L3 21.7V18h3v-3h3l1.9-1.9', 'M16.5 7.5h.01'],
  lock: ['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4'],
} as const;

export type AuthIcon = keyof typeof AUTH_ICON_PATHS;

export const AuthCardIcon = ({ icon }: { icon: AuthIcon }) => (
  <Icon className="h-6 w-6">
    {AUTH_ICON_PATHS[icon].map((d) => (
      <path key={d} d={d} />
    ))}
  </Icon>
);

// Lists, panels and carts.

/** A funnel, on the products filter button. */
export const FilterIcon = () => (
  <Outline className="h-5 w-5 text-green-700">
    <path d="M3 5h18l-7 8v6l-4 2v-8z" strokeLinejoin="round" />
  </Outline>
);

/** A downward chevron that turns over when its panel is open. */
export const ChevronDownIcon = ({ className }: { className: string }) => (
  <Outline className={className}>
    <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
  </Outline>
);

/** A bin, on the remove-from-cart buttons. */
export const BinIcon = () => (
  <Outline className="h-5 w-5">
    <path
      d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </Outline>
);

/** A leaf, where a product (or an order line whose product was deleted) has no picture. */
export const LeafPlaceholderIcon = () => (
  <Outline className="h-8 w-8 text-green-700/60" strokeWidth={1.6}>
    <path d="M5 21c0-8 5-14 14-16-1 9-7 14-14 16Z" strokeLinejoin="round" />
    <path d="M5 21 13 13" strokeLinecap="round" />
  </Outline>
);

/** The footer's payment badge: a green note with a rupee sign. */
export const CashNoteIcon = () => (
  <svg viewBox="0 0 40 28" className="h-7 w-10" aria-hidden="true">
    <rect x="1" y="3" width="38" height="22" rx="4" fill="#16a34a" />
    <circle cx="20" cy="14" r="6" fill="#dcfce7" />
    <text x="20" y="18" textAnchor="middle" fontSize="10" fontWeight="700" fill="#14532d">
      ₹
    </text>
    <circle cx="7" cy="14" r="2" fill="#dcfce7" />
    <circle cx="33" cy="14" r="2" fill="#dcfce7" />
  </svg>
);
