import type { vitalsExportEn } from './vitals-export-en.ts';

/** Portal catalogue, domain "vitalsExport" (xuất chỉ số sinh tồn, Vietnamese). */
export const vitalsExportVi: typeof vitalsExportEn = {
  button: 'Xuất dữ liệu',
  menuLabel: 'Xuất chỉ số sinh tồn',
  formats: { xlsx: 'Excel (.xlsx)', csv: 'CSV', pdf: 'Báo cáo PDF' },
  title: 'Xuất chỉ số sinh tồn — {{format}}',
  from: 'Từ ngày',
  to: 'Đến ngày',
  units: 'Đơn vị',
  unitChoices: {
    profile: 'Theo cài đặt đơn vị của tôi',
    metric: 'Hệ mét (kg, °C, mmol/L)',
    imperial: 'Hệ Anh (lb, °F, mg/dL)',
  },
  hint: 'Mỗi số đo một dòng, thời gian theo múi giờ của bạn. Tối đa 366 ngày.',
  pdfHint: 'Báo cáo để in: biểu đồ, giá trị thấp nhất, cao nhất, trung bình và số lần ngoài ngưỡng của từng chỉ số.',
  download: 'Tải xuống',
  cancel: 'Hủy',
  done: 'Đã tải tệp xuất',
  required: 'Bắt buộc',
  toBeforeFrom: 'Ngày kết thúc phải từ ngày bắt đầu trở đi',
  tooLong: 'Khoảng thời gian tối đa 366 ngày',
};
