import type { AppDashboardsMessages } from './dashboards-en.ts';

/** Patient app: coach and doctor dashboards, sport profile (Vietnamese). */
export const appDashboardsVi: AppDashboardsMessages = {
  coach: {
    title: 'Đội của tôi',
    intro: 'Các vận động viên đã tham gia đội của bạn. Chạm vào một vận động viên để xem dữ liệu (chỉ xem).',
    players: 'Vận động viên',
    empty:
      'Chưa có vận động viên nào tham gia đội của bạn. Vận động viên tham gia bằng cách gửi yêu cầu huấn luyện viên từ Danh bạ.',
    noTeam: 'Chưa đặt tên đội',
    rank: 'Hạng: {{rank}}',
    skill: 'Kỹ năng: {{skill}}',
    week: '7 ngày qua',
    teamWeek: 'Cả đội, 7 ngày qua',
    noSession: 'Không có buổi tập nào trong 7 ngày qua',
  },
  doctor: {
    title: 'Bệnh nhân của tôi',
    intro: 'Bệnh nhân của bạn, khẩn cấp nhất trước. Chạm vào một bệnh nhân để xem dữ liệu (chỉ xem).',
    empty: 'Bạn chưa có bệnh nhân nào.',
    code: 'Mã {{code}}',
    total: 'Số bệnh nhân: {{count}}',
    more: 'Xem thêm',
  },
  load: {
    sessions: 'Số buổi tập: {{count}}',
    duration: '{{h}} giờ {{m}} phút',
    distanceKm: '{{value}} km',
    distanceMi: '{{value}} dặm',
    calories: '{{value}} kcal',
  },
  alerts: 'Cảnh báo đang mở: {{count}}',
  view: 'Xem {{name}}',
  back: 'Quay lại danh sách',
  join: {
    title: 'Tham gia đội của huấn luyện viên',
    intro:
      'Đề nghị huấn luyện viên thêm bạn vào đội: nhập số điện thoại tài khoản CareWatch của họ. Khi họ đồng ý, họ sẽ xem được các buổi tập, cảnh báo và chỉ số mới nhất của bạn.',
    phone: 'Số điện thoại của huấn luyện viên',
    submit: 'Gửi yêu cầu',
    open: 'Tham gia đội của huấn luyện viên',
  },
  profile: {
    title: 'Hồ sơ thể thao',
    intro: 'Đội, câu lạc bộ, hạng và kỹ năng của bạn, hiển thị cho huấn luyện viên.',
    teamName: 'Tên đội',
    clubName: 'Câu lạc bộ',
    rank: 'Hạng',
    skill: 'Kỹ năng',
    save: 'Lưu',
    saved: 'Đã lưu hồ sơ thể thao',
    open: 'Hồ sơ thể thao',
  },
};
