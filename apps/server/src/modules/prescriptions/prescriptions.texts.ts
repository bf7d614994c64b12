import { formatDateTime } from '@carewatch/i18n/datetime';

/** Notification texts of medication reminders (sent by the server, so written here in the recipient's language). */
type Lang = 'en' | 'vi';
const langOf = (l: string | null | undefined): Lang => ((l ?? 'en').startsWith('vi') ? 'vi' : 'en');

const UNIT: Record<Lang, Record<string, string>> = {
  en: {
    PILL: 'pill(s)',
    TABLET: 'tablet(s)',
    CAPSULE: 'capsule(s)',
    DROP: 'drop(s)',
    TEASPOON: 'teaspoon(s)',
    TABLESPOON: 'tablespoon(s)',
    ML: 'ml',
    MG: 'mg',
    PUFF: 'puff(s)',
    PATCH: 'patch(es)',
    UNIT: 'unit(s)',
    APPLICATION: 'application(s)',
  },
  vi: {
    PILL: 'viên',
    TABLET: 'viên nén',
    CAPSULE: 'viên nang',
    DROP: 'giọt',
    TEASPOON: 'thìa cà phê',
    TABLESPOON: 'thìa canh',
    ML: 'ml',
    MG: 'mg',
    PUFF: 'nhát xịt',
    PATCH: 'miếng dán',
    UNIT: 'đơn vị',
    APPLICATION: 'lần bôi',
  },
};
const WHEN: Record<Lang, Record<string, string>> = {
  en: { WITH_MEAL: ' with a meal', BEFORE_MEAL: ' before a meal', AFTER_MEAL: ' after a meal', ANYTIME: '' },
  vi: { WITH_MEAL: ' trong bữa ăn', BEFORE_MEAL: ' trước bữa ăn', AFTER_MEAL: ' sau bữa ăn', ANYTIME: '' },
};

export type DoseVars = {
  medicine: string;
  dose: number;
  unit: string;
  when: string;
  dueAt: Date;
  label: string | null;
};

const doseText = (l: Lang, v: DoseVars) =>
  `${v.medicine} — ${v.dose} ${UNIT[l][v.unit] ?? v.unit.toLowerCase()}${WHEN[l][v.when] ?? ''}`;

/** The dose notification at its time (and again after a snooze). */
export function doseNotificationText(lang: string | null, tz: string, v: DoseVars): { title: string; body: string } {
  const l = langOf(lang);
  const at = formatDateTime(v.dueAt, tz, { seconds: false });
  return l === 'vi'
    ? {
        title: `Đến giờ uống thuốc${v.label ? `: ${v.label}` : ''}`,
        body: `${doseText(l, v)} lúc ${at}. Mở ứng dụng để xác nhận đã uống hoặc bỏ qua.`,
      }
    : {
        title: `Time for your medicine${v.label ? `: ${v.label}` : ''}`,
        body: `${doseText(l, v)} at ${at}. Open the app to confirm taken or skipped.`,
      };
}

/** The pre-alarm, a few minutes before the dose. */
export function preAlarmText(lang: string | null, tz: string, v: DoseVars): { title: string; body: string } {
  const l = langOf(lang);
  const at = formatDateTime(v.dueAt, tz, { seconds: false });
  return l === 'vi'
    ? { title: 'Sắp đến giờ uống thuốc', body: `${doseText(l, v)} lúc ${at}.` }
    : { title: 'Medicine soon', body: `${doseText(l, v)} at ${at}.` };
}

/** To the emergency and caring contacts: N consecutive doses of a medicine were missed. */
export function missedDoseText(
  lang: string | null,
  v: { patientName: string; medicine: string; missed: number },
): { title: string; body: string; text: string } {
  const l = langOf(lang);
  const body =
    l === 'vi'
      ? `${v.patientName} đã bỏ lỡ ${v.missed} liều ${v.medicine} liên tiếp (bỏ qua hoặc không xác nhận). Hãy liên hệ với họ.`
      : `${v.patientName} has missed ${v.missed} doses of ${v.medicine} in a row (skipped or not confirmed). Please check on them.`;
  return { title: l === 'vi' ? 'Bỏ lỡ liều thuốc' : 'Missed medication doses', body, text: `CareWatch: ${body}` };
}
