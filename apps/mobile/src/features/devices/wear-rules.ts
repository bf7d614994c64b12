/**
 * "Not worn" (issue 20): the heart-rate notifications' sensor contact → what the app tells the server, only on a
 * change. No contact for NOT_WORN_AFTER_MS (a loose strap or a moment's slip is not "taken off") → not worn since the
 * first notification without contact; contact again → worn. A device that does not report contact sends nothing.
 */
export const NOT_WORN_AFTER_MS = 2 * 60_000;

export type Contact = 'detected' | 'not_detected' | 'not_supported';

export type WearState = {
  /** What the server was last told on this connection: null before the first report. */
  reported: boolean | null;
  /** Epoch ms of the first notification of the current run without contact; null while in contact. */
  offSince: number | null;
};
export const INITIAL_WEAR: WearState = { reported: null, offSince: null };

export type WearReport = { worn: boolean; at: string };

export function nextWear(
  state: WearState,
  contact: Contact,
  now: number,
): { state: WearState; report: WearReport | null } {
  if (contact === 'not_supported') return { state, report: null };
  if (contact === 'detected') {
    // The first contact of a connection is reported too: it clears a "not worn" left from before an app restart.
    if (state.reported === true)
      return { state: state.offSince === null ? state : { ...state, offSince: null }, report: null };
    return { state: { reported: true, offSince: null }, report: { worn: true, at: new Date(now).toISOString() } };
  }
  const offSince = state.offSince ?? now;
  if (state.reported !== false && now - offSince >= NOT_WORN_AFTER_MS) {
    return { state: { reported: false, offSince }, report: { worn: false, at: new Date(offSince).toISOString() } };
  }
  return { state: state.offSince === offSince ? state : { ...state, offSince }, report: null };
}
