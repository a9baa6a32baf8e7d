/** What the app shell uses of the personal data feature: the notice shown after an account is deleted. */
export { AccountDeletedNotice } from './components/account-deleted-notice';
