import type { TMyAlertPage } from '@carewatch/contracts/alerts';

type MyAlert = TMyAlertPage['items'][number];

/** Whole seconds until `deadline` (the followers' SMS), clamped to 0..total (a phone clock ahead shows no more than the delay). */
export function secondsLeft(deadline: string, now: number, total: number): number {
  const due = Date.parse(deadline);
  if (Number.isNaN(due)) return total;
  return Math.min(total, Math.max(0, Math.ceil((due - now) / 1000)));
}

/**
 * How long past its deadline a prompt still shows while the server has not yet said it escalated (its timer runs on
 * the server). Past it, a prompt the server still calls pending (a server that was down) does not block the app: it is
 * a line of the emergency history.
 */
export const PROMPT_GRACE_MS = 30_000;

/**
 * The alert whose high-risk answer is awaited now (the most recent one when, unusually, several are). An escalated,
 * answered or closed alert is not pending on the server; an old one is not pending here either.
 */
export function promptAlert(items: readonly MyAlert[], now: number): MyAlert | null {
  let best: MyAlert | null = null;
  for (const a of items) {
    if (!a.pendingPrompt || a.status === 'closed' || !a.promptDeadline) continue;
    const due = Date.parse(a.promptDeadline);
    if (Number.isNaN(due) || now > due + PROMPT_GRACE_MS) continue;
    if (!best || a.openedAt > best.openedAt) best = a;
  }
  return best;
}

/** Resolves with the browser's position, or undefined when it is refused, missing or slower than `timeoutMs`. */
export function currentLocation(
  timeoutMs: number,
): Promise<{ lat: number; lng: number; accuracyM?: number } | undefined> {
  return new Promise((resolve) => {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      resolve(undefined);
      return;
    }
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    geo.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({
          lat: p.coords.latitude,
          lng: p.coords.longitude,
          accuracyM: Math.min(100000, Math.max(0, p.coords.accuracy)),
        });
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
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
