import type { codePackagesEn } from './code-packages-en.ts';

/** Portal catalogue, domain "code packages" (Vietnamese). */
export const codePackagesVi: typeof codePackagesEn = {
  nav: { list: 'Gói mã' },
  types: { SERVICE_PACKAGE: 'Gói dịch vụ', COUPON: 'Phiếu ưu đãi' },
  statuses: { not_paid: 'Chưa thanh toán', paid: 'Đã thanh toán', used: 'Đã sử dụng', locked: 'Đã khóa' },
  fields: {
    name: 'Tên', type: 'Loại', totalCodes: 'Tổng số mã', availableFrom: 'Ngày bắt đầu sử dụng', expiresOn: 'Ngày hết hạn', benefits: 'Quyền lợi',
    totalVouchers: 'Tổng số phiếu', recipientOrganization: 'Tổ chức nhận', upgradePackageId: 'Gói nâng cấp', upgradeMonths: 'Số tháng được cấp',
    createdBy: 'Người tạo', createdAt: 'Ngày tạo', seriesPrefix: 'Sê-ri',
  },
  list: {
    title: 'Gói mã', subtitle: 'Các lô mã kích hoạt dành cho tổ chức; mỗi mã nâng cấp một tài khoản ứng dụng một lần.', new: 'Tạo gói mã',
    search: 'Tìm theo tên hoặc tổ chức', type: 'Loại', all: 'Tất cả', table: 'Danh sách gói mã', empty: 'Chưa có gói mã nào.', emptyFiltered: 'Không có gói mã phù hợp với bộ lọc.',
    open: 'Mở gói mã {{name}}', codes: 'Số mã', used: 'Đã dùng', total_one: '{{count}} gói mã', total_other: '{{count}} gói mã',
    page: 'Trang {{page}}/{{pages}}', previous: 'Trang trước', next: 'Trang sau',
  },
  form: {
    title: 'Tạo gói mã', intro: 'Tất cả các trường đều bắt buộc. Mã sẽ được tạo khi bạn lưu.', choosePlan: 'Chọn gói…', chooseType: 'Chọn loại…',
    save: 'Tạo và sinh mã', cancel: 'Hủy', created: 'Đã tạo gói mã với {{count}} mã', monthsHint: 'Từ 1 đến 60 tháng',
  },
  detail: {
    back: 'Quay lại danh sách gói mã', export: 'Xuất .xlsx', exportFailed: 'Không tải được tệp xuất', grants: '{{plan}} trong {{months}} tháng',
    period: '{{from}} – {{to}}', info: 'Thông tin gói', statistics: 'Thống kê', codes: 'Danh sách mã',
  },
  codes: {
    table: 'Các mã của gói', status: 'Trạng thái', search: 'Tìm mã hoặc sê-ri', all: 'Tất cả', series: 'Sê-ri', code: 'Mã', purchasedAt: 'Ngày mua',
    activatedAt: 'Ngày kích hoạt', redeemedBy: 'Người sử dụng', none: '—', select: 'Chọn mã {{series}}', selectPage: 'Chọn tất cả mã trên trang này',
    selected_one: 'Đã chọn {{count}} mã', selected_other: 'Đã chọn {{count}} mã', markPaid: 'Đánh dấu đã thanh toán', markNotPaid: 'Đánh dấu chưa thanh toán', lock: 'Khóa',
    range: 'Khoảng sê-ri', from: 'Từ số', to: 'Đến số', applyRange: 'Áp dụng cho khoảng', action: 'Thao tác',
    done: 'Đã thay đổi {{updated}} mã, bỏ qua {{skipped}} mã (mã đã sử dụng không thể thay đổi)', confirmLock: 'Khóa {{count}} mã? Mã bị khóa không thể kích hoạt.',
    confirm: 'Xác nhận', empty: 'Không có mã phù hợp với bộ lọc.',
  },
  stats: {
    total: 'Tổng', notPaid: 'Chưa thanh toán', paid: 'Đã thanh toán', used: 'Đã sử dụng', locked: 'Đã khóa', byMonth: 'Số lượt kích hoạt theo tháng', month: 'Tháng',
    redemptions: 'Lượt kích hoạt', noRedemptions: 'Chưa có mã nào được kích hoạt.',
  },
};
