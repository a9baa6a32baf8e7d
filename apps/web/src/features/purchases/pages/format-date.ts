/** A shop date ("2026-11-26") as the Purchases screens show it: "Thu 26 Nov 2026", in the chosen language. */
import { formatShopDay } from '@mandi/shared/kernel';
import { currentLanguage } from '../../../lib/i18n';

const options = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;

export const formatPurchaseDate = (date: string): string => formatShopDay(date, options, currentLanguage());
