import type { webhooksEn } from './webhooks-en.ts';

/** Portal catalogue, domain "webhooks" (issue 19; Vietnamese). */
export const webhooksVi: typeof webhooksEn = {
  nav: { list: 'Webhook' },
  events: {
    alert_opened: 'Mở cảnh báo', alert_escalated: 'Cảnh báo tăng mức', alert_acknowledged: 'Đã xác nhận cảnh báo', alert_closed: 'Đóng cảnh báo',
    sos_opened: 'Mở ca SOS', sos_closed: 'Đóng ca SOS', patient_status_changed: 'Đổi trạng thái bệnh nhân', reading_rejected: 'Chỉ số thiết bị bị từ chối',
  },
  statuses: { pending: 'Đang chờ', sending: 'Đang gửi', delivered: 'Đã gửi', failed: 'Thất bại' },
  fields: { url: 'URL điểm nhận', description: 'Mô tả', events: 'Sự kiện', enabled: 'Bật' },
  list: {
    title: 'Webhook', subtitle: 'Hệ thống khác được báo ngay khi có cảnh báo: yêu cầu HTTPS POST có chữ ký, gửi lại cho đến khi nhận được.',
    new: 'Thêm điểm nhận', table: 'Điểm nhận webhook', empty: 'Chưa có điểm nhận webhook nào.', open: 'Mở điểm nhận {{url}}', toggle: 'Bật điểm nhận {{url}}',
  },
  form: {
    title: 'Thêm điểm nhận webhook', urlHint: 'https:// và một địa chỉ công khai', save: 'Thêm điểm nhận', created: 'Đã thêm điểm nhận',
  },
  secret: {
    title: 'Khóa ký', label: 'Khóa ký', copy: 'Sao chép', copied: 'Đã sao chép',
    once: 'Hãy sao chép khóa này ngay: nó chỉ hiện một lần. Dùng nó để kiểm tra tiêu đề CareWatch-Signature của mỗi lần gửi.',
  },
  detail: {
    title: 'Điểm nhận webhook', back: 'Tất cả webhook', sendTest: 'Gửi sự kiện thử', testQueued: 'Đã xếp hàng sự kiện thử', rotate: 'Đổi khóa',
    rotateConfirm: 'Khóa mới sẽ ký từ bây giờ. Khóa hiện tại vẫn ký thêm (chữ ký thứ hai) trong 24 giờ rồi ngừng.',
    delete: 'Xóa điểm nhận', deleteConfirm: 'Xóa điểm nhận này và nhật ký gửi? Sự kiện sẽ không còn được gửi đến đó.', deleted: 'Đã xóa điểm nhận',
    overlap: 'Đang đổi khóa: khóa cũ vẫn ký đến {{at}}.',
  },
  log: {
    title: 'Nhật ký gửi', table: 'Các lần gửi', empty: 'Chưa có lần gửi nào.', event: 'Sự kiện', status: 'Trạng thái', attempts: 'Lần thử', nextRetry: 'Thử lại lúc',
    created: 'Tạo lúc', actions: 'Thao tác', replay: 'Gửi lại', replayOne: 'Gửi lại {{event}} {{id}}', replayed: 'Đã xếp hàng gửi lại sự kiện',
    noAttempt: 'Chưa thử gửi', attempt: 'Lần {{n}} {{at}} · {{status}} · {{ms}} ms',
  },
};
