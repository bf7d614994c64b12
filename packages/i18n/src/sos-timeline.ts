import type { TFunction } from 'i18next';
import type { TSosTimelineItem } from '@carewatch/contracts/alerts';

/**
 * One line of the SOS timeline as text in the reader's language (catalogue `sosTimeline`, in both apps): a title and
 * an optional detail. Links (a recipient's phone, a map) are added by the screen from `phone` and `location`.
 * `indexName` and `valueText` name a reading's index and value as the screen shows them.
 */
export function sosTimelineText(
  t: TFunction,
  x: TSosTimelineItem,
  opts: {
    indexName?: (index: string) => string;
    valueText?: (x: TSosTimelineItem) => string;
    messageText?: (x: TSosTimelineItem) => string | null;
  } = {},
): { title: string; detail: string | null } {
  const k = (key: string, p?: Record<string, unknown>) => t(`sosTimeline.${key}`, p ?? {});
  switch (x.kind) {
    case 'pressed':
      return {
        title: k('pressed'),
        detail: x.response === 'recording' ? k('voiceMessage') : (opts.messageText?.(x) ?? null),
      };
    case 'reading':
      return {
        title: k('reading', {
          index: x.index ? (opts.indexName?.(x.index) ?? x.index) : '',
          value: opts.valueText?.(x) ?? x.value ?? '',
        }),
        detail: null,
      };
    case 'case_opened':
      return { title: k('caseOpened'), detail: null };
    case 'notified': {
      const who = x.recipient ?? k(`audience.${x.audience ?? 'unknown'}`);
      const title = k(`notified.${x.channel ?? 'in_app'}`, { who });
      let detail: string | null = null;
      if (x.outcome === 'suppressed') {
        const reason =
          x.reason &&
          [
            'settings:in_app_off',
            'settings:push_off',
            'settings:sms_off',
            'settings:automatic_call_off',
            'outside_valid_time',
          ].includes(x.reason)
            ? x.reason
            : 'other';
        detail = k('outcome.suppressed', { reason: t(`sosTimeline.reason.${reason}`, { nsSeparator: false }) });
      } else if (x.outcome) detail = k(`outcome.${x.outcome}`, { n: x.attempts ?? 1 });
      return { title, detail };
    }
    case 'answered':
      return {
        title: k(`answered.${x.response === 'i_am_fine' || x.response === 'send_sos' ? x.response : 'other'}`),
        detail: null,
      };
    case 'acknowledged':
      return { title: x.actor ? k('acknowledged', { who: x.actor }) : k('acknowledgedAnon'), detail: x.note };
    case 'snoozed':
      return { title: k('snoozed', { who: x.actor ?? '' }), detail: x.note };
    case 'round':
      return { title: k('round', { n: x.round ?? 2 }), detail: null };
    case 'location':
      return {
        title: k('location'),
        detail: x.location ? `${x.location.lat.toFixed(5)}, ${x.location.lng.toFixed(5)}` : null,
      };
    case 'closed':
      return x.actor && x.closeOutcome
        ? { title: k('closed', { who: x.actor, outcome: k(`outcomes.${x.closeOutcome}`) }), detail: x.note }
        : { title: k('closedAnon'), detail: x.note };
  }
}
