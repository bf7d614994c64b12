import crypto from 'node:crypto';

/** Encrypts secrets kept at rest in tenant data (tenant database passwords, OCR keys). */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  isSealed(value: string): boolean;
}

const PREFIX = 'v1';

/**
 * AES-256-GCM with a key derived from the key material (SHA-256); output `v1.<iv>.<tag>.<ciphertext>` in base64url.
 * The server's key material is the stored secret `secrets_key`, itself sealed under the master key (platform/secrets.ts).
 */
export function createSecretBox(keyMaterial: string): SecretBox {
  if (!keyMaterial) throw new Error('secret box needs key material');
  const key = crypto.createHash('sha256').update(keyMaterial, 'utf8').digest();
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [PREFIX, iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
    },
    open(sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== PREFIX) throw new Error('not a sealed value');
      const [, iv, tag, ct] = parts as [string, string, string, string];
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
    },
    isSealed(value) {
      return /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value);
    },
  };
}
