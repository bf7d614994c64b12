import { myNotificationsApi } from './profile-api.ts';
import { appRegistration, subscriptionBody, vapidKeyBytes, type PushState } from './push.ts';

/** Turns web push on for this phone: permission, a real PushManager subscription with the server's VAPID key, stored by the server. */
export async function enablePush(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const { publicKey } = await myNotificationsApi.pushKey();
  const reg = await appRegistration();
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(publicKey) }));
  const body = subscriptionBody(sub);
  if (!body) throw new Error('incomplete push subscription');
  await myNotificationsApi.pushSubscribe(body);
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  const reg = await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  if (sub) {
    // The server forgets it first: a failure there leaves the phone subscribed, which the user can see and retry.
    await myNotificationsApi.pushUnsubscribe(sub.endpoint);
    await sub.unsubscribe();
  }
  return 'off';
}
