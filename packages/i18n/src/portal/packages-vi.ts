import type { packagesEn } from './packages-en.ts';

/** Portal catalogue, domain "packages" (Vietnamese). */
export const packagesVi: typeof packagesEn = {
  nav: { plans: 'Gói dịch vụ', addons: 'Gói bổ sung' },
  kinds: { plan: 'Gói dịch vụ', addon: 'Gói bổ sung' },
  tiers: { standard: 'Tiêu chuẩn', silver: 'Bạc', gold: 'Vàng' },
  features: {
    medical_records: 'Hồ sơ bệnh án', doctor_requests: 'Yêu cầu bác sĩ', video_visits: 'Khám qua video', health_report: 'Báo cáo sức khỏe',
  },
  fields: {
    code: 'Mã gói', name: 'Tên', tier: 'Hạng', currency: 'Tiền tệ', icon: 'Biểu tượng', description: 'Mô tả', features: 'Tính năng',
    options: 'Các lựa chọn giá', months: 'Số tháng', monthlyPrice: 'Giá mỗi tháng', addonUses: 'Số lượt mỗi gói', addonPrice: 'Giá mỗi gói',
    limits: 'Giới hạn', timeMinutes: 'Thời gian (phút)', storageMb: 'Dung lượng (MB)', uses: 'Số lượt', status: 'Trạng thái', price: 'Giá',
  },
  list: {
    plansTitle: 'Gói dịch vụ', plansSubtitle: 'Các gói dịch vụ khách hàng đăng ký. Tài khoản chưa mua gói nào dùng gói Zero.',
    addonsTitle: 'Gói bổ sung', addonsSubtitle: 'Các gói lượt sử dụng thêm khách hàng mua kèm gói dịch vụ.',
    newPlan: 'Thêm gói dịch vụ', newAddon: 'Thêm gói bổ sung', table: 'Gói dịch vụ', addonsTable: 'Gói bổ sung', empty: 'Chưa có gói nào.',
    enabled: 'Đang bật', disabled: 'Đã tắt', default: 'Mặc định', edit: 'Sửa {{name}}', toggle: 'Bật: {{name}}',
    free: 'Miễn phí', perMonth: '{{price}} / tháng', optionLine: '{{months}} tháng: {{price}} / tháng', uses: '{{count}} lượt giá {{price}}',
    unlimited: 'Không giới hạn',
    confirmDisableTitle: 'Tắt {{name}}?', confirmDisable: 'Khách hàng sẽ không chọn được gói này nữa. Các gói đang dùng không thay đổi. Bạn có thể bật lại bất cứ lúc nào.',
    confirmEnableTitle: 'Bật {{name}}?', confirmEnable: 'Khách hàng có thể chọn lại gói này.',
    confirm: 'Xác nhận', cancel: 'Hủy', enabledToast: 'Đã bật {{name}}', disabledToast: 'Đã tắt {{name}}',
  },
  form: {
    newPlan: 'Thêm gói dịch vụ', newAddon: 'Thêm gói bổ sung', editTitle: 'Sửa {{name}}', back: 'Quay lại danh sách',
    addOption: 'Thêm lựa chọn', removeOption: 'Xóa lựa chọn {{n}}', option: 'Lựa chọn {{n}}', limitsHint: '-1 nghĩa là không giới hạn',
    priceHint: 'Theo {{currency}} ({{digits}} chữ số thập phân)', defaultHint: 'Gói Zero mặc định luôn miễn phí và không có tính năng.',
    save: 'Lưu', cancel: 'Hủy', created: 'Đã tạo gói {{name}}', saved: 'Đã lưu gói {{name}}', notFound: 'Không tìm thấy gói',
    chooseIcon: 'Không có biểu tượng',
  },
  validation: { code: 'Chỉ gồm chữ, số, - và _ (không có dấu cách)', name: 'Chỉ gồm chữ, số, dấu cách, - và _' },
  icons: { zero: 'Zero', basic: 'Cơ bản', star: 'Ngôi sao', heart: 'Trái tim', shield: 'Khiên', video: 'Video', report: 'Báo cáo' },
};
