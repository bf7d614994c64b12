import { SignJWT, jwtVerify } from 'jose';

export type AccessClaims = { sid: string; uid: string; tid: string; pv: number };

/** Short-lived signed access token; the session row it names is checked on every call (revocable). */
export class TokenSigner {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }
  get ttl() {
    return this.ttlSeconds;
  }
  async sign(claims: AccessClaims, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sid: claims.sid, tid: claims.tid, pv: claims.pv })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.uid)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }
  /** null when malformed or badly signed; 'expired' when only the time is wrong. */
  async verify(token: string, now: Date): Promise<(AccessClaims & { exp: number }) | 'expired' | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      const { sid, tid, pv, sub, exp } = payload;
      if (
        typeof sid !== 'string' ||
        typeof tid !== 'string' ||
        typeof pv !== 'number' ||
        typeof sub !== 'string' ||
        typeof exp !== 'number'
      )
        return null;
      return { sid, tid, pv, uid: sub, exp };
    } catch (e) {
      return (e as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : null;
    }
  }
}
