/**
 * Every message the API answers with, in one place (decision 0018). Its key is the message's code:
 * an answer carries `code` and `values` (the `{name}` placeholders' values) beside `message`, the
 * English text filled in, and the web app shows the code's text in the chosen language with the
 * same values (decision 0011). Rewording an English text here changes no code, so no translation
 * is lost.
 */
import type { OrderStatus } from './constants.js';
import { SHOP_UTC_OFFSET } from './kernel/shop-time.js';
import { MESSAGES } from './messages.js';

export const SERVER_MESSAGES = {
  // ---- accounts and sessions ----
  loggedIn: 'Login Success..!!',
  duplicateEmail: 'An account with this email already exists',
  badCredentials: 'Invalid email or password',
  credentialsRequired: 'Email and password are required',
  resetMailSent: 'If an account exists for that email, a password reset link has been sent.',
  resetDone: 'Your password has been reset. Please log in with your new password.',
  resetLinkInvalid: 'The reset link is invalid or has expired',
  emailConfirmed: 'Thank you: your email address is confirmed. Mails about your orders will reach you here.',
  confirmLinkInvalid:
    'The confirmation link is invalid or has expired. Log in and ask for a new one on the Notifications page.',
  confirmMailSent: 'We have mailed a confirmation link to {email}. Open it to get mails about your orders.',
  emailAlreadyConfirmed: 'Your email address is already confirmed',
  userDeleted: 'User deleted',
  roleUpdated: 'User role updated',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDemoteSelf: 'You cannot remove your own admin role',
  lastAdmin: 'The last admin cannot be removed or demoted',
  loginToContinue: 'Please log in to continue',
  adminOnly: 'Only an admin can do this',
  tooManyAttemptsOneMinute: 'Too many attempts. Please try again in 1 minute.',
  tooManyAttempts: 'Too many attempts. Please try again in {minutes} minutes.',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not valid',
  emailTooLong: 'Email is too long',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least {min} characters',
  passwordMax: 'Password must be at most {max} characters',
  confirmRequired: 'Confirm password is required',
  passwordsDiffer: 'Password and confirm password do not match',
  firstNameRequired: 'First name is required',
  firstNameMax: 'First name must be at most {max} characters',
  lastNameRequired: 'Last name is required',
  lastNameMax: 'Last name must be at most {max} characters',
  currentPasswordWrong: 'The current password is not correct',
  currentPasswordNeeded: 'Please enter your current password: you logged in more than 10 minutes ago',
  tooManySearches: 'Too many searches from your network. Please try again in a minute.',

  // ---- personal data (download it, delete the account: decision 0031) ----
  deletePasswordWrong: 'The password is not correct: your account was not deleted',
  accountDeleted: 'Your account has been deleted',
  accountHasOpenOrder:
    'Your order {order} is not yet delivered or cancelled: wait for it to be delivered, or cancel it, before deleting your account',
  accountHasOpenOrders:
    'Your orders {orders} are not yet delivered or cancelled: wait for them to be delivered, or cancel them, before deleting your account',
  adminCannotDeleteOwnAccount:
    'An admin account cannot be deleted this way: ask another admin to make you a User first, then delete it',

  // ---- saved addresses (the account's address book) ----
  addressLabelRequired: 'Give the address a name, such as Home or Office',
  addressLabelMax: 'The name of an address must be at most {max} characters',
  addressLimit: 'You can save at most {max} addresses: delete one you no longer use first',
  addressSaved: 'Address saved',
  addressUpdated: 'Address updated',
  addressDeleted: 'Address deleted',

  // ---- buy again: named lists (decision 0042) ----
  listNameLength: 'The name of a list must be 1 to {max} characters',
  listFieldsUnknown: 'A list takes only a name and its items',
  listNameTaken: 'You already have a list named {name}',
  listLimit: 'You can keep at most {max} lists: delete one you no longer use first',
  listItemsLimit: 'A list can hold at most {max} products',
  listProductRepeated: 'A product appears twice in the list: give each product once',
  listSaved: 'List saved',
  listUpdated: 'List updated',
  listDeleted: 'List deleted',

  // ---- notifications on WhatsApp and email (decision 0045) ----
  notificationFieldsUnknown: 'Notification settings take only email, whatsapp and whatsappNumber',
  notificationChoiceInvalid: 'Choose on or off for each channel',
  whatsappNumberInvalid: 'The WhatsApp number must be a 10-digit Indian mobile number',
  whatsappNumberNeeded: 'Give your WhatsApp number to get messages on WhatsApp',
  notificationsSaved: 'Notification settings saved',
  whatsappNotConfigured:
    'WhatsApp messages are not set up for this shop: send the reminder with the WhatsApp link instead',
  whatsappNotProved:
    'This shopper has not yet proved their WhatsApp number (a message from it to the shop): send the reminder with the WhatsApp link',
  whatsappNotChosen:
    'This shopper has not chosen to get WhatsApp messages: send the reminder with the WhatsApp link instead',
  khataNothingDue: 'Nothing is due on this khata, so there is nothing to remind',
  khataReminderQueued: 'The reminder is on its way to WhatsApp',
  khataReminderTakesNoBody: 'Sending a reminder takes no body',
  webhookVerifyRefused: 'The webhook verification token does not match',
  webhookSignatureInvalid: 'The webhook signature does not match',

  // ---- complaints (decision 0030) ----
  complaintSubjectLength: 'The subject must be {min} to {max} characters',
  complaintMessageLength: 'The message must be {min} to {max} characters',
  complaintStatusInvalid: 'The status must be Acknowledged or Resolved',
  complaintStatusFilter: 'The status must be Open, Acknowledged or Resolved',
  complaintReplyRequired: 'Write a reply: a complaint is resolved, or answered again, with words',
  complaintReplyMax: 'The reply must be at most {max} characters',
  complaintClosed: 'This complaint is already Resolved: it cannot change',

  // ---- reviews ----
  commentRequired: 'Comment is required',
  commentMax: 'Comment must be at most {max} characters',
  ratingRange: 'Rating must be a whole number from 1 to 5',
  reviewAdded: 'Review added',
  reviewUpdated: 'Review updated',
  reviewDeleted: 'Review deleted',

  // ---- catalogue (admin) ----
  categoryAdded: 'Category Added',
  categoryUpdated: 'Category Updated',
  categoryDeleted: 'Category Deleted',
  productAdded: 'Product Added',
  productUpdated: 'Product Updated',
  productDeleted: 'Product Deleted',
  categoryImageRequired: 'Category image is required',
  imageRequired: 'Image is required',
  categoryRequired: 'Category is required',
  categoryDoesNotExist: 'Category does not exist',
  categoryNameTaken: 'A category named {name} already exists',
  categoryHasProducts: 'Category still has {count} products: move or delete them first',
  productNameRequired: 'Name is required',
  productNameNotText: 'Name must be text',
  productNameTooLong: 'Name must be at most {max} characters',
  categoryNameRequired: 'Category name is required',
  categoryNameNotText: 'Category name must be text',
  categoryNameTooLong: 'Category name must be at most {max} characters',
  categoryNameHiNotText: 'Category name in Hindi must be text',
  categoryNameHiTooLong: 'Category name in Hindi must be at most {max} characters',
  rateRequired: 'Rate is required',
  rateNotNumber: 'Rate must be a number, 0 or more',
  rateNotPositive: 'Rate must be more than ₹0',
  rateDecimals: 'Rate may have at most {decimals} decimal places',
  rateTooLarge: 'Rate must be at most {max} rupees per Kg',
  stocksRequired: 'Stocks is required',
  stocksNotNumber: 'Stocks must be a number, 0 or more',
  stocksDecimals: 'Stocks may have at most {decimals} decimal places',
  stocksTooLarge: 'Stocks must be at most {max} Kg',
  chooseWeightOption: 'Choose at least one weight option',
  unitNotKnown: 'unit must be one of {units}',
  quantityOptionNotMeasured: 'kilogramOption: {value} is not a multiple of 0.05 from 0.05 to 25 ({unit})',
  quantityOptionNotCounted: 'kilogramOption: {value} is not a whole number from 1 to 50 ({unit})',
  quantityOptionsTooMany: 'kilogramOption: at most {max} quantities',
  quantityOptionRepeated: 'kilogramOption: {value} is listed twice',
  otherNamesNotText: 'Other names must be text, separated by commas',
  otherNameTooLong: 'Each other name must be at most {max} characters ({start}…)',
  tooManyOtherNames: 'At most {max} other names, separated by commas',
  hsnCodeDigits: 'HSN code must be 4 to 8 digits',
  gstRateNotOffered: 'GST rate must be one of {rates} (percent)',

  // ---- pictures ----
  imageEmpty: 'The image file is empty',
  imageTooLarge: 'The image must be at most 5 MB',
  imageUnreadable: 'The image could not be read: upload a JPEG, PNG, WebP, GIF or AVIF picture',
  imageTypeRefused: 'Only JPEG, PNG, WebP, GIF and AVIF pictures are accepted',
  uploadTooLarge: 'The upload is too large',

  // ---- things that are not found ----
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
  orderNotFound: 'Order not found',
  userNotFound: 'User not found',
  reviewNotFound: 'Review not found',
  imageNotFound: 'Image not found',
  deliveryZoneNotFound: 'Delivery zone not found',
  deliverySlotNotFound: 'Delivery slot not found',
  addressNotFound: 'Address not found',
  complaintNotFound: 'Complaint not found',
  listNotFound: 'List not found',

  // ---- orders ----
  cartEmpty: 'Your cart is empty',
  quantityPositive: 'Each quantity must be more than 0 Kg',
  quantityNotKg: 'Each quantity must be a number of Kg, such as 0.5 or "1.5"',
  orderMaxLines: 'An order can hold at most {max} items',
  orderMaxTotal: 'An order can total at most {amount}',
  productIdNotFound: 'Product {id} not found',
  productNoLongerSold: 'Product {id} not found: it is no longer sold',
  soldInOptionsOnly: '{name} is sold in {options} {unit} only, not {quantity} {unit}',
  notEnoughStock: 'Not enough stock for this order',
  notEnoughStockFor: 'Not enough stock for {name}',
  notEnoughStockToPack: 'Not enough stock to pack this order',
  notEnoughStockToPackMore: 'Not enough stock for {name} to pack {more} more ({stock} in stock)',
  orderPlaced: 'Order placed',
  orderProcessing: 'Order Processing',
  orderShipped: 'Order Shipped',
  orderDelivered: 'Order Delivered',
  orderCancelled: 'Order Cancelled',
  statusFinal: 'This order is already {status}: its status cannot change',
  statusMoveOnlyTo: 'This order is {status}: it can only move to {next}, not {wanted}',
  statusMoveOnlyToOrCancelled: 'This order is {status}: it can only move to {next} or Cancelled, not {wanted}',
  packOnlyProcessing: 'This order is {status}: only a Processing order can be packed',
  cancelOnlyProcessing: 'This order is {status}: only a Processing order can be cancelled',
  cancelShipped: 'This order is Shipped: only a Processing order can be cancelled; please contact the shop',
  cancelPackedAskShop: 'This order is already packed: please ask the shop to cancel it',
  cancelPaidAskShop: 'This order is already paid: please ask the shop to cancel it and refund you',

  // ---- weighing (admin) ----
  packItemNotInOrder: 'Order item {id} is not in this order',
  packItemTwice: '{name} is listed more than once',
  packWeightInvalid: '{name}: the packed weight must be a number of Kg, 0 or more, in whole grams (at most 3 decimals)',
  packWeightTooMuch: '{name}: at most {most} {unit} can be packed (110% of the {ordered} {unit} ordered)',
  packItemMissing: 'Every item must be weighed: {name} is missing',
  packCountInvalid: '{name}: the packed quantity must be a whole number from 0 to the {ordered} {unit} ordered',

  // ---- substitutions (decision 0043) ----
  substituteNotWanted: '{name}: the shopper asked for no substitute, so nothing can be sent in its place',
  substituteSameProduct: '{name}: a substitute must be another product',
  substituteUnitDiffers:
    '{name} was ordered per {unit}, but {substitute} is sold per {substituteUnit}: a substitute must have the same unit',
  substituteDearer:
    '{substitute} at ₹{rate} per {unit} costs more than {name} at ₹{ordered}: the shopper asked for a similar item at no higher rate',
  substituteNothingPacked:
    '{name}: the substitute {substitute} needs a packed quantity above 0 (send 0 without a substitute when nothing goes)',

  // ---- delivery ----
  notDeliveredTo: 'Sorry, we do not deliver to {pin} yet',
  belowMinimumOrder: 'The minimum order for delivery to {zone} is {minimum}: this order comes to {subtotal}',
  slotFull: 'That delivery slot has just filled up: please choose another slot',
  slotIsFull: 'The {start}-{end} slot on {date} is full: please choose another slot',
  slotIsClosed: 'The {start}-{end} slot on {date} is closed for orders: please choose another slot',
  slotNotForPin: 'The {start}-{end} slot on {date} does not deliver to {pin}: please choose another slot',
  noSlotFree: 'No delivery slot is free for {pin} in the next {days} days: please try again later',
  unknownSlot: 'Delivery slot {id} does not exist: choose a slot from the slot listing',
  pinPrefixTaken: 'PIN prefix {prefixes} already belongs to the zone {zone}',
  zoneInUse: 'The {start}-{end} slot delivers to {zone}: take the zone out of that slot before deleting it',
  unknownZone: 'Delivery zone {id} not found',
  zoneDeleted: 'Delivery zone {name} deleted',
  slotDeleted: 'Delivery slot deleted',

  // ---- the delivery run and its cash (decision 0033) ----
  runDateInvalid: 'The {field} must be a date written YYYY-MM-DD, from {first} to {last}',
  runSlotInvalid: 'The slotId must be a delivery slot as the slot listing names it',
  runSlotOtherDate: 'The delivery slot is not on the date asked for',
  runFormatInvalid: 'The format must be json or csv',
  countedCashInvalid: 'The counted cash must be an amount in ₹, such as 1250 or 1250.50',
  countedCashRange: 'The counted cash must be from ₹0 to ₹1,00,00,000',
  countedCashDecimals: 'The counted cash must have at most 2 decimals (whole paise)',
  closeNoteMax: 'The note must be at most {max} characters',
  closeBodyInvalid: 'The body must hold the date, countedCash and note of the close',
  closeDateFuture: 'A day can be closed once it has begun: {date} is still ahead',
  closesRangeInvalid: 'The from date must be on or before the to date, at most {days} days apart',

  // ---- the daily rate board (decision 0036) ----
  ratesListRequired: 'Send the rates as a list of 1 to {max} rows, each with a productId and a rate',
  rateProductIdRequired: 'Each rate needs the productId of a product',
  rateProductUnknown: 'No product has the id {productId}: nothing was changed',
  rateProductTwice: '{product} is in the list twice: nothing was changed',
  rateInvalidFor:
    'The rate of {product} must be an amount in ₹ above 0 and at most {max}, with at most 2 decimals: nothing was changed',
  rateEffectiveAtInvalid: `The effectiveAt must be a moment such as 2026-11-27T06:00:00${SHOP_UTC_OFFSET}, from now to {days} days ahead`,
  rateListLanguageInvalid: 'The language must be en or hi',

  // ---- bills and payments ----
  billNotFinal: 'The bill is not final yet: it is made when the order is packed',
  noUpi: 'This shop does not take UPI payments',
  cancelledNothingDue: 'This order is cancelled: nothing is due',
  alreadyPaid: 'This order is already paid',
  alreadyPaidWith: 'This order is already paid ({payment})',
  amountDueAfterPacking: 'The amount due is known once the order is packed',
  upiNeedsUtr: 'A UPI payment needs its reference: the 12-digit UTR shown in the payment app',
  cancelledNoPayment: 'This order is cancelled: no payment can be recorded',
  packBeforePayment: 'Pack the order first: the amount due is known once it is packed',
  refundRequired: 'This order is paid ({payment}): to cancel it, record its refund (Cash, UPI or Khata)',
  refundUpiNeedsUtr: 'A UPI refund needs its reference: the 12-digit UTR of the refund payment',
  utrUsedOnOrder: 'The UTR {reference} already paid order {order}: a UPI payment is recorded once',
  utrUsedOnKhata: 'The UTR {reference} already paid the khata of {name}: a UPI payment is recorded once',
  utrUsed: 'The UTR {reference} is already recorded: a UPI payment is recorded once',
  billSequenceExpected: 'Bill {sequence} is not the next of series {series}: the next is {expected}',
  paidNoRepack:
    'This order is paid ({payment}): it cannot be packed again. Cancel it with its refund and take a new order',
  refundNothingPaid: 'This order has no payment recorded: there is nothing to refund',
  refundOnlyWhenCancelling: 'A refund is recorded only when the order is cancelled',
  refundNoKhata: 'This shopper has no khata account: refund by Cash or UPI',
  goLivePublicUrl: 'PUBLIC_URL is not set: mails, WhatsApp messages and page previews link to {url}',
  goLiveSmtp: 'SMTP_URL is not set: mails are only written to DATA_DIR/outbox, never sent',
  goLiveMailFrom: 'MAIL_FROM is not set: mails come from "{from}"',
  goLiveGstin: 'SHOP_GSTIN is not set: every bill is a Bill of Supply, with no GST charged or shown',
  ratesChangedSinceConfirm:
    'Rates changed since you opened this page: the items now come to {subtotal} (not {shown}). Check the new total and confirm again',
  myDataTooOften: 'Your data can be downloaded {max} times an hour: please try again later',
  pdfTooManyAtOnce: 'You are already downloading {max} documents: wait for them to finish, then try again',
  pdfBusy: 'The shop is making many documents right now: please try again in a few seconds',
  pdfRenderFailed: 'The document could not be made this time: please try again',

  // ---- khata: credit for regular customers ----
  khataNotFound: 'This shopper has no khata account',
  khataMyNotFound: 'You have no khata with the shop: ask the shop to open one',
  khataNeedsAccount: 'You have no khata with the shop: choose cash on delivery, or ask the shop to open a khata',
  khataClosedAccount: 'Your khata is closed: choose cash on delivery',
  khataOverLimit:
    'This order comes to {estimate}, more than the {available} of credit available on your khata: remove some items or choose cash on delivery',
  khataOverLimitAtPacking:
    "The packed bill puts {amount} on the khata, which has {available} left of its limit: pack less, or pack it over the limit as the shop's choice",
  khataLimitInvalid: 'The credit limit must be an amount in ₹ from 0 to ₹10,00,000, or null to close the khata',
  khataLimitDecimals: 'The credit limit must have at most 2 decimals (whole paise)',
  khataMobileDigits: 'The mobile number must be 10 digits',
  khataBodyInvalid: 'The body must hold the creditLimit (₹, or null to close the khata)',
  khataCloseWithBalance: 'The khata cannot be closed while its balance is {balance}: settle it first',
  khataCloseWithOrders:
    'The khata cannot be closed while orders {orders} are on it and not yet delivered: deliver or cancel them first',
  khataOpenedMeanwhile: 'This khata was just opened by another admin: load it again to change its limit',
  khataOpened: 'Khata opened',
  khataUpdated: 'Khata updated',
  khataClosed: 'Khata closed',
  khataPaymentAmount: 'The payment must be an amount in ₹ from ₹1 to ₹10,00,000 with at most 2 decimals',
  khataPaymentMethod: 'The payment method must be Cash or UPI',
  khataPaymentUtr: 'A UPI payment on a khata needs its reference: the 12-digit UTR shown in the payment app',
  khataPaymentBodyInvalid: 'The body must hold the amount, the method (Cash or UPI), the reference and a note',
  khataPaymentClosed: 'This khata is closed and settled: there is nothing to pay',
  khataPaymentRecorded: 'Payment recorded',
  khataPayoutRecorded: 'Payout recorded',
  khataNoAdvance: 'This khata holds no advance: there is nothing to pay back',
  khataPayoutTooMuch: 'The khata holds an advance of {advance}: pay back at most that',
  khataNoteMax: "The payment's note must be at most {max} characters",
  khataRangeInvalid: "The statement's from date must be on or before its to date, at most {days} days apart",
  khataOrderPayment: "This order is on the customer's khata: record the payment on the khata, not on the order",
  refundKhataOrder:
    "This order is on the customer's khata: cancelling it credits the khata by itself, so send no refund",
  accountHasKhataBalance:
    'Your khata with the shop shows {balance}: settle it with the shop before deleting your account',

  // ---- the margin report and the GST return (decision 0037) ----
  reportDateInvalid: "The report's {field} date must be written YYYY-MM-DD, from {first} to {last}",
  reportFormatInvalid: 'The report format must be json or csv',
  reportRangeInvalid: "The report's from date must be on or before its to date, at most {days} days apart",
  gstPeriodInvalid: 'The period must be a month written MMYYYY, such as 112026',
  gstFormatInvalid: 'The format must be json, portal or csv',
  gstTableInvalid: 'A CSV needs its table: b2cs, hsn, exemp or docs',
  gstNoGstin: 'The shop has no GSTIN: add it in Shop settings to make a GST return',
  gstHsnInvalid:
    'HSN code "{hsn}" on bills {bills} is not 4, 6 or 8 digits: the GST portal rejects it. Correct the product; the bills keep the code they were made with',
  gstNumberGap: 'Bill numbers {from} to {to} are missing from the series: the GST portal expects no gap, so note why',
  gstCancelledCounted:
    '{count} cancelled bills are counted in Documents issued as cancelled and left out of every other table',
  gstPlaceUnknown:
    'Bills {bills} go to PIN codes of no known state: they are reported as inter-state supplies to 97 (Other Territory); check the addresses',
  gstNumberTooLong:
    'Bill numbers such as {number} have {length} characters: the GST portal takes at most 16 (CGST Rule 46), so it rejects Documents issued until the numbering is shorter',
  gstB2clBill:
    'Bill {bill} is an inter-state bill above ₹1,00,000: the GST portal expects it in B2C Large, which this return does not fill',
  // ---- buying at the mandi, stock cost and wastage (decision 0035) ----
  purchaseBodyInvalid:
    'The body must hold the supplier, the date, the commissionPercent, the charges and the lines (productId, grossQuantity, tareQuantity, rate)',
  purchaseSupplierName: "The supplier's name must be 1 to {max} characters",
  purchaseDateInvalid: 'The {field} must be a date YYYY-MM-DD from {first} to {last}',
  purchaseDateFuture: 'The purchase date {date} is still ahead: enter the day it was bought',
  purchaseCommission: 'The commission must be a percentage from 0 to 100 with at most 2 decimals',
  purchaseLinesCount: 'A purchase needs 1 to {max} lines',
  purchaseProductId: 'Each line needs the product bought',
  purchaseGross: 'The gross quantity must be more than 0 and at most {max}, with at most 3 decimals',
  purchaseTare: 'The tare must be from 0 to {max}, with at most 3 decimals',
  purchaseNetPositive: 'Line {line}: the tare ({tare}) must be less than the gross ({gross})',
  purchaseRate: 'The rate must be an amount in ₹ per unit more than 0 and at most ₹{max}, with at most 2 decimals',
  purchaseChargesCount: 'A purchase has at most {max} charges',
  purchaseChargeLabel: 'Each charge needs a label of 1 to {max} characters, such as transport or labour',
  purchaseChargeAmount: 'Each charge must be an amount in ₹ from 0 to ₹{max}, with at most 2 decimals',
  purchaseProductMissing: 'Line {line}: this product is not in the catalogue (it may have been deleted)',
  purchaseTooLarge: 'Line {line} comes to more than the shop can keep: split the purchase',
  purchaseRecorded: 'Purchase saved: {lines} lines, {total} landed',
  purchasesRangeInvalid: "The list's from date must be on or before its to date, at most {days} days apart",
  supplierNotFound: 'Supplier not found',
  supplierPaymentBodyInvalid: 'The body must hold the amount, the method (Cash, UPI or Bank) and a reference',
  supplierPaymentAmount: 'The payment must be an amount in ₹ from ₹1 to ₹{max} with at most 2 decimals',
  supplierPaymentMethod: 'The payment method must be Cash, UPI or Bank',
  supplierReferenceMax: 'The reference must be at most {max} characters',
  supplierPaymentRecorded: 'Payment of {amount} to {name} recorded',
  wastageBodyInvalid: 'The body must hold the productId, the quantity, the reason and a note',
  wastageQuantity: "The quantity must be more than 0 and at most {max} in the product's unit, with at most 3 decimals",
  wastageReason: 'The reason must be one of rotten, damaged, dried, own-use, other',
  wastageNoteMax: "The write-off's note must be at most {max} characters",
  wastageMoreThanStock: 'Only {stock} of {name} is in stock: {quantity} cannot be written off',
  wastageRecorded: '{quantity} of {name} written off',

  // ---- the shop's profile (admin Shop settings) ----
  shopNameLength: 'Shop name must be 1 to {max} characters',
  shopLegalNameLength: 'Legal name must be 1 to {max} characters',
  shopAddressLength: 'Address must be 1 to {max} characters',
  shopStateUnknown: 'State must be an Indian state or union territory, such as Maharashtra',
  gstinFormat: 'GSTIN must be 15 characters: 2-digit state code, PAN (AAAAA9999A), entity number, Z, check character',
  gstinStateCode: 'This GSTIN starts with state code {code}, but {state} is {stateCode}',
  gstinCheckCharacter:
    'The GSTIN check character is wrong: please copy the GSTIN again from the registration certificate',
  upiIdInvalid: 'UPI id must look like name@bank',
  fssaiDigits: 'FSSAI number must be exactly 14 digits',
  shopPhoneDigits: 'Phone must be 10 digits',
  grievanceNameMax: "Grievance officer's name must be at most {max} characters",
  grievancePhoneDigits: "Grievance officer's phone must be 10 digits",
  aboutMax: 'About text must be at most {max} characters',
  taglineMax: 'The home page line must be at most {max} characters',
  policyMax: 'Each policy must be at most {max} characters',
  shopFieldsUnknown: 'Unknown shop setting: only the fields of the shop profile can be saved',
  shopNothingToSave: 'Nothing to save: send at least one field of the shop profile',

  // ---- the spec's own texts, when the API sends them (checkout and PIN code checks) ----
  allFieldsRequired: MESSAGES.allFieldsRequired,
  mobileLength: MESSAGES.mobileLength,
  pinLength: MESSAGES.pinLength,
  /** Six digits that no Indian postal region has (first digit 0 or 9). */
  pinNotIndian: 'This is not an Indian PIN code: a PIN code has 6 digits and starts with 1 to 8',
  shippingInfoRequired: 'Shipping info is required',

  // ---- requests the interface does not send (other clients, hand-made requests) ----
  crossSite: 'Requests from other sites are not allowed',
  sendJson: 'Unsupported content type: send JSON',
  sendJsonOrMultipart: 'Send JSON or multipart/form-data',
  bodyNotJson: 'The request body is not valid JSON',
  bodyTooDeep: 'The request body is nested too deeply',
  bodyTooLarge: 'The request body is too large',
  uploadNotObject: 'The request body must be a JSON object or multipart/form-data',
  imageNotFileOrDataUrl: 'The image must be a file or a data:image/...;base64 URL',
  uploadTooManyParts: 'The upload has too many files or fields',
  uploadUnreadable: 'The upload could not be read: send a well-formed multipart/form-data body',
  textHasNul: 'Text must not contain NUL characters',
  addressInvalid: 'The address is not valid',
  noRoute: 'No route {method} {path}',
  categoryListInvalid: 'category must be one category id or a comma-separated list',
  priceRangeInverted: 'gte must not be greater than lte',
  deliveryDateNotSlotDate: 'deliveryDate and slotId name different dates',
  invalidRequest: 'Invalid request',
  /** A request field a schema refused in zod's own words (no text of ours): `field` is its path. */
  fieldInvalid: '{field}: {problem}',
  /** A refusal in the words of zod or Fastify, with no field to name. */
  requestRefused: '{problem}',

  // ---- when the server fails ----
  serverFailed: 'Something went wrong on our side. Please try again.',
  shopUnavailable: 'The shop is briefly unavailable. Please try again in a moment.',
  // ---- coupons (decision 0044) ----
  couponNotFound: 'Coupon not found',
  couponCodeInvalid: 'The coupon code must be 3-20 letters and digits',
  couponKindInvalid: 'The coupon kind must be flat or percent',
  couponFlatValue: 'A flat coupon takes off an amount in ₹ from ₹0.01 to ₹1,00,000 with at most 2 decimals',
  couponPercentValue: 'A percent coupon takes off a whole percent from 1 to 90',
  couponMinSubtotal: 'The minimum basket must be an amount in ₹ from 0 to ₹10,00,000 with at most 2 decimals',
  couponDateInvalid: "The coupon's first and last days (validFrom, validTo) must be dates written YYYY-MM-DD",
  couponDatesOrder: "The coupon's first day must be on or before its last day",
  couponMaxUses: "The coupon's maxUses must be a whole number from 1 to 10,00,000, or null for no limit",
  couponFirstOrderFlag: "The coupon's firstOrderOnly must be true or false",
  couponBodyInvalid:
    'The body must hold code, kind, value, minSubtotal, validFrom, validTo, maxUses and firstOrderOnly',
  couponCodeTaken: 'A coupon with the code {code} already exists',
  couponCreated: 'Coupon created',
  couponUpdated: 'Coupon updated',
  couponDeleted: 'Coupon deleted',
  couponCheckQuery: 'Send the coupon code, and the subtotal as an amount in ₹',
  couponUnknown: 'There is no coupon {code}: check the code',
  couponExpired: 'The coupon {code} expired on {date}',
  couponUsedUp: 'The coupon {code} has been used up',
  couponAlreadyUsed: 'You have already used the coupon {code}',
  couponBelowMinimum: 'The coupon {code} needs items worth at least {minimum}: add {more} more',
  couponFirstOrderOnly: 'The coupon {code} is for a first order only',
  couponApplies: 'Coupon {code}: {discount} off',
  barcodeRulePrefix: 'A barcode rule’s prefix is 20 to 29',
  barcodeRuleKind: 'A barcode rule’s valueKind is weight or price',
  barcodeRulesList: 'rules is a list of at most 10 rules, each prefix once',
  barcodeCheckDigit: 'The barcode {code} has a wrong check digit: scan it again',
  barcodeFormat: 'A scale barcode has 13 digits: {code}',
  barcodeUnknownPrefix: 'No barcode rule reads codes starting {prefix}',
  barcodeUnknownPlu: 'No product has PLU {plu}',
  barcodeWeightOfCounted: '{name} is sold by the {unit}: a weight code cannot name it',
  labelQuantity: 'The label’s quantity must be 0.001 to 99.999 in whole grams (ml)',
  labelsNotPacked: 'The order has no packed kg or litre line to label yet: pack it first',
  labelNeedsPlu: '{name} has no PLU: give it one on the product form to print its labels',
  labelMeasuredOnly: '{name} is sold by the {unit}: labels carry a weight, for kg and litre products',
  pluRange: 'The PLU must be a whole number from 1 to 99999',
  pluTaken: 'PLU {plu} is already another product’s: a barcode names one product',
  counterDeviceName: 'The device name must be 1 to 40 characters',
  counterDeviceNotFound: 'Counter device not found',
  counterSaleNotFound: 'Counter sale not found',
  counterScaleInvalid: 'scale: {problem}',
  counterPrinterInvalid:
    'printer must be null, or a width of 58 or 80 with a transport of print, serial, usb or bluetooth',
  counterClientSaleId: 'clientSaleId must be a UUID',
  counterSequence: 'sequence must be a whole number from 1 to 999999',
  counterSoldAt: 'soldAt must be a date and time at most 72 hours ago and at most 5 minutes ahead',
  counterLines: 'A sale has 1 to {max} lines',
  counterLineSource: 'Each line source must be scale, manual or barcode',
  counterQuantityMeasured: '{name}: the quantity must be 0.001 to 50 {unit} in whole grams',
  counterQuantityCounted: '{name}: the quantity must be a whole number from 1 to 500',
  counterTenders: 'A sale has 1 to 3 tenders, each method (Cash, UPI, Khata) at most once',
  counterTenderAmount: 'Each tender amount must be more than ₹0, with at most 2 decimals',
  counterTendersTotal: 'The tenders add up to {tenders}, but the bill is {total}',
  counterCashReceived: 'The cash received ({received}) is less than the cash tender ({amount})',
  counterKhataNeedsCustomer: 'A khata tender needs the customer (customerId)',
  counterCustomerNotFound: 'Customer not found',
  counterSaleCancelled: 'This sale is already cancelled',
  counterCancelReason: 'The reason must be 1 to 200 characters',
  subscriptionScheduleKind: 'schedule.kind must be daily, weekdays or everyNDays',
  subscriptionWeekdays: 'Choose the weekdays: a list of 1 to 7 days, 0 (Sunday) to 6 (Saturday), each once',
  subscriptionEveryNDays: 'everyNDays must be a whole number from 2 to 30',
  subscriptionDate: '{field} must be a date (YYYY-MM-DD)',
  subscriptionAddress: 'addressId must name one of your saved addresses',
  subscriptionSlot: 'slotTemplateId must name one of the shop’s delivery slots, or be null',
  subscriptionPayment: 'paymentMethod must be COD or Khata',
  subscriptionProductChange: 'The product of a standing order cannot change: end it and start a new one',
  subscriptionNotFound: 'Standing order not found',
  subscriptionPauseNotFound: 'Pause not found',
  subscriptionsAtMost: 'You can keep at most {max} standing orders: end one first',
  subscriptionCutoffPassed: 'Changes for {date} closed at {cutoff} the evening before',
  subscriptionNotDeliveredOn: 'This standing order does not deliver on {date}',
  subscriptionTooFarAhead: '{date} is more than a year ahead',
  subscriptionPauseOrder: 'A pause ends on or after the day it starts',
  subscriptionPausesAtMost: 'A standing order keeps at most {max} pauses',
  subscriptionEnded: 'This standing order has ended: start a new one',
  subscriptionEndedNow: 'Standing order ended',
  subscriptionNotSold: '{name} is not sold any more',
  subscriptionRunDate: 'date must be from today to 7 days ahead',
  subscriptionCutoffClock: 'subscriptionCutoff must be a time from 00:00 to 23:59 (HH:MM)',
  closedDateRange: 'date must be a date from today to a year ahead (YYYY-MM-DD)',
  closedDateNote: 'The note must be at most 200 characters',
  closedDateNotFound: 'That date is not closed',
  closedDateReopened: 'The shop is open on {date} again',
  closedDateMade: 'The standing orders for {date} are made already: cancel them before closing the day',
  shopClosedOn: 'The shop is closed on {date}',
  subscriptionDateMade: 'The standing orders for {date} are made already: changes for that date are closed',
  subscriptionRunBusy: 'The standing orders of {date} are being made right now: please try again in a minute',
} as const;

