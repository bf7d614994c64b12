import i18n from 'i18next';
import { personName } from '@carewatch/contracts/names';
import type { TAlertLevel, TAlertSummary, TLocation, TRealtimeEvent, TSosMessage } from '@carewatch/contracts/alerts';

/** One pending SOS / high-risk popup. */
/** Frames carry the name's parts: the popup writes it in the reader's language convention, like every other screen. */
function readerName(first: string | undefined, last: string | undefined, fallback: string): string {
  return first === undefined && last === undefined
    ? fallback
    : personName({ firstName: first, lastName: last }, i18n.language);
}

export type PopupItem = {
  alertId: string;
  patientId: string;
  patientName: string;
  level: Extract<TAlertLevel, 'high_risk' | 'sos'>;
  sosCaseId: string | null;
  at: string;
  message: TSosMessage | null;
  location: TLocation | null;
  alert: TAlertSummary | null;
};

/** What a frame does to the queue of popups (pure; the newest stays on top, one entry per alert). */
export function applyFrame(queue: PopupItem[], e: TRealtimeEvent): PopupItem[] {
  const upsert = (item: PopupItem) => {
    const prev = queue.find((q) => q.alertId === item.alertId);
    if (!prev) return [item, ...queue];
    const merged: PopupItem = {
      ...prev,
      ...item,
      level: prev.level === 'sos' ? 'sos' : item.level,
      sosCaseId: item.sosCaseId ?? prev.sosCaseId,
      message: item.message ?? prev.message,
      location: item.location ?? prev.location,
      alert: item.alert ?? prev.alert,
    };
    return [merged, ...queue.filter((q) => q.alertId !== item.alertId)];
  };
  switch (e.type) {
    case 'sos.opened':
      return upsert({
        alertId: e.alertId,
        patientId: e.patientId,
        patientName: readerName(e.patientFirstName, e.patientLastName, e.patientName),
        level: 'sos',
        sosCaseId: e.sosCaseId,
        at: e.at,
        message: e.message,
        location: e.location,
        alert: null,
      });
    case 'alert.opened':
    case 'alert.raised': {
      const a = e.alert;
      if (a.level !== 'high_risk' && a.level !== 'sos') return queue;
      return upsert({
        alertId: a.id,
        patientId: a.patientId,
        patientName: readerName(a.patientFirstName, a.patientLastName, a.patientName),
        level: a.level,
        sosCaseId: a.sosCaseId,
        at: e.at,
        message: null,
        location: null,
        alert: a,
      });
    }
    case 'alert.closed': {
      // Values back to normal end a high-risk popup; nothing silences an SOS but the staff member.
      const q = queue.find((x) => x.alertId === e.alert.id);
      return q && q.level !== 'sos' ? queue.filter((x) => x !== q) : queue;
    }
    default:
      return queue;
  }
}
