/**
 * Where a counter device's scale and printer settings are: a page of its own, mounted by the admin
 * routes at `counter/devices/:deviceId` (written there, not in config/paths.ts, which the first
 * page loads).
 */
export const counterDevicePath = (deviceId: string) => `/admin/counter/devices/${encodeURIComponent(deviceId)}`;
