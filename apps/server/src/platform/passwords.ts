import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default algorithm) with its default cost: ~25 ms a hash here.
export const hashPassword = (pw: string) => hash(pw);
export async function verifyPassword(stored: string | null, pw: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, pw);
  } catch {
    return false;
  }
}
/** A fixed hash to verify against when the user does not exist, so both answers take the same time. */
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= hash('not-a-real-password-Aa1!'));
