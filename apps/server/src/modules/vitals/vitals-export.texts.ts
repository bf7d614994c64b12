import type { TAlertLevel } from '@carewatch/contracts/alerts';
import type { TMetric } from '@carewatch/contracts/vitals';
import { vitalsEn } from '@carewatch/i18n/portal/vitals-en';
import { vitalsVi } from '@carewatch/i18n/portal/vitals-vi';

/** Texts of the vitals export files (written by the server, so here, in the reader's language). */
export type ExportLang = 'en' | 'vi';
export const exportLangOf = (l: string | null | undefined): ExportLang =>
  (l ?? 'en').toLowerCase().startsWith('vi') ? 'vi' : 'en';

export const EXPORT_COLUMNS = ['time', 'metric', 'value', 'value2', 'unit', 'source', 'outOfRange', 'timeUtc'] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

type Texts = {
  columns: Record<ExportColumn, string>;
  levels: Record<Exclude<TAlertLevel, 'normal'>, string>;
  sourceApp: string;
  sourceDevice: string;
  sheet: string;
  title: string;
  patient: string;
  patientCode: string;
  birthday: string;
  period: string;
  generated: string;
  timeZone: string;
  units: string;
  readings: (n: number) => string;
  noReadings: string;
  stats: { count: string; min: string; max: string; mean: string; outOfRange: string; value: string };
  systolic: string;
  diastolic: string;
  footer: (page: number, pages: number) => string;
  outOfRangeNote: string;
};

const EN: Texts = {
  columns: {
    time: 'Time',
    metric: 'Metric',
    value: 'Value',
    value2: 'Value 2 (diastolic)',
    unit: 'Unit',
    source: 'Source / device',
    outOfRange: 'Out of range',
    timeUtc: 'Time (UTC, ISO 8601)',
  },
  levels: { at_risk: 'At risk', high_risk: 'High risk', sos: 'SOS' },
  sourceApp: 'Patient app',
  sourceDevice: 'Device',
  sheet: 'Readings',
  title: 'Vital signs report',
  patient: 'Patient',
  patientCode: 'Patient ID',
  birthday: 'Date of birth',
  period: 'Period',
  generated: 'Generated',
  timeZone: 'Time zone',
  units: 'Units',
  readings: (n) => (n === 1 ? '1 reading' : `${n} readings`),
  noReadings: 'No readings in this period.',
  stats: {
    count: 'Readings',
    min: 'Minimum',
    max: 'Maximum',
    mean: 'Mean',
    outOfRange: 'Out of range',
    value: 'Value',
  },
  systolic: 'Systolic',
  diastolic: 'Diastolic',
  footer: (p, n) => `CareWatch — page ${p} of ${n}`,
  outOfRangeNote:
    "Out of range: the reading crossed one of the patient's alert thresholds (at risk, high risk or SOS).",
};
const VI: Texts = {
  columns: {
    time: 'Thời gian',
    metric: 'Chỉ số',
    value: 'Giá trị',
    value2: 'Giá trị 2 (tâm trương)',
    unit: 'Đơn vị',
    source: 'Nguồn / thiết bị',
    outOfRange: 'Ngoài ngưỡng',
    timeUtc: 'Thời gian (UTC, ISO 8601)',
  },
  levels: { at_risk: 'Có nguy cơ', high_risk: 'Nguy cơ cao', sos: 'SOS' },
  sourceApp: 'Ứng dụng bệnh nhân',
  sourceDevice: 'Thiết bị',
  sheet: 'Số đo',
  title: 'Báo cáo chỉ số sinh tồn',
  patient: 'Bệnh nhân',
  patientCode: 'Mã bệnh nhân',
  birthday: 'Ngày sinh',
  period: 'Khoảng thời gian',
  generated: 'Thời điểm tạo',
  timeZone: 'Múi giờ',
  units: 'Đơn vị',
  readings: (n) => `${n} lần đo`,
  noReadings: 'Không có số đo nào trong khoảng này.',
  stats: {
    count: 'Số lần đo',
    min: 'Thấp nhất',
    max: 'Cao nhất',
    mean: 'Trung bình',
    outOfRange: 'Ngoài ngưỡng',
    value: 'Giá trị',
  },
  systolic: 'Tâm thu',
  diastolic: 'Tâm trương',
  footer: (p, n) => `CareWatch — trang ${p}/${n}`,
  outOfRangeNote: 'Ngoài ngưỡng: số đo vượt một ngưỡng cảnh báo của bệnh nhân (có nguy cơ, nguy cơ cao hoặc SOS).',
};

export const exportTexts = (l: ExportLang): Texts => (l === 'vi' ? VI : EN);
export const metricName = (l: ExportLang, m: TMetric): string => (l === 'vi' ? vitalsVi : vitalsEn).metrics[m] ?? m;
/** A unit as printed (°C / °F for temperature). */
export const unitText = (unit: string): string => (unit === 'C' ? '°C' : unit === 'F' ? '°F' : unit);
