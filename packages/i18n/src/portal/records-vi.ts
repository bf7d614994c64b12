import type { RecordsMessages } from './records-en.ts';

/** Portal catalogue, domain "records": hồ sơ khám bệnh của bệnh nhân (Vietnamese). */
export const recordsVi: RecordsMessages = {
  tab: 'Hồ sơ khám bệnh',
  title: 'Hồ sơ khám bệnh',
  add: 'Thêm hồ sơ',
  table: 'Hồ sơ khám bệnh',
  empty: 'Chưa có hồ sơ khám bệnh nào.',
  loading: 'Đang tải hồ sơ khám bệnh…',
  open: 'Mở hồ sơ {{title}}',
  total: '{{count}} hồ sơ',
  pagination: 'Trang',
  papers: '{{count}} giấy tờ',
  fields: {
    title: 'Tiêu đề', examinationDate: 'Ngày khám', place: 'Nơi khám', doctor: 'Bác sĩ', staffDoctor: 'Bác sĩ của tổ chức',
    doctorName: 'Hoặc tên bác sĩ', note: 'Ghi chú', attachments: 'Giấy tờ', type: 'Loại', file: 'Tệp', createdBy: 'Người tạo', updatedAt: 'Cập nhật lần cuối',
  },
  hints: {
    doctor: 'Chọn một bác sĩ của tổ chức, hoặc nhập tên bác sĩ ở nơi khác.',
    files: 'JPG, PNG hoặc PDF, tối đa 10 MB mỗi tệp. Nội dung tệp được kiểm tra.',
  },
  types: {
    EXAMINATION_CARD: 'Phiếu khám bệnh', RESULT_CARD: 'Phiếu kết quả', OTOSCOPE_RESULT: 'Kết quả nội soi tai', PRESCRIPTION: 'Đơn thuốc', BILL: 'Hóa đơn', OTHER: 'Giấy tờ khác',
  },
  form: {
    addTitle: 'Hồ sơ khám bệnh mới', editTitle: 'Sửa hồ sơ khám bệnh', save: 'Lưu', cancel: 'Hủy', chooseFile: 'Thêm tệp', typeOfNext: 'Loại của tệp tiếp theo',
    pending: 'Sẽ tải lên', remove: 'Bỏ {{name}}', undoRemove: 'Giữ {{name}}', willRemove: 'Sẽ bị xóa', typeOf: 'Loại của {{name}}',
    fileType: 'Chỉ nhận tệp JPG, PNG hoặc PDF', fileSize: 'Tệp lớn hơn 10 MB', saved: 'Đã lưu hồ sơ khám bệnh',
    partial: 'Hồ sơ đã được lưu, nhưng {{count}} tệp không tải lên được: {{reason}}',
    dateInvalid: 'Nhập một ngày có thật theo dạng dd/mm/yyyy', notDoctor: 'Người này không phải bác sĩ của tổ chức',
  },
  detail: {
    title: 'Hồ sơ khám bệnh', edit: 'Sửa', delete: 'Xóa', close: 'Đóng', noPapers: 'Chưa đính kèm giấy tờ nào.', viewer: 'Xem giấy tờ',
    view: 'Xem {{name}}', download: 'Tải xuống {{name}}', open: 'Mở {{name}} trong thẻ mới', pdf: 'Tài liệu PDF', loadingFile: 'Đang tải tệp…',
    imageAlt: '{{type}}: {{name}}', fileFailed: 'Không tải được tệp.',
  },
  remove: { title: 'Xóa hồ sơ khám bệnh', confirm: 'Xóa “{{title}}” và {{count}} giấy tờ của hồ sơ? Không thể hoàn tác.', done: 'Đã xóa hồ sơ khám bệnh' },
  kb: '{{n}} KB',
};
