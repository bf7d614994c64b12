import type { AppFollowedMessages } from './followed-en.ts';

/** Patient app: followed screens (Vietnamese). */
export const appFollowedVi: AppFollowedMessages = {
  title: 'Người tôi theo dõi',
  tabs: { emergency: 'Bảng khẩn cấp', caring: 'Bảng chăm sóc' },
  empty: {
    emergency: 'Bạn chưa là liên hệ khẩn cấp của ai.',
    caring: 'Bạn chưa là người chăm sóc của ai.',
  },
  openAlert: 'Cảnh báo đang mở: {{level}} từ {{when}}',
  noAlert: 'Không có cảnh báo đang mở',
  lastReading: 'Lần đo gần nhất {{ago}}',
  noReading: 'Chưa có lần đo nào',
  view: 'Xem {{name}}',
  relations: { self: 'Tôi', sub_user: 'Người dùng phụ', emergency: 'Liên hệ khẩn cấp', caring: 'Người chăm sóc' },
  switch: {
    label: 'Đang xem',
    me: 'Tôi',
    banner: 'Đang xem dữ liệu của {{name}}',
    back: 'Quay lại dữ liệu của tôi',
  },
  homeFollowerIntro: 'Tài khoản này theo dõi người khác. Chọn một người để xem dữ liệu của họ.',
  sos: {
    title: 'Ca SOS',
    reason: 'Lý do',
    reasons: {
      sos_level: 'Chỉ số ở mức SOS',
      sos_button: 'Nút SOS',
      send_sos: '"Gửi SOS cho người theo dõi" khi có cảnh báo nguy cơ cao',
    },
    status: { open: 'Đang mở', closed: 'Đã đóng' },
    opened: 'Mở lúc {{when}}',
    closed: 'Đóng lúc {{when}}',
    message: 'Tin nhắn',
    recording: 'Ghi âm',
    vitals: 'Chỉ số sinh tồn lúc đó',
    noVitals: 'Không có lần đo nào trong 24 giờ trước ca này.',
    locations: 'Vị trí SOS',
    noLocation: 'Không có vị trí được gửi.',
    openMap: 'Mở trên bản đồ',
    accuracy: '± {{m}} m',
    timeline: 'Diễn biến',
    open: 'Mở ca SOS',
  },
};
