/**
 * The shop's rules (`@mandi/shared/kernel`, TypeScript) for the bench scripts, which run with plain
 * node and no build of the shared package: read through tsx (as they already run the seed), so no
 * rule, such as the shop's time zone, is written out again here.
 */
import { tsImport } from 'tsx/esm/api';

export const { SHOP_TIME_ZONE, shopDateOf, lineAmountPaise, orderTotals, isCountedUnit } = await tsImport(
  '@mandi/shared/kernel',
  import.meta.url,
);
