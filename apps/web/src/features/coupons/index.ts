/**
 * What other features may use of the coupons feature (decision 0044): the coupon field of the
 * confirm screen and the texts. The admin's Coupons page loads lazily from the admin routes.
 */
export { type AppliedCoupon, CouponField } from './components/coupon-field';
export { couponsTexts } from './coupons.texts';
