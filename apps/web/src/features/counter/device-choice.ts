/**
 * Which counter device this browser is: chosen once, kept in local storage with the device as
 * last read (its series, scale and printer, for offline), and read again from the server when
 * online. Shared code (lib/devices/chosen-device.ts), since the packing screen weighs with the
 * chosen device's scale too.
 */
export { useChosenDevice } from '../../lib/devices/chosen-device';
