/**
 * The spec's fixed texts (packages/shared/src/messages.ts, English exactly as written) and the
 * server's known messages, so a message the server sends in English is shown in the chosen language.
 */
import { LOADING_TEXTS, MESSAGES, PAGE_TITLES } from '@mandi/shared';
import { defineTexts } from './texts';

export const specTexts = defineTexts('spec', MESSAGES);
export const loadingTexts = defineTexts('loading', LOADING_TEXTS);
export const titleTexts = defineTexts('title', PAGE_TITLES);

/** Messages the server answers with (accounts, orders, guards); others are shown as sent. */
export const serverTexts = defineTexts('server', {
  loggedIn: 'Login Success..!!',
  duplicateEmail: 'An account with this email already exists',
  badCredentials: 'Invalid email or password',
  credentialsRequired: 'Email and password are required',
  resetMailSent: 'If an account exists for that email, a password reset link has been sent.',
  resetDone: 'Your password has been reset. Please log in with your new password.',
  resetLinkInvalid: 'The reset link is invalid or has expired',
  userDeleted: 'User deleted',
  roleUpdated: 'User role updated',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDemoteSelf: 'You cannot remove your own admin role',
  lastAdmin: 'The last admin cannot be removed or demoted',
  loginToContinue: 'Please log in to continue',
  adminOnly: 'Only an admin can do this',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not valid',
  emailTooLong: 'Email is too long',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 128 characters',
  confirmRequired: 'Confirm password is required',
  passwordsDiffer: 'Password and confirm password do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  commentRequired: 'Comment is required',
  ratingRange: 'Rating must be a whole number from 1 to 5',
  cartEmpty: 'Your cart is empty',
  cannotDeliver: 'We cannot deliver to this address',
  slotFull: 'That delivery slot has just filled up: please choose another slot',
  notEnoughStock: 'Not enough stock for this order',
  quantityPositive: 'Each quantity must be more than 0 Kg',
  somethingWrong: 'Something went wrong',
});
