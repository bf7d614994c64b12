import type { AppRecordsMessages } from './records-en.ts';

/** Patient app: hồ sơ khám bệnh, chỉ xem (Vietnamese). */
export const appRecordsVi: AppRecordsMessages = {
  title: 'Hồ sơ khám bệnh',
  intro: 'Các lần khám của bạn và giấy tờ kèm theo, do đội ngũ chăm sóc ghi lại.',
  readOnly: 'Đang xem hồ sơ khám bệnh của {{name}} (chỉ xem).',
  notPatient: 'Tài khoản này không có hồ sơ khám bệnh riêng. Hãy chọn người cần xem ở Trang chủ.',
  empty: 'Chưa có hồ sơ khám bệnh nào.',
  more: 'Xem thêm',
  open: 'Mở {{title}}',
  back: 'Quay lại hồ sơ khám bệnh',
  notFound: 'Không xem được hồ sơ khám bệnh này.',
  papers: '{{count}} giấy tờ',
  fields: {
    examinationDate: 'Ngày khám',
    place: 'Nơi khám',
    doctor: 'Bác sĩ',
    note: 'Ghi chú',
    attachments: 'Giấy tờ',
  },
  types: {
    EXAMINATION_CARD: 'Phiếu khám bệnh',
    RESULT_CARD: 'Phiếu kết quả',
    OTOSCOPE_RESULT: 'Kết quả nội soi tai',
    PRESCRIPTION: 'Đơn thuốc',
    BILL: 'Hóa đơn',
    OTHER: 'Giấy tờ khác',
  },
  viewer: {
    label: 'Xem giấy tờ',
    view: 'Xem {{name}}',
    open: 'Mở {{name}}',
    download: 'Tải xuống {{name}}',
    pdf: 'Tài liệu PDF',
    loading: 'Đang tải tệp…',
    failed: 'Không tải được tệp.',
    imageAlt: '{{type}}: {{name}}',
    noPapers: 'Chưa đính kèm giấy tờ nào.',
  },
};
