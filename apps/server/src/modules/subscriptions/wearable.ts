/**
 * "Connected wearable" (patient-app spec §6: a paid package takes effect only while a wearable is connected).
 *
 * The rule: the account has a connected wearable when at least one device bound to it — `devices.user_id` is the
 * account, or `devices.patient_id` is the account's own patient record (the same binding as the app's device
 * screens, app-devices.repo findOwnDevice) — last synced (`devices.latest_sync`, stamped by every accepted batch of
 * readings and by the app's "connected" report) at most WEARABLE_SYNC_WINDOW_HOURS (48 h) before now. A device
 * that synced in the future of the server clock (a phone clock ahead) counts as synced now. An unbound device
 * (unbinding clears user_id / patient_id) never counts, and a short Bluetooth drop does not take a paid plan away;
 * a watch that has not synced for two days does.
 */
export const WEARABLE_SYNC_WINDOW_HOURS = 48;
const WINDOW_MS = WEARABLE_SYNC_WINDOW_HOURS * 3_600_000;

export type BoundDevice = { latestSync: Date | null };

export function isSyncRecent(latestSync: Date | null, now: Date): boolean {
  return latestSync !== null && now.getTime() - latestSync.getTime() <= WINDOW_MS;
}

export function hasConnectedWearable(devices: readonly BoundDevice[], now: Date): boolean {
  return devices.some((d) => isSyncRecent(d.latestSync, now));
}

/** The earliest sync time that still counts as connected at `now` (for the SQL form of the rule). */
export const connectedSince = (now: Date): Date => new Date(now.getTime() - WINDOW_MS);
