/** What the phone is asked for, in the Permissions screen's order (spec §2 "Permission settings"). */
export const PERMISSION_KINDS = ['location', 'notifications', 'camera', 'bluetooth', 'storage', 'motion'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];

/**
 * - granted / denied / prompt: as the browser says.
 * - onUse: the browser asks each time the feature is used (Web Bluetooth asks when a device is picked).
 * - unsupported: this browser has no such feature.
 */
export type PermissionState = 'granted' | 'denied' | 'prompt' | 'onUse' | 'unsupported';

/** What the screen offers: the browser's own question, the way to pairing, the way to the settings, or nothing. */
export type PermissionAction = 'request' | 'pair' | 'openSettings' | 'none';

/** A `PermissionStatus.state` (or null when `navigator.permissions.query` is missing or refused the name). */
export function fromQueryState(state: string | null | undefined): PermissionState | null {
  if (state === 'granted' || state === 'denied' || state === 'prompt') return state;
  return null;
}

/** `Notification.permission` ('default' = not asked yet). */
export function notificationState(permission: string | null | undefined): PermissionState {
  if (permission === 'granted' || permission === 'denied') return permission;
  if (permission === 'default') return 'prompt';
  return 'unsupported';
}

/** `navigator.storage.persisted()`: true = kept; false after a refused `persist()` = denied; else not asked yet. */
export function storageState(supported: boolean, persisted: boolean | null, refused: boolean): PermissionState {
  if (!supported) return 'unsupported';
  if (persisted) return 'granted';
  return refused ? 'denied' : 'prompt';
}

/**
 * Motion sensors (step counting): iOS asks through `DeviceMotionEvent.requestPermission`; other browsers give them
 * without a question when the Permissions API does not say otherwise.
 */
export function motionState(
  hasEvent: boolean,
  needsRequest: boolean,
  queried: PermissionState | null,
): PermissionState {
  if (!hasEvent) return 'unsupported';
  if (queried) return queried;
  return needsRequest ? 'prompt' : 'granted';
}

/** Web Bluetooth: no lasting permission in most browsers; an adapter that is off counts as denied (§8 "Bluetooth off"). */
export function bluetoothState(
  supported: boolean,
  available: boolean | null,
  queried: PermissionState | null,
): PermissionState {
  if (!supported) return 'unsupported';
  if (available === false) return 'denied';
  if (queried === 'granted' || queried === 'denied') return queried;
  return 'onUse';
}

/** Location and camera: the Permissions API when it knows the name, else "not asked yet" when the feature exists. */
export function queriedState(supported: boolean, queried: PermissionState | null): PermissionState {
  if (!supported) return 'unsupported';
  return queried ?? 'prompt';
}

/** The button (or message) the screen shows for a permission in a state. */
export function actionFor(kind: PermissionKind, state: PermissionState): PermissionAction {
  if (state === 'denied') return 'openSettings';
  if (state === 'prompt') return 'request';
  if (state === 'onUse' && kind === 'bluetooth') return 'pair';
  return 'none';
}

/** Whether the row is shown: motion sensors only where the browser has them (the others say "not available"). */
export function shownKinds(states: Partial<Record<PermissionKind, PermissionState>>): PermissionKind[] {
  return PERMISSION_KINDS.filter(
    (k) => k !== 'motion' || (states.motion !== undefined && states.motion !== 'unsupported'),
  );
}

/** The state after the browser answered a request: errors named by the DOM (NotAllowedError, code 1, …). */
export function stateAfterRequest(
  kind: PermissionKind,
  outcome: { ok: true } | { ok: false; name?: string; code?: number },
): PermissionState {
  if (outcome.ok) return 'granted';
  // Geolocation: 1 = PERMISSION_DENIED; 2 (no position) and 3 (timeout) still mean it was allowed.
  if (kind === 'location') return outcome.code === 1 ? 'denied' : 'granted';
  // getUserMedia: no camera on this phone is not a refusal.
  if (kind === 'camera' && (outcome.name === 'NotFoundError' || outcome.name === 'OverconstrainedError'))
    return 'unsupported';
  if (kind === 'camera' && outcome.name === 'NotReadableError') return 'granted';
  return 'denied';
}

/**
 * The browser's state, or this session's answer to a request when the browser cannot tell (a refused `persist()`, a
 * dismissed location question that the Permissions API still calls "prompt"). A definite browser state wins: the
 * person may have changed it in the settings since.
 */
export function withAnswer(probed: PermissionState, answered: PermissionState | undefined): PermissionState {
  if (probed === 'granted' || probed === 'denied' || probed === 'unsupported' || !answered) return probed;
  return answered;
}

/** Where the "allow it in the settings" steps are written for: the phone's system, or a desktop browser. */
export type SettingsPlatform = 'ios' | 'android' | 'desktop';

export function settingsPlatform(userAgent: string, maxTouchPoints = 0): SettingsPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}
