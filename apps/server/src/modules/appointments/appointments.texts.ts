import { formatDateTime } from '@carewatch/i18n/datetime';

/** What an appointment message is about (patient-app §3: invited, updated, cancelled; §9: the two reminders). */
export type AppointmentMessage = 'invited' | 'updated' | 'canceled' | 'completed' | 'reminder_1440' | 'reminder_15';
type Lang = 'en' | 'vi';
type Vars = { who: string; when: string; code: string; online: boolean };

const T: Record<Lang, Record<AppointmentMessage, { title: string; body: (v: Vars) => string }>> = {
  en: {
    invited: {
      title: 'New appointment',
      body: (v) => `Appointment ${v.code} with ${v.who} on ${v.when}${v.online ? ' (video visit)' : ''}.`,
    },
    updated: {
      title: 'Appointment moved',
      body: (v) => `Appointment ${v.code} with ${v.who} is now on ${v.when}${v.online ? ' (video visit)' : ''}.`,
    },
    canceled: {
      title: 'Appointment cancelled',
      body: (v) => `Appointment ${v.code} with ${v.who} on ${v.when} was cancelled.`,
    },
    completed: {
      title: 'Appointment completed',
      body: (v) => `Appointment ${v.code} with ${v.who} is completed. The diagnosis and advice are in the app.`,
    },
    reminder_1440: {
      title: 'Appointment tomorrow',
      body: (v) => `Reminder: appointment ${v.code} with ${v.who} on ${v.when}${v.online ? ' (video visit)' : ''}.`,
    },
    reminder_15: {
      title: 'Appointment in 15 minutes',
      body: (v) =>
        `Reminder: appointment ${v.code} with ${v.who} starts at ${v.when}${v.online ? '. Join the video visit from the app' : ''}.`,
    },
  },
  vi: {
    invited: {
      title: 'Lịch hẹn mới',
      body: (v) => `Lịch hẹn ${v.code} với ${v.who} lúc ${v.when}${v.online ? ' (khám trực tuyến)' : ''}.`,
    },
    updated: {
      title: 'Lịch hẹn đã đổi giờ',
      body: (v) => `Lịch hẹn ${v.code} với ${v.who} đã chuyển sang ${v.when}${v.online ? ' (khám trực tuyến)' : ''}.`,
    },
    canceled: { title: 'Lịch hẹn đã hủy', body: (v) => `Lịch hẹn ${v.code} với ${v.who} lúc ${v.when} đã bị hủy.` },
    completed: {
      title: 'Lịch hẹn đã hoàn thành',
      body: (v) => `Lịch hẹn ${v.code} với ${v.who} đã hoàn thành. Chẩn đoán và lời khuyên có trong ứng dụng.`,
    },
    reminder_1440: {
      title: 'Lịch hẹn ngày mai',
      body: (v) => `Nhắc lịch: lịch hẹn ${v.code} với ${v.who} lúc ${v.when}${v.online ? ' (khám trực tuyến)' : ''}.`,
    },
    reminder_15: {
      title: 'Lịch hẹn sau 15 phút',
      body: (v) =>
        `Nhắc lịch: lịch hẹn ${v.code} với ${v.who} bắt đầu lúc ${v.when}${v.online ? '. Vào phòng khám trực tuyến từ ứng dụng' : ''}.`,
    },
  },
};

/** The message in the recipient's language, the time in the recipient's zone (dd/MM/yyyy HH:mm, spec §9). */
export function appointmentText(
  kind: AppointmentMessage,
  r: { language: string; timezone: string },
  a: { code: string; start: Date; online: boolean; otherName: string },
): { title: string; body: string } {
  const lang: Lang = r.language.startsWith('vi') ? 'vi' : 'en';
  const t = T[lang][kind];
  return {
    title: t.title,
    body: t.body({
      who: a.otherName,
      when: formatDateTime(a.start, r.timezone, { seconds: false }),
      code: a.code,
      online: a.online,
    }),
  };
}

const EVENT: Record<Lang, string> = { en: 'Reminder', vi: 'Nhắc nhở' };
/** An event reminder at its arrival time: the patient's own label. */
export function eventReminderText(
  label: string,
  r: { language: string; timezone: string },
  at: Date,
): { title: string; body: string } {
  const lang: Lang = r.language.startsWith('vi') ? 'vi' : 'en';
  return {
    title: `${EVENT[lang]}: ${label}`,
    body: `${label} — ${formatDateTime(at, r.timezone, { seconds: false })}`,
  };
}
