/** What the app shell uses of the personal data feature: where the notice shown after an account is deleted goes. */
export { AccountDeletedSlot } from './components/account-deleted-slot';
