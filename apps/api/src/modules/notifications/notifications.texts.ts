/**
 * The WhatsApp utility templates' bodies in English (decision 0045), as they are submitted in
 * WhatsApp Manager under the same names with the language `en`: `{{1}}`… are the body parameters,
 * filled in the order `notifications.rules.ts` gives them. The same text fills the wa.me links.
 */
import type { NotificationTemplate } from '@mandi/shared/schemas';

export const TEMPLATE_TEXTS: Record<NotificationTemplate, string> = {
  // {{1}} first name, {{2}} order number, {{3}} estimate, {{4}} shop name
  order_placed:
    'Namaste {{1}}, your order {{2}} is placed with {{4}}. The estimate is {{3}}; the final bill follows the weighing.',
  // {{1}} first name, {{2}} order number, {{3}} amount due, {{4}} link to the order and its bill
  order_packed: 'Namaste {{1}}, your order {{2}} is packed. The final bill is {{3}}. See the bill: {{4}}',
  // {{1}} first name, {{2}} order number, {{3}} amount due
  order_out_for_delivery: 'Namaste {{1}}, your order {{2}} is out for delivery. The amount due is {{3}}.',
  // {{1}} first name, {{2}} order number, {{3}} shop name
  order_cancelled: 'Namaste {{1}}, {{3}} has cancelled your order {{2}}. Nothing is due for it.',
  // {{1}} name, {{2}} shop name, {{3}} amount due
  khata_reminder: 'Namaste {{1}}, your khata with {{2}} shows {{3}} due. Please pay when convenient. Thank you!',
  // {{1}} first name, {{2}} the date, {{3}} what will not come and why
  standing_order_missed: 'Namaste {{1}}, part of your standing order will not come on {{2}}: {{3}}.',
  // {{1}} first name, {{2}} shop name, {{3}} the date
  shop_closed_notice:
    'Namaste {{1}}, {{2}} is closed on {{3}}: your standing orders will not come that day. They carry on after it.',
};
