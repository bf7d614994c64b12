import { personName } from '@carewatch/contracts/names';
/**
 * Texts of outbox deliveries, per template and language. The escalation engine's templates (`NOTIFY_TEMPLATES` of
 * `@carewatch/clinical/escalation`, every one covered here in en and vi) read `patientName`, `index`, `value`, `unit`,
 * `level`, `sosMessage` and `location` from the payload; the language is the payload's `lang` when given (a follower
 * without an account), else the recipient user's. Any other template may give `title` / `body` (or `text`) verbatim.
 */
export type Rendered = { type: string; title: string; body: string; /** SMS / voice text. */ text: string };
type Lang = 'en' | 'vi';
type P = Record<string, unknown>;

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;
/** A reading for people: at most one decimal (converted units such as °F → °C leave long fractions). */
const num = (v: unknown): string | null =>
  typeof v === 'number' && Number.isFinite(v) ? String(Math.round(v * 10) / 10) : str(v);
const INDEX: Record<Lang, Record<string, string>> = {
  en: {
    heart_rate: 'heart rate',
    hrv: 'HRV',
    systolic: 'systolic blood pressure',
    diastolic: 'diastolic blood pressure',
    spo2: 'SpO2',
    temperature: 'temperature',
    blood_glucose: 'blood glucose',
    respiratory_rate: 'respiratory rate',
    qtc: 'QTc',
    weight: 'weight',
  },
  vi: {
    heart_rate: 'nhịp tim',
    hrv: 'HRV',
    systolic: 'huyết áp tâm thu',
    diastolic: 'huyết áp tâm trương',
    spo2: 'SpO2',
    temperature: 'nhiệt độ',
    blood_glucose: 'đường huyết',
    respiratory_rate: 'nhịp thở',
    qtc: 'QTc',
    weight: 'cân nặng',
  },
};
const SOS_CHOICE: Record<Lang, Record<string, string>> = {
  en: { need_help: 'I need help', feel_unwell: 'I feel unwell', had_a_fall: 'I had a fall', call_me: 'Please call me' },
  vi: {
    need_help: 'Tôi cần giúp đỡ',
    feel_unwell: 'Tôi thấy không khỏe',
    had_a_fall: 'Tôi bị ngã',
    call_me: 'Hãy gọi cho tôi',
  },
};

type T = { type: string; title: (p: Ctx) => string; body: (p: Ctx) => string };
type Ctx = { who: string; reading: string; sos: string; where: string };
const TEMPLATES: Record<Lang, Record<string, T>> = {
  en: {
    at_risk: {
      type: 'alert',
      title: () => 'Health alert: at risk',
      body: (c) => `${c.who}: ${c.reading} is outside the normal range.`,
    },
    high_risk_confirm: {
      type: 'alert',
      title: () => 'Are you all right?',
      body: (c) => `Your ${c.reading} is at a high-risk level. Tap "I am fine" or "Send SOS to followers".`,
    },
    high_risk: {
      type: 'alert',
      title: () => 'Health alert: high risk',
      body: (c) => `${c.who}: ${c.reading} is at a high-risk level.`,
    },
    high_risk_sms: {
      type: 'alert',
      title: () => 'CareWatch high-risk alert',
      body: (c) =>
        `CareWatch: ${c.who} has a high-risk reading (${c.reading}) and has not answered. Please check on them.`,
    },
    high_risk_escalated: {
      type: 'alert',
      title: () => 'Health alert: high risk, no answer',
      body: (c) => `${c.who} has not answered a high-risk alert (${c.reading}).`,
    },
    patient_fine: {
      type: 'alert',
      title: () => 'Patient says they are fine',
      body: (c) => `${c.who} answered "I am fine" to a high-risk alert (${c.reading}).`,
    },
    sos: {
      type: 'sos',
      title: () => 'SOS alert',
      body: (c) =>
        `CareWatch SOS: ${c.who} has a dangerous reading (${c.reading}). Please call them or emergency services now.`,
    },
    sos_button: {
      type: 'sos',
      title: () => 'SOS from the patient',
      body: (c) => `CareWatch SOS: ${c.who} pressed the SOS button${c.sos}${c.where}. Please call them now.`,
    },
    send_sos: {
      type: 'sos',
      title: () => 'SOS from the patient',
      body: (c) =>
        `CareWatch SOS: ${c.who} asked for help after a high-risk alert (${c.reading}). Please call them now.`,
    },
  },
  vi: {
    at_risk: {
      type: 'alert',
      title: () => 'Cảnh báo sức khỏe: có nguy cơ',
      body: (c) => `${c.who}: ${c.reading} nằm ngoài ngưỡng bình thường.`,
    },
    high_risk_confirm: {
      type: 'alert',
      title: () => 'Bạn có ổn không?',
      body: (c) => `Chỉ số ${c.reading} của bạn ở mức nguy cơ cao. Chọn "Tôi ổn" hoặc "Gửi SOS cho người theo dõi".`,
    },
    high_risk: {
      type: 'alert',
      title: () => 'Cảnh báo sức khỏe: nguy cơ cao',
      body: (c) => `${c.who}: ${c.reading} ở mức nguy cơ cao.`,
    },
    high_risk_sms: {
      type: 'alert',
      title: () => 'CareWatch: cảnh báo nguy cơ cao',
      body: (c) => `CareWatch: ${c.who} có chỉ số nguy cơ cao (${c.reading}) và chưa phản hồi. Vui lòng kiểm tra.`,
    },
    high_risk_escalated: {
      type: 'alert',
      title: () => 'Nguy cơ cao, chưa phản hồi',
      body: (c) => `${c.who} chưa phản hồi cảnh báo nguy cơ cao (${c.reading}).`,
    },
    patient_fine: {
      type: 'alert',
      title: () => 'Bệnh nhân báo vẫn ổn',
      body: (c) => `${c.who} đã chọn "Tôi ổn" cho cảnh báo nguy cơ cao (${c.reading}).`,
    },
    sos: {
      type: 'sos',
      title: () => 'Cảnh báo SOS',
      body: (c) => `CareWatch SOS: ${c.who} có chỉ số nguy hiểm (${c.reading}). Hãy gọi ngay cho họ hoặc cấp cứu.`,
    },
    sos_button: {
      type: 'sos',
      title: () => 'SOS từ bệnh nhân',
      body: (c) => `CareWatch SOS: ${c.who} đã bấm nút SOS${c.sos}${c.where}. Hãy gọi ngay cho họ.`,
    },
    send_sos: {
      type: 'sos',
      title: () => 'SOS từ bệnh nhân',
      body: (c) => `CareWatch SOS: ${c.who} cần trợ giúp sau cảnh báo nguy cơ cao (${c.reading}). Hãy gọi ngay cho họ.`,
    },
  },
};

