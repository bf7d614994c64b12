import { useEffect } from 'react';
import { accountEnv, startDeviceSession, stopDeviceSession } from './device-session.ts';

/** Signed in: the paired watch reconnects on app start and disconnects at sign-out (the pairing stays on the phone). */
export function useDeviceSession(owner: string | null): void {
  useEffect(() => {
    if (!owner) return undefined;
    const m = startDeviceSession(accountEnv(owner));
    return () => stopDeviceSession(m);
  }, [owner]);
}
