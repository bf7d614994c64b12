import type { appointmentsEn } from './appointments-en.ts';

/** Portal catalogue, domain "appointments" (Vietnamese). */
export const appointmentsVi: typeof appointmentsEn = {
  nav: { appointments: 'Lịch hẹn' },
  title: 'Lịch hẹn',
  subtitle: 'Các buổi khám đặt trên khung giờ đã duyệt của bác sĩ: sắp tới, đang chờ và lịch sử.',
  tabs: 'Các chế độ xem lịch hẹn',
  tab: { upcoming: 'Sắp tới', waiting: 'Đang chờ', history: 'Lịch sử' },
  status: {
    UPCOMING: 'Sắp tới', WAITING_FOR_DOCTOR: 'Chờ bác sĩ', PROCESSING: 'Đang khám', PENDING: 'Chờ xác nhận', COMPLETED: 'Hoàn thành', CANCELED: 'Đã hủy',
  },
  location: { AT_THE_CLINIC: 'Tại phòng khám', PATIENT_ADDRESS: 'Tại địa chỉ bệnh nhân', ONLINE: 'Khám trực tuyến' },
  fields: {
    code: 'Mã', start: 'Ngày giờ', patient: 'Bệnh nhân', doctor: 'Bác sĩ', location: 'Địa điểm', address: 'Địa chỉ', reason: 'Lý do', note: 'Ghi chú',
    status: 'Trạng thái', paid: 'Có phí', free: 'Miễn phí', payment: 'Thanh toán', diagnosis: 'Chẩn đoán', advice: 'Lời khuyên', cancelReason: 'Lý do hủy', createdAt: 'Ngày tạo',
    createdBy: 'Người tạo', search: 'Tìm kiếm', from: 'Từ ngày', to: 'Đến ngày', all: 'Tất cả', overdueOnly: 'Chỉ lịch quá hạn', meetingRoom: 'Phòng khám trực tuyến',
  },
  overdue: 'Quá hạn: cần xác nhận',
  list: {
    table: 'Lịch hẹn', empty: 'Không có lịch hẹn nào phù hợp với bộ lọc.', open: 'Mở lịch hẹn {{code}}', new: 'Lịch hẹn mới', total: '{{count}} lịch hẹn',
    pagination: 'Phân trang', previousPage: 'Trang trước', nextPage: 'Trang sau', firstPage: 'Trang đầu', lastPage: 'Trang cuối', page: 'Trang {{n}}',
  },
  create: {
    title: 'Lịch hẹn mới', patientSearch: 'Nhập tên, mã hoặc số điện thoại', day: 'Ngày', slots: 'Khung giờ trống', noSlots: 'Không còn khung giờ trống trong ngày này.',
    pickDay: 'Chọn ngày để xem khung giờ của bác sĩ.', slot: '{{time}}', booked: 'Đã đặt', submit: 'Đặt lịch', cancel: 'Hủy', created: 'Đã đặt lịch hẹn {{code}}',
    slotRequired: 'Hãy chọn một khung giờ', paid: 'Lịch hẹn có phí',
  },
  detail: {
    title: 'Lịch hẹn {{code}}', back: 'Quay lại danh sách lịch hẹn', history: 'Lịch sử', historyTable: 'Lịch sử trạng thái', when: 'Thời điểm', who: 'Người thực hiện', change: 'Thay đổi',
    created: 'Đã đặt', system: 'Hệ thống', notFound: 'Không tìm thấy lịch hẹn',
    actions: 'Thao tác', waiting: 'Bệnh nhân đang chờ', start: 'Bắt đầu khám', pending: 'Chuyển chờ xác nhận', complete: 'Hoàn thành', cancel: 'Hủy lịch hẹn',
    print: 'In phiếu hẹn', printQr: 'In mã QR', join: 'Vào phòng khám trực tuyến',
    completeTitle: 'Hoàn thành lịch hẹn', completeSubmit: 'Hoàn thành', cancelTitle: 'Hủy lịch hẹn này?', cancelSubmit: 'Hủy lịch hẹn', close: 'Đóng',
    reschedule: 'Đổi lịch', rescheduleTitle: 'Chuyển sang khung giờ khác', rescheduleSubmit: 'Chuyển', rescheduled: 'Đã đổi lịch hẹn', rescheduledTo: 'Chuyển sang {{when}}',
    completed: 'Đã hoàn thành lịch hẹn', canceled: 'Đã hủy lịch hẹn', moved: 'Đã chuyển trạng thái sang {{status}}',
  },
  print: {
    title: 'Phiếu hẹn khám', qrTitle: 'Mã QR lịch hẹn', qrHint: 'Nhân viên quét mã này để mở lịch hẹn.', printNow: 'In', organization: 'CareWatch',
    patientCode: 'Mã bệnh nhân',
  },
};
