import type { TAlertLevel, TAlertStatus } from '@carewatch/contracts/alerts';
import type { ExportLang } from '../vitals/vitals-export.texts.ts';

/** Texts of the patient report PDF (written by the server, in the reader's language); the vitals parts come from the vitals export. */
type Texts = {
  title: string;
  vitals: string;
  summary: string;
  alerts: string;
  notes: string;
  noAlerts: string;
  noNotes: string;
  columns: { openedAt: string; level: string; index: string; value: string; status: string; acknowledged: string };
  levels: Record<TAlertLevel, string>;
  statuses: Record<TAlertStatus, string>;
  sosButton: string;
  yes: string;
  no: string;
  unknownAuthor: string;
  moreAlerts: string;
};

const EN: Texts = {
  title: 'Patient report',
  vitals: 'Vital signs',
  summary: 'Summary per index',
  alerts: 'Alerts',
  notes: 'Clinical notes',
  noAlerts: 'No alerts in this period.',
  noNotes: 'No notes in this period.',
  columns: {
    openedAt: 'Opened',
    level: 'Level',
    index: 'Index',
    value: 'Value',
    status: 'Status',
    acknowledged: 'Acknowledged',
  },
  levels: { normal: 'Normal', at_risk: 'At risk', high_risk: 'High risk', sos: 'SOS' },
  statuses: { open: 'Open', acknowledged: 'Acknowledged', closed: 'Closed', suppressed: 'Suppressed' },
  sosButton: 'SOS button',
  yes: 'Yes',
  no: 'No',
  unknownAuthor: 'Unknown author',
  moreAlerts: 'Older alerts of the period are not listed here: see the patient timeline in the portal.',
};
const VI: Texts = {
  title: 'Báo cáo bệnh nhân',
  vitals: 'Chỉ số sinh tồn',
  summary: 'Tóm tắt theo chỉ số',
  alerts: 'Cảnh báo',
  notes: 'Ghi chú lâm sàng',
  noAlerts: 'Không có cảnh báo nào trong khoảng này.',
  noNotes: 'Không có ghi chú nào trong khoảng này.',
  columns: {
    openedAt: 'Thời điểm',
    level: 'Mức',
    index: 'Chỉ số',
    value: 'Giá trị',
    status: 'Trạng thái',
    acknowledged: 'Đã xác nhận',
  },
  levels: { normal: 'Bình thường', at_risk: 'Có nguy cơ', high_risk: 'Nguy cơ cao', sos: 'SOS' },
  statuses: { open: 'Đang mở', acknowledged: 'Đã xác nhận', closed: 'Đã đóng', suppressed: 'Đã chặn' },
  sosButton: 'Nút SOS',
  yes: 'Có',
  no: 'Không',
  unknownAuthor: 'Không rõ người viết',
  moreAlerts:
    'Các cảnh báo cũ hơn trong khoảng này không được liệt kê: xem dòng thời gian của bệnh nhân trên cổng thông tin.',
};

export const reportTexts = (l: ExportLang): Texts => (l === 'vi' ? VI : EN);
