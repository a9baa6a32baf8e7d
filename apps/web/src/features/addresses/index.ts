/** What other features may use of the address book (checkout: the saved addresses and their choice; standing orders: the addresses as lines). */
export { addressesTexts } from './addresses.texts';
export { useSaveAddress, useSavedAddresses } from './api/saved-addresses';
export { AddressLines } from './components/address-lines';
export { defaultLabel } from './components/default-label';
export { SavedAddressChoice } from './components/saved-address-choice';
