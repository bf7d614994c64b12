import { useSyncExternalStore } from 'react';

/**
 * "Viewing as" (patient-app §1): whose data the app shows — the signed-in user's own (null), a sub-user they manage,
 * or a patient who accepted them as follower; for a coach or a doctor, a player or patient opened from their
 * dashboard (read only). Kept on this phone only; cleared at sign-out.
 */
export type AppSubject = {
  patientId: string;
  name: string;
  relation: 'sub_user' | 'emergency' | 'caring' | 'coach' | 'doctor';
};

/** Opened from a coach's or doctor's dashboard: read through the clinical routes (their visibility), never written. */
export const isDashboardSubject = (s: AppSubject | null): boolean =>
  s?.relation === 'coach' || s?.relation === 'doctor';

const KEY = 'cw.app.subject';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: AppSubject | null } = { raw: null, value: null };

function read(): AppSubject | null {
  const raw = localStorage.getItem(KEY);
  if (raw !== cached.raw) {
    let value: AppSubject | null = null;
    try {
      value = raw ? (JSON.parse(raw) as AppSubject) : null;
    } catch {
      value = null;
    }
    cached = { raw, value };
  }
  return cached.value;
}

export function currentSubject(): AppSubject | null {
  return read();
}

export function setSubject(subject: AppSubject | null): void {
  if (subject) localStorage.setItem(KEY, JSON.stringify(subject));
  else localStorage.removeItem(KEY);
  for (const l of listeners) l();
}

export function useSubject(): AppSubject | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => null,
  );
}
