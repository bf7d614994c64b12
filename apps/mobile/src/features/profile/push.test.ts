import { describe, expect, test } from 'vitest';
import { subscriptionBody, vapidKeyBytes } from './push.ts';

describe('web push helpers', () => {
  test('the base64url VAPID key becomes its bytes (padding restored, - and _ mapped)', () => {
    expect([...vapidKeyBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...vapidKeyBytes('-_8')]).toEqual([0xfb, 0xff]);
    // A real key: 65 bytes, uncompressed P-256 point (starts with 0x04).
    const key = vapidKeyBytes(
      'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    );
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });

  test('a subscription is sent as endpoint and keys, or not at all when incomplete', () => {
    const full = { toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } }) };
    expect(subscriptionBody(full)).toEqual({ endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } });
    expect(subscriptionBody({ toJSON: () => ({ endpoint: 'https://push.example/abc' }) })).toBeNull();
  });
});