/** The `{name}` placeholders of a message, as a union of their names. */
export type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The values a message takes: one per placeholder when the message is known, any when it is only `string`. */
export type MessageValues<T extends string> = string extends T
  ? Record<string, string | number>
  : Record<Placeholders<T>, string | number>;

/** A message with its placeholders filled; the compiler checks that every placeholder gets a value. */
export function fillMessage<T extends string>(message: T, values: MessageValues<T>): string {
  const given = values as Record<string, string | number>;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in given ? String(given[name]) : whole));
}

export type MessageCode = keyof typeof SERVER_MESSAGES;
export type MessageValuesOf<C extends MessageCode> = MessageValues<(typeof SERVER_MESSAGES)[C]>;

/** A message as the API sends it: its code, its placeholders' values and the English text filled in. */
export interface CodedMessage {
  readonly code: MessageCode;
  readonly values: Readonly<Record<string, string | number>>;
  readonly message: string;
}

/** The values argument of a code: none for a text without placeholders, else one per placeholder. */
type ValuesArgument<C extends MessageCode> = [Placeholders<(typeof SERVER_MESSAGES)[C]>] extends [never]
  ? []
  : [values: MessageValuesOf<C>];

/**
 * The message of `code` with its values: what a throw site names once
 * (`new AppError('conflict', serverMessage('notEnoughStockFor', { name }))`).
 */
