import { describe, expect, test } from 'vitest';
import { createSecretBox } from './crypto.ts';

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox('test key material that is long enough');

  test('round-trips text, including non-ASCII and empty strings', () => {
    for (const s of ['postgres-password', 'Mật khẩu 🔑', '']) expect(box.open(box.seal(s))).toBe(s);
  });

  test('the sealed form does not contain the secret and differs every time (random IV)', () => {
    const a = box.seal('hunter2-secret');
    const b = box.seal('hunter2-secret');
    expect(a).not.toContain('hunter2');
    expect(a).not.toBe(b);
    expect(box.isSealed(a)).toBe(true);
    expect(box.isSealed('hunter2-secret')).toBe(false);
  });

  test('tampering or a different key is detected', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const ct = Buffer.from(parts[3]!, 'base64url');
    ct[0] = ct[0]! ^ 1;
    const tampered = [parts[0], parts[1], parts[2], ct.toString('base64url')].join('.');
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox('another key').open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });
});
