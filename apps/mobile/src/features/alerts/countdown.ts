import type { TMyAlertPage } from '@carewatch/contracts/alerts';

type MyAlert = TMyAlertPage['items'][number];

/**
 * Whole seconds left to answer a high-risk prompt, counted from when the alert opened (so a prompt seen late shows the
 * real remaining time), clamped to 0..total (a clock ahead of the server's must not show more than the full delay).
 */
export function secondsLeft(openedAt: string, now: number, total: number): number {
  const opened = Date.parse(openedAt);
  if (Number.isNaN(opened)) return total;
  const left = Math.ceil(total - (now - opened) / 1000);
  return Math.min(total, Math.max(0, left));
}

/** The alert whose high-risk answer is awaited (the most recent one when, unusually, several are). */
export function promptAlert(items: readonly MyAlert[]): MyAlert | null {
  let best: MyAlert | null = null;
  for (const a of items) {
    if (a.pendingPrompt && (!best || a.openedAt > best.openedAt)) best = a;
  }
  return best;
}

/** Resolves with the browser's position, or undefined when it is refused, missing or slower than `timeoutMs`. */
export function currentLocation(timeoutMs: number): Promise<{ lat: number; lng: number; accuracyM?: number } | undefined> {
  return new Promise((resolve) => {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) { resolve(undefined); return; }
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    geo.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracyM: Math.min(100000, Math.max(0, p.coords.accuracy)) });
      },
      () => { clearTimeout(timer); resolve(undefined); },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

/** Only recent alerts are announced: an SOS from yesterday still open is not news when the app opens today. */
const SOS_NOTICE_WINDOW_MS = 6 * 60 * 60_000;

/** The newest open SOS-level alert raised by a reading that the patient has not yet seen announced. */
export function sosLevelAlert(items: readonly MyAlert[], seen: readonly string[], now: number): MyAlert | null {
  let best: MyAlert | null = null;
  for (const a of items) {
    if (a.level !== 'sos' || a.status === 'closed' || a.source !== 'reading' || seen.includes(a.id)) continue;
    if (now - Date.parse(a.openedAt) > SOS_NOTICE_WINDOW_MS) continue;
    if (!best || a.openedAt > best.openedAt) best = a;
  }
  return best;
}
