/**
 * What a real shop's storefront says of itself (decision 0056): the delivery terms every zone
 * shares (GET /api/delivery/terms), how shoppers pay, and the shop's name in the page's language.
 * The demo shop keeps the spec's promises; a real shop says nothing its settings do not make true.
 */
import type { DeliveryTermsAnswer, DeliveryTermsSummary } from '@mandi/shared/delivery';
import type { ShopIdentity } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { formatRupees, type Language, type Translate } from '../i18n';
import { storefrontTexts as x } from './storefront.texts';

export const deliveryTermsQuery = queryOptions({
  queryKey: ['delivery', 'terms'],
  queryFn: async () => (await api.get<DeliveryTermsAnswer>('/api/delivery/terms')).terms,
  staleTime: 5 * 60_000,
});

/** The delivery terms, or undefined while they are read (or for the demo, which never asks). */
export function useDeliveryTerms(enabled = true): DeliveryTermsSummary | undefined {
  return useQuery({ ...deliveryTermsQuery, enabled }).data;
}

/** The shop's name as the language writes it: the demo's "Mandi" is मंडी in Hindi. */
export function shopNameIn(name: string, language: Language): string {
  return language === 'hi' && name === 'Mandi' ? 'मंडी' : name;
}

/** One sentence on delivery that holds in every zone: fee (and free above), minimum, where. */
export function deliverySentence(terms: DeliveryTermsSummary, t: Translate): string {
  if (terms.everyPinCode) return t(x.everyPinCode);
  const { deliveryFee: fee, minOrder } = terms;
  const feePart =
    fee.max === 0
      ? t(x.feeFree)
      : fee.min === fee.max
        ? t(x.feeOne, { fee: formatRupees(fee.min) })
        : t(x.feeRange, { min: formatRupees(fee.min), max: formatRupees(fee.max) });
  const free =
    fee.max > 0 && terms.freeAbove !== null ? `, ${t(x.freeAbove, { amount: formatRupees(terms.freeAbove) })}` : '';
  const minimum =
    minOrder.max === 0
      ? t(x.noMinimum)
      : minOrder.min === minOrder.max
        ? t(x.minimumOne, { amount: formatRupees(minOrder.min) })
        : t(x.minimumRange, { min: formatRupees(minOrder.min), max: formatRupees(minOrder.max) });
  return `${feePart}${free}; ${minimum}. ${t(x.checkPinCode)}`;
}

/** How shoppers pay at the door: cash, and UPI when the shop has a UPI id. */
export function paymentSentence(shop: Pick<ShopIdentity, 'upiId'>, t: Translate): string {
  return t(shop.upiId ? x.payCashOrUpi : x.payCash);
}
