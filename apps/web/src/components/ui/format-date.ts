/** Dates as the shop shows them: '12 Mar 2026' (or '12 मार्च 2026' in Hindi), from the API's ISO timestamps. */
export { formatShopDate as formatOrderDate } from '../../lib/i18n';