/**
 * The daily silent-patients digest (issue 20, `patients.silent_digest`): payload `hours` (the tenant's setting),
 * `total` and `patients` ({ firstName, lastName, code, quietHours (null: no reading ever), silent (false: listed only as
 * not worn), notWornHours (null: worn) }, at most 50 listed).
 */
function renderSilentDigest(payload: P, lang: Lang): Rendered {
  const hours = num(payload.hours) ?? '6';
  const list = Array.isArray(payload.patients) ? (payload.patients as P[]) : [];
  const total = typeof payload.total === 'number' ? payload.total : list.length;
  const lines = list.map((p) => {
    const who = personName({ firstName: str(p.firstName), lastName: str(p.lastName) }, lang);
    const code = str(p.code) ? ` (${str(p.code)})` : '';
    const quiet =
      typeof p.quietHours === 'number'
        ? lang === 'vi'
          ? `không có dữ liệu ${p.quietHours} giờ`
          : `no readings for ${p.quietHours} h`
        : lang === 'vi'
          ? 'chưa từng gửi dữ liệu'
          : 'never sent a reading';
    // Payloads queued before "not worn" existed carry neither field: silent only.
    const notWorn =
      typeof p.notWornHours === 'number'
        ? lang === 'vi'
          ? `không đeo đồng hồ ${p.notWornHours} giờ`
          : `watch not worn for ${p.notWornHours} h`
        : null;
    const reasons = [p.silent === false ? null : quiet, notWorn].filter((x): x is string => x !== null);
    return `- ${who}${code}: ${reasons.join('; ')}`;
  });
  const more =
    total > list.length
      ? [lang === 'vi' ? `… và ${total - list.length} bệnh nhân khác` : `… and ${total - list.length} more`]
      : [];
  const title =
    lang === 'vi'
      ? `Thiết bị im lặng: ${total} bệnh nhân`
      : `Silent devices: ${total} patient${total === 1 ? '' : 's'}`;
  const intro =
    lang === 'vi'
      ? `Các bệnh nhân bạn theo dõi không gửi dữ liệu trong hơn ${hours} giờ hoặc không đeo đồng hồ:`
      : `Patients you follow from whom nothing was received for over ${hours} hours, or whose watch is not worn:`;
  const body = [intro, ...lines, ...more].join('\n');
  return { type: 'system', title, body, text: `CareWatch: ${title}` };
}

/** Renders a delivery's text. Unknown templates without a verbatim title/body fall back to a generic notice. */
export function renderDelivery(template: string, payload: P, language: string | null | undefined): Rendered {
  const lang: Lang = (str(payload.lang) ?? language ?? 'en').startsWith('vi') ? 'vi' : 'en';
  if (template === 'patients.silent_digest') return renderSilentDigest(payload, lang);
  const key = template.replace(/^alert\./, '');
  const t = TEMPLATES[lang][key];
  const idx = str(payload.index);
  const indexName = idx ? (INDEX[lang][idx] ?? idx) : lang === 'vi' ? 'chỉ số' : 'a reading';
  const value = num(payload.value);
  const unit = str(payload.unit);
  const choice = str(payload.sosMessage);
  const loc = payload.location as { lat?: unknown; lng?: unknown } | null | undefined;
  const c: Ctx = {
    // The patient's name in the recipient's language convention (contracts/names.ts), from its parts when the alert
    // engine sent them (older queued texts carry the name only).
    who:
      (str(payload.patientFirstName) || str(payload.patientLastName)
        ? personName({ firstName: str(payload.patientFirstName), lastName: str(payload.patientLastName) }, lang)
        : str(payload.patientName)) ?? (lang === 'vi' ? 'Bệnh nhân' : 'The patient'),
    reading: value ? `${indexName} ${value}${unit ? ` ${unit}` : ''}` : indexName,
    sos: choice ? ` ("${SOS_CHOICE[lang][choice] ?? choice}")` : '',
    where:
      loc && typeof loc.lat === 'number' && typeof loc.lng === 'number'
        ? ` — https://maps.google.com/?q=${loc.lat},${loc.lng}`
        : '',
  };
  const type = str(payload.type) ?? t?.type ?? (template.startsWith('notification') ? 'message' : 'system');
  const title = str(payload.title) ?? str(payload.subject) ?? t?.title(c) ?? 'CareWatch';
  const body = str(payload.body) ?? str(payload.text) ?? t?.body(c) ?? title;
  const text = str(payload.text) ?? body;
  return { type, title, body, text };
}
