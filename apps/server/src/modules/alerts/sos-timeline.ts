import {
  SOS_CASE_OUTCOMES,
  SOS_MESSAGE_CHOICES,
  type TAlertTrailEntry,
  type TSosCaseOutcome,
  type TSosMessage,
  type TSosTimelineItem,
} from '@carewatch/contracts/alerts';

const EMPTY: Omit<TSosTimelineItem, 'at' | 'kind'> = {
  level: null,
  channel: null,
  audience: null,
  recipient: null,
  phone: null,
  outcome: null,
  reason: null,
  attempts: null,
  updatedAt: null,
  message: null,
  index: null,
  value: null,
  response: null,
  actor: null,
  closeOutcome: null,
  note: null,
  location: null,
  round: null,
};
const item = (at: string, kind: TSosTimelineItem['kind'], more: Partial<TSosTimelineItem> = {}): TSosTimelineItem => ({
  ...EMPTY,
  at,
  kind,
  ...more,
});

const isOutcome = (s: string): s is TSosCaseOutcome => (SOS_CASE_OUTCOMES as readonly string[]).includes(s);
const isChoice = (s: string): s is (typeof SOS_MESSAGE_CHOICES)[number] =>
  (SOS_MESSAGE_CHOICES as readonly string[]).includes(s);

/** `followers:sos_button` (queued) and `alert.sos_button · attempt 2 · will retry` (a delivery attempt). */
function parseNotification(
  detail: string,
):
  | { queued: true; audience: string; template: string }
  | { queued: false; template: string; attempts: number; gaveUp: boolean; willRetry: boolean }
  | null {
  const attempt = /^alert\.([a-z_]+) · attempt (\d+)( · gave up)?( · will retry)?$/.exec(detail);
  if (attempt)
    return {
      queued: false,
      template: attempt[1]!,
      attempts: Number(attempt[2]),
      gaveUp: Boolean(attempt[3]),
      willRetry: Boolean(attempt[4]),
    };
  const queued = /^([a-z_]+):([a-z_]+)$/.exec(detail);
  if (queued) return { queued: true, audience: queued[1]!, template: queued[2]! };
  return null;
}

/**
 * The readable timeline of an alert's trail: each press, reading, person told (one line per recipient and channel,
 * carrying its latest outcome), answer, acknowledgement, location and the close. Pure: names of the staff who acted
 * come in `names` (user id → display name).
 */
export function buildSosTimeline(
  trail: readonly TAlertTrailEntry[],
  names: ReadonlyMap<string, string>,
): TSosTimelineItem[] {
  const out: TSosTimelineItem[] = [];
  /** The newest line for each (channel, recipient, template): later attempts update it. */
  const open = new Map<string, TSosTimelineItem>();
  const actor = (id: string | null | undefined) => (id ? (names.get(id) ?? null) : null);
  for (const e of trail) {
    const detail = e.detail ?? '';
    switch (e.kind) {
      case 'patient_response': {
        const m = /^sos_button:(.+)$/.exec(detail);
        if (m) {
          // A written message, or a voice message (played from the case itself).
          const choice = m[1]!;
          const message: TSosMessage | null = isChoice(choice) ? { kind: 'choice', choice } : null;
          out.push(
            item(e.at, 'pressed', { level: 'sos', message, response: choice === 'recording' ? 'recording' : null }),
          );
        } else out.push(item(e.at, 'answered', { response: detail || null, level: e.level ?? null }));
        break;
      }
      case 'reading':
        out.push(item(e.at, 'reading', { level: e.level ?? null, value: e.value ?? null, index: detail || null }));
        break;
      case 'sos_case':
        out.push(item(e.at, 'case_opened', { level: 'sos', reason: detail || null }));
        break;
      case 'retrigger':
        out.push(
          item(e.at, 'round', { level: e.level ?? null, round: Number(/round (\d+)/.exec(detail)?.[1] ?? 0) || null }),
        );
        break;
      case 'snooze':
        out.push(item(e.at, 'snoozed', { actor: actor(e.actorId), note: detail || null }));
        break;
      case 'location':
        if (e.location) out.push(item(e.at, 'location', { location: e.location }));
        break;
      case 'acknowledgement': {
        // Closing a case notes "<outcome>: <note>"; any other acknowledgement is a plain one.
        const m = /^([a-z_]+): ([\s\S]*)$/.exec(detail);
        if (m && isOutcome(m[1]!))
          out.push(item(e.at, 'closed', { actor: actor(e.actorId), closeOutcome: m[1], note: m[2] || null }));
        else out.push(item(e.at, 'acknowledged', { actor: actor(e.actorId), note: detail || null }));
        break;
      }
      case 'closed':
        // Already told by the staff member's close; otherwise the alert closed by itself (values back to normal).
        if (!out.some((x) => x.kind === 'closed')) out.push(item(e.at, 'closed', { level: e.level ?? null }));
        break;
      case 'notification': {
        const n = parseNotification(detail);
        const channel = e.channel ?? null;
        const recipient = e.recipient ?? null;
        if (e.providerStatus === 'suppressed') {
          out.push(
            item(e.at, 'notified', {
              level: e.level ?? null,
              channel,
              recipient,
              phone: e.phone ?? null,
              outcome: 'suppressed',
              reason: detail || null,
            }),
          );
          break;
        }
        if (!n) break;
        const key = `${channel}|${e.recipientId ?? recipient}|${n.template}`;
        if (n.queued) {
          const line = item(e.at, 'notified', {
            level: e.level ?? null,
            channel,
            audience: n.audience,
            recipient,
            phone: e.phone ?? null,
            outcome: 'queued',
            attempts: 0,
          });
          open.set(key, line);
          out.push(line);
        } else {
          const line = open.get(key);
          if (!line) break;
          const ok = /^(sent )?2\d\d\b/.test(e.providerStatus ?? '');
          line.outcome = ok ? 'delivered' : n.gaveUp ? 'failed' : 'retrying';
          line.attempts = n.attempts;
          line.updatedAt = e.at;
          line.reason = ok ? null : (e.providerStatus ?? null);
          if (!line.phone && e.phone) line.phone = e.phone;
        }
        break;
      }
      default:
        // rule and tier rows explain the reading: the reading line says it.
        break;
    }
  }
  return out;
}
