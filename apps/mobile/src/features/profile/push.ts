import type { TPushSubscribeRequest } from '@carewatch/contracts/notifications';

/** The VAPID public key (base64url, as the server gives it) as the bytes `pushManager.subscribe` wants. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** What the server stores of a browser subscription (its endpoint and encryption keys), or null when incomplete. */
export function subscriptionBody(sub: { toJSON(): PushSubscriptionJSON }): TPushSubscribeRequest | null {
  const j = sub.toJSON();
  if (!j.endpoint || !j.keys?.p256dh || !j.keys.auth) return null;
  return { endpoint: j.endpoint, keys: { p256dh: j.keys.p256dh, auth: j.keys.auth } };
}

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This app's service worker registration (registered on demand: the app registers it only in production builds). */
export async function appRegistration(): Promise<ServiceWorkerRegistration> {
  const base = import.meta.env.BASE_URL;
  const existing = await navigator.serviceWorker.getRegistration(base);
  if (existing) return existing;
  await navigator.serviceWorker.register(`${base}sw.js`, { scope: base });
  return navigator.serviceWorker.ready;
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  return sub ? 'on' : 'off';
}
