import type { AppVitalsExportMessages } from './vitals-export-en.ts';

/** Ứng dụng bệnh nhân: "Xuất cho bác sĩ" (issue 19). */
export const appVitalsExportVi: AppVitalsExportMessages = {
  title: 'Xuất cho bác sĩ',
  text: 'Số đo của bạn trong một khoảng thời gian, dạng báo cáo PDF hoặc tệp CSV, để gửi cho bác sĩ.',
  open: 'Xuất cho bác sĩ',
  period: 'Khoảng thời gian',
  periods: { '7': '7 ngày qua', '30': '30 ngày qua', '90': '90 ngày qua', '365': '12 tháng qua' },
  format: 'Tệp',
  formats: { pdf: 'Báo cáo PDF', csv: 'CSV (bảng tính)' },
  share: 'Chia sẻ',
  download: 'Tải xuống',
  cancel: 'Hủy',
  working: 'Đang chuẩn bị tệp…',
  shared: 'Đã chia sẻ tệp',
  downloaded: 'Đã tải tệp xuống',
  failed: 'Không thể chuẩn bị tệp. Hãy thử lại.',
  fileTitle: 'Số đo của tôi {{from}} – {{to}}',
};