export function serverMessage<C extends MessageCode>(code: C, ...[values]: ValuesArgument<C>): CodedMessage {
  const given: Record<string, string | number> = values ?? {};
  return { code, values: given, message: fillMessage(SERVER_MESSAGES[code] as string, given) };
}

/** The messages schemas were given, by their English text: zod keeps only the text of a message. */
const schemaMessages = /* @__PURE__ */ new Map<string, CodedMessage>();

/**
 * The English text of a message, for a zod schema (zod keeps a string, not a code); the API reads
 * the code back with `schemaMessageOf`. Texts are unique in SERVER_MESSAGES (tested), so a text
 * names one message.
 */
export function schemaMessage<C extends MessageCode>(code: C, ...values: ValuesArgument<C>): string {
  const coded = serverMessage(code, ...values);
  schemaMessages.set(coded.message, coded);
  return coded.message;
}

/** The coded message a schema was given as `text`, if it was given one with `schemaMessage`. */
export function schemaMessageOf(text: string): CodedMessage | undefined {
  return schemaMessages.get(text);
}

/** "Product not found" and its kin, by the thing the API looked for. */
export const NOT_FOUND_CODES = {
  Product: 'productNotFound',
  Category: 'categoryNotFound',
  Order: 'orderNotFound',
  User: 'userNotFound',
  Review: 'reviewNotFound',
  Image: 'imageNotFound',
  'Delivery zone': 'deliveryZoneNotFound',
  'Delivery slot': 'deliverySlotNotFound',
  Address: 'addressNotFound',
  Complaint: 'complaintNotFound',
  List: 'listNotFound',
  Supplier: 'supplierNotFound',
  Coupon: 'couponNotFound',
} as const satisfies Record<string, MessageCode>;
export type NotFoundSubject = keyof typeof NOT_FOUND_CODES;

/** The answer to an order status change, by the new status. */
export const ORDER_STATUS_CHANGED_CODES = {
  Processing: 'orderProcessing',
  Shipped: 'orderShipped',
  Delivered: 'orderDelivered',
  Cancelled: 'orderCancelled',
} as const satisfies Record<OrderStatus, MessageCode>;
