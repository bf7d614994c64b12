import { describe, expect, test } from 'vitest';
import {
  actionFor,
  bluetoothState,
  fromQueryState,
  motionState,
  notificationState,
  queriedState,
  settingsPlatform,
  shownKinds,
  stateAfterRequest,
  storageState,
  withAnswer,
} from './permissions-rules.ts';

describe('permission states read from the browser', () => {
  test('the Permissions API states; anything else is unknown', () => {
    expect(fromQueryState('granted')).toBe('granted');
    expect(fromQueryState('denied')).toBe('denied');
    expect(fromQueryState('prompt')).toBe('prompt');
    expect(fromQueryState(null)).toBeNull();
    expect(fromQueryState('weird')).toBeNull();
  });

  test('Notification.permission: default is not asked yet; no API is unsupported', () => {
    expect(notificationState('default')).toBe('prompt');
    expect(notificationState('granted')).toBe('granted');
    expect(notificationState('denied')).toBe('denied');
    expect(notificationState(undefined)).toBe('unsupported');
  });

  test('persistent storage: persisted, refused once, not asked, no API', () => {
    expect(storageState(true, true, false)).toBe('granted');
    expect(storageState(true, false, true)).toBe('denied');
    expect(storageState(true, false, false)).toBe('prompt');
    expect(storageState(false, null, false)).toBe('unsupported');
  });

  test('motion sensors: iOS asks, others give them, the Permissions API wins, none on a desktop without the event', () => {
    expect(motionState(true, true, null)).toBe('prompt');
    expect(motionState(true, false, null)).toBe('granted');
    expect(motionState(true, false, 'denied')).toBe('denied');
    expect(motionState(false, false, 'granted')).toBe('unsupported');
  });

  test('Bluetooth: asked when pairing; adapter off is denied; none without Web Bluetooth', () => {
    expect(bluetoothState(true, true, null)).toBe('onUse');
    expect(bluetoothState(true, null, 'prompt')).toBe('onUse');
    expect(bluetoothState(true, false, 'granted')).toBe('denied');
    expect(bluetoothState(true, true, 'denied')).toBe('denied');
    expect(bluetoothState(false, null, null)).toBe('unsupported');
  });

  test('location and camera: the queried state, else not asked yet', () => {
    expect(queriedState(true, 'denied')).toBe('denied');
    expect(queriedState(true, null)).toBe('prompt');
    expect(queriedState(false, 'granted')).toBe('unsupported');
  });
});

describe('what the screen offers', () => {
  test('ask when not asked yet, settings when denied, pairing for Bluetooth, nothing when allowed or missing', () => {
    expect(actionFor('location', 'prompt')).toBe('request');
    expect(actionFor('camera', 'denied')).toBe('openSettings');
    expect(actionFor('bluetooth', 'onUse')).toBe('pair');
    expect(actionFor('bluetooth', 'denied')).toBe('openSettings');
    expect(actionFor('notifications', 'granted')).toBe('none');
    expect(actionFor('storage', 'unsupported')).toBe('none');
  });

  test('motion sensors are listed only where the browser has them', () => {
    expect(shownKinds({ motion: 'unsupported' })).toEqual([
      'location',
      'notifications',
      'camera',
      'bluetooth',
      'storage',
    ]);
    expect(shownKinds({})).not.toContain('motion');
    expect(shownKinds({ motion: 'granted' })).toContain('motion');
  });

  test('the answer to a request', () => {
    expect(stateAfterRequest('location', { ok: true })).toBe('granted');
    expect(stateAfterRequest('location', { ok: false, code: 1 })).toBe('denied');
    expect(stateAfterRequest('location', { ok: false, code: 3 })).toBe('granted');
    expect(stateAfterRequest('camera', { ok: false, name: 'NotAllowedError' })).toBe('denied');
    expect(stateAfterRequest('camera', { ok: false, name: 'NotFoundError' })).toBe('unsupported');
    expect(stateAfterRequest('camera', { ok: false, name: 'NotReadableError' })).toBe('granted');
    expect(stateAfterRequest('storage', { ok: false })).toBe('denied');
  });

  test('a session answer fills in only what the browser cannot tell', () => {
    expect(withAnswer('prompt', 'denied')).toBe('denied');
    expect(withAnswer('onUse', 'granted')).toBe('granted');
    expect(withAnswer('granted', 'denied')).toBe('granted');
    expect(withAnswer('denied', 'granted')).toBe('denied');
    expect(withAnswer('prompt', undefined)).toBe('prompt');
  });

  test('the settings steps follow the phone', () => {
    expect(settingsPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe('ios');
    expect(settingsPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', 5)).toBe('ios');
    expect(settingsPlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile')).toBe(
      'android',
    );
    expect(settingsPlatform('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120')).toBe('desktop');
  });
});
