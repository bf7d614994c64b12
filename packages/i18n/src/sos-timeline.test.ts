import { describe, expect, test } from 'vitest';
import i18next from 'i18next';
import type { TSosTimelineItem } from '@carewatch/contracts/alerts';
import { sosTimelineEn } from './sos-timeline-en.ts';
import { sosTimelineVi } from './sos-timeline-vi.ts';
import { sosTimelineText } from './sos-timeline.ts';

const base: TSosTimelineItem = {
  at: '2026-11-24T10:00:00.000Z',
  kind: 'notified',
  level: 'sos',
  channel: 'sms',
  audience: 'followers',
  recipient: 'Hoang Minh',
  phone: '0900000021',
  outcome: 'delivered',
  reason: null,
  attempts: 1,
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

async function tFor(lng: 'en' | 'vi') {
  const i = i18next.createInstance();
  await i.init({
    lng,
    resources: {
      en: { translation: { sosTimeline: sosTimelineEn } },
      vi: { translation: { sosTimeline: sosTimelineVi } },
    },
    interpolation: { escapeValue: false },
  });
  return i.t.bind(i);
}

describe('SOS timeline text', () => {
  test('who was told, how, and whether it reached them — in English and Vietnamese', async () => {
    const en = await tFor('en');
    expect(sosTimelineText(en, base)).toEqual({ title: 'SMS to Hoang Minh', detail: 'Reached them' });
    expect(sosTimelineText(en, { ...base, channel: 'call', outcome: 'retrying', attempts: 2 })).toEqual({
      title: 'Call to Hoang Minh',
      detail: 'Failed, trying again (attempt 2)',
    });
    expect(sosTimelineText(en, { ...base, outcome: 'suppressed', reason: 'settings:sms_off' }).detail).toBe(
      'Not sent: SMS are off in the patient’s alert settings',
    );
    expect(sosTimelineText(en, { ...base, recipient: null, audience: 'staff', channel: 'in_app' }).title).toBe(
      'In-app notice to the care team',
    );
    expect(
      sosTimelineText(en, {
        ...base,
        kind: 'closed',
        actor: 'Cam Le',
        closeOutcome: 'family_helped',
        note: 'Daughter on the way',
      }),
    ).toEqual({ title: 'Case closed by Cam Le: family or caregiver helped', detail: 'Daughter on the way' });
    const vi = await tFor('vi');
    expect(sosTimelineText(vi, base)).toEqual({ title: 'SMS tới Hoang Minh', detail: 'Đã tới người nhận' });
    expect(sosTimelineText(vi, { ...base, kind: 'answered', response: 'i_am_fine' }).title).toBe(
      'Bệnh nhân trả lời “Tôi ổn”',
    );
  });
});
