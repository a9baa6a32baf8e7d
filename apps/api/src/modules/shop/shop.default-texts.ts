/**
 * The texts a new shop starts with (decision 0028): an About text and the five policies of a
 * neighbourhood produce shop that sells by weight, delivers in slots and takes cash on delivery
 * and UPI. Plain text, paragraphs separated by a blank line; the admin edits them on the Shop
 * settings screen. `{shop}` is replaced by the shop's name when the profile is first written.
 */
import type { PolicyKey } from '@mandi/shared/schemas';

export const DEFAULT_ABOUT_EN = `{shop} is a neighbourhood shop for fresh fruit and vegetables. We buy from the wholesale market and from farmers near the city every morning, and we sell by weight, so you pay for exactly what you get.

Order on this site, choose a delivery slot that suits you, and pay in cash at the door or by UPI. We weigh every item when we pack your order and send you the final bill before it leaves the shop.

If something is not right, tell us: we would rather replace a bad tomato than lose a good customer.`;

export const DEFAULT_POLICIES_EN: Record<PolicyKey, string> = {
  returns: `Please check your order at the door when it is delivered. If an item is spoiled, damaged or short in weight, tell the delivery person, or report it to us within 24 hours of delivery with a photo of the item.

We will replace the item on your next delivery or refund it, as you prefer. You do not need to send spoiled produce back.

Fresh produce that was good when delivered cannot be returned because you changed your mind, as we cannot sell it again.

To report a problem, use "Report a problem" on the order in your account, or contact us using the details at the bottom of every page.`,
  refunds: `When we agree to a refund (a spoiled or missing item, short weight, or an order we cancel after you paid), we refund the amount to the way you paid.

If you paid by UPI, we send the refund to the same UPI account within 7 days. If you paid in cash, we give the cash back at your next delivery, or send it by UPI if you ask us to, within 7 days.

If the final bill after weighing is lower than the estimate you saw when ordering, you only ever pay the final bill. Refunds are shown in the order's history in your account.`,
  delivery: `We deliver in the areas and PIN codes listed at checkout. Enter your PIN code to see whether we deliver to you, the delivery fee and the minimum order for your area, and from what amount delivery costs nothing there, if it does.

You choose a delivery slot when you order. Each slot takes a limited number of orders and closes for new orders a little before it starts, so the earliest open slot may be later the same day or the next day.

We pack and weigh your order shortly before your slot and send you the final bill. If nobody is home when we arrive, we will call you; if we cannot reach you, we take the order back and contact you to deliver it in another slot. Perishable items may have to be cancelled and refunded if they cannot be delivered the same day.`,
  privacy: `We keep only what we need to run the shop: your name, email address, mobile number and delivery addresses, your orders and bills, the reviews you write and the complaints you send us.

We use this to deliver your orders, to make bills, to contact you about an order, and to answer complaints. We do not sell your data and we do not share it with anyone except as needed to deliver an order or when the law requires it. We follow India's Digital Personal Data Protection Act, 2023.

You can download all the data we hold about you, and delete your account, from your account pages. When you delete your account we erase your name, contact details, addresses and reviews. Bills already issued are kept for 72 months, as tax law requires, with the name and address printed on them.

If you have a question or a complaint about your data, write to our grievance officer, whose name and contact are given on the grievance page and at the bottom of every page.`,
  terms: `Prices of loose produce are per kilogram (or per piece, bunch or pack, as shown on the product). The amount you see when you order is an estimate.

We weigh every item when we pack your order. Fresh produce does not come in exact weights, so the packed weight can differ slightly from what you ordered; your final bill is made after packing from the weighed weights and the prices you ordered at, and this is the amount you pay.

You can cancel an order yourself until we start packing it. After that, please contact us.

We may cancel an order if an item is out of stock or cannot be delivered, and we will tell you and refund anything you have paid. These terms are governed by the laws of India.`,
};
