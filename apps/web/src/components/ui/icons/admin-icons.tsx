/** The admin screens' icons (sidebar, tables, forms). */
import { Icon, type IconProps } from './shop-icons';

export const DashboardIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="3" width="7" height="9" rx="1" />
    <rect x="14" y="3" width="7" height="5" rx="1" />
    <rect x="14" y="12" width="7" height="9" rx="1" />
    <rect x="3" y="16" width="7" height="5" rx="1" />
  </Icon>
);
/** A till: the counter's screen and drawer. */
export const CounterIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="5" y="3" width="14" height="7" rx="1" />
    <path d="M3 14h18v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1zM8 10v4M16 10v4M10 17.5h4" />
  </Icon>
);
export const ProductsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 8 12 3 3 8v8l9 5 9-5z" />
    <path d="m3 8 9 5 9-5M12 13v8" />
  </Icon>
);
export const OrdersIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4z" />
    <path d="M3 6h18M16 10a4 4 0 0 1-8 0" />
  </Icon>
);
export const PickListIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M9 3v2h6V3M9 10h6M9 14h6M9 18h3" />
  </Icon>
);
export const UsersIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
  </Icon>
);
export const ReviewsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
  </Icon>
);
export const DeliveryIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M1 4h14v12H1zM15 8h4l4 4v4h-8z" />
    <circle cx="5.5" cy="18.5" r="2" />
    <circle cx="18.5" cy="18.5" r="2" />
  </Icon>
);
export const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" />
  </Icon>
);
export const ListIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
  </Icon>
);
export const FolderPlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M22 19a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h5l2 3h9a2 2 0 0 1 2 2z" />
    <path d="M12 11v6M9 14h6" />
  </Icon>
);
export const FolderIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M22 19a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h5l2 3h9a2 2 0 0 1 2 2z" />
  </Icon>
);
export const EditIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Icon>
);
export const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6" />
  </Icon>
);
export const RupeeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 3h12M6 8h12M6 13l8.5 8M6 13h3a5 5 0 0 0 0-10" />
  </Icon>
);
export const ImageIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-5-5L5 21" />
  </Icon>
);
export const BillsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 2h14v20l-3-2-2 2-2-2-2 2-2-2-3 2z" />
    <path d="M9 7h6M9 11h6M9 15h4" />
  </Icon>
);

/** A bound ledger with a ₹ line: the Khata (credit accounts). */
export const KhataIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 4a2 2 0 0 1 2-2h13v18H6a2 2 0 0 0-2 2z" />
    <path d="M4 22V4M9 7h6M9 10h6M12 10c2 0 2 4-1 4h-1l4 3" />
  </Icon>
);

/** A ticket with a notch and a percent sign: the Coupons. */
export const CouponsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4z" />
    <path d="M9 15l6-6M9.5 9.5h.01M14.5 14.5h.01" />
  </Icon>
);

/** Bars rising over a baseline: the Reports (margin, GST return). */
export const ReportsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 21h18" />
    <path d="M6 17v-5M11 17V7M16 17v-8M21 17V4" />
  </Icon>
);

/** A shop front with its awning: the Shop settings. */
export const ShopIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 9 4.5 4h15L21 9" />
    <path d="M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0" />
    <path d="M5 11.5V20h14v-8.5M10 20v-5h4v5" />
  </Icon>
);

/** A speech bubble with an exclamation mark: shoppers' complaints. */
export const RatesIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z" />
    <path d="M7.5 7.5h.01" />
  </Icon>
);

export const ComplaintsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    <path d="M12 7v4M12 14h.01" />
  </Icon>
);

/** A crate of produce: buying at the mandi (decision 0035). */
export const PurchasesIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 9h18l-2 11H5z" />
    <path d="M8 9l3-6M16 9l-3-6M9 13v4M15 13v4" />
  </Icon>
);

/** A calendar with a circling arrow: standing orders, made again on their days. */
export const StandingOrdersIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="17" rx="2" />
    <path d="M3 9h18M8 2v4M16 2v4" />
    <path d="M15.5 15a3.5 3.5 0 1 1-1-2.5M15.5 11.5v2h-2" />
  </Icon>
);
