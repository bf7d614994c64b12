import type { transactionsEn } from './transactions-en.ts';

/** Portal catalogue, domain "transactions" (Vietnamese). */
export const transactionsVi: typeof transactionsEn = {
  nav: { transactions: 'Giao dịch', reconciliation: 'Đối soát' },
  status: { failed: 'Thất bại', pending: 'Đang chờ', success: 'Thành công', refund: 'Hoàn tiền' },
  channels: { ALL: 'Tất cả kênh', APP: 'Ứng dụng', PORTAL: 'Cổng quản trị', CODE: 'Mã kích hoạt' },
  providers: { VIETTEL_PAY: 'Viettel Pay', VN_PAY: 'VNPay', BCCS: 'BCCS', IKITECH: 'IKITECH', STRIPE: 'Stripe', SANDBOX: 'Thử nghiệm (sandbox)' },
  itemTypes: { SERVICE_PACKAGE: 'Gói dịch vụ', COUPON: 'Phiếu ưu đãi' },
  categories: { plan: 'Gói dịch vụ', addon: 'Gói bổ sung' },
  currencies: { VND: 'VND (đ)', USD: 'USD ($)', CAD: 'CAD ($)' },
  list: {
    title: 'Giao dịch', subtitle: 'Các khoản thanh toán gói dịch vụ và gói bổ sung của khách hàng.',
    status: 'Trạng thái', all: 'Tất cả', method: 'Phương thức thanh toán', channel: 'Kênh', from: 'Từ ngày', to: 'Đến ngày', search: 'Khách hàng',
    searchPlaceholder: 'Tên, số điện thoại hoặc mã đơn hàng', total: '{{count}} giao dịch', empty: 'Chưa có giao dịch nào.',
    emptyFiltered: 'Không có giao dịch nào khớp bộ lọc.', clear: 'Xóa bộ lọc', table: 'Giao dịch', open: 'Mở giao dịch {{code}}',
    export: 'Xuất tệp', pagination: 'Trang', page: 'Trang {{n}}', firstPage: 'Trang đầu', previousPage: 'Trang trước', nextPage: 'Trang sau',
    lastPage: 'Trang cuối', sortBy: 'Sắp xếp theo {{column}}', sortedAsc: '{{column}}, tăng dần', sortedDesc: '{{column}}, giảm dần',
    toBeforeFrom: 'Ngày kết thúc phải bằng hoặc sau ngày bắt đầu',
  },
  columns: {
    code: 'Mã đơn hàng', time: 'Thời gian', customer: 'Khách hàng', phone: 'Số điện thoại', package: 'Gói', method: 'Phương thức', channel: 'Kênh',
    total: 'Tổng tiền', status: 'Trạng thái',
  },
  detail: {
    title: 'Giao dịch {{code}}', back: 'Quay lại danh sách giao dịch', notFound: 'Giao dịch này không tồn tại.',
    orderCode: 'Mã đơn hàng', customer: 'Khách hàng', phone: 'Số điện thoại', email: 'Email', package: 'Gói dịch vụ', method: 'Phương thức thanh toán',
    amount: 'Số tiền', tax: 'Thuế', total: 'Tổng tiền', createdAt: 'Thời gian', paidAt: 'Thời gian thanh toán', status: 'Trạng thái', referenceId: 'Mã tham chiếu',
    merchant: 'Đơn vị chấp nhận', responseCode: 'Mã phản hồi', responseMessage: 'Thông điệp phản hồi', channel: 'Kênh', category: 'Danh mục',
    items: 'Các mục', itemType: 'Loại', itemName: 'Tên', months: 'Số tháng', quantity: 'Số lượng', itemAmount: 'Số tiền',
  },
  export: {
    title: 'Xuất giao dịch', channel: 'Kênh thanh toán', from: 'Từ ngày', to: 'Đến ngày', attributes: 'Thuộc tính',
    attributesHint: 'Chọn các cột của tệp (ít nhất một).', selectAll: 'Chọn tất cả', submit: 'Xuất tệp', cancel: 'Hủy',
    done: 'Đã tải tệp xuống.', required: 'Bắt buộc', atLeastOne: 'Chọn ít nhất một thuộc tính', chooseChannel: 'Chọn…',
  },
  attributes: {
    code: 'Mã đơn hàng', createdAt: 'Thời gian', paidAt: 'Thời gian thanh toán', customerName: 'Khách hàng', phone: 'Số điện thoại', packageName: 'Gói dịch vụ',
    category: 'Danh mục', itemType: 'Loại mục', provider: 'Phương thức thanh toán', channel: 'Kênh', amount: 'Số tiền', tax: 'Thuế', total: 'Tổng tiền',
    currency: 'Tiền tệ', status: 'Trạng thái', referenceId: 'Mã tham chiếu', merchant: 'Đơn vị chấp nhận', responseCode: 'Mã phản hồi', responseMessage: 'Thông điệp phản hồi',
  },
  rec: {
    title: 'Đối soát', subtitle: 'So sánh tệp quyết toán của đơn vị thanh toán với giao dịch của chúng ta.',
    upload: 'Tải lên tệp quyết toán', provider: 'Đơn vị thanh toán', currency: 'Tiền tệ', file: 'Tệp quyết toán (.csv hoặc .xlsx)',
    fileHint: 'Các cột: mã đơn hàng, số tiền, mã tham chiếu, ngày. Tối đa 10 MB.', submit: 'Đối soát', chooseProvider: 'Chọn…',
    problems: {
      code_missing: 'thiếu mã đơn hàng', code_too_long: 'mã đơn hàng quá dài', amount_invalid: 'số tiền không hợp lệ với loại tiền đã chọn',
      date_invalid: 'ngày không hợp lệ (YYYY-MM-DD hoặc dd/MM/yyyy)', reference_too_long: 'mã tham chiếu quá dài', code_repeated: 'mã đơn hàng đã có ở dòng {{line}}',
    },
    badLines: 'Không đọc được các dòng sau:', badLine: 'Dòng {{line}}: {{reason}}', missingColumns: 'Dòng tiêu đề thiếu: {{columns}}',
    history: 'Các lần đối soát trước', historyEmpty: 'Chưa có lần đối soát nào.', createdAt: 'Tải lên lúc', fileName: 'Tệp', period: 'Khoảng thời gian',
    lines: 'Số dòng', by: 'Người tải', unresolved: 'Chưa xử lý', open: 'Mở lần đối soát tệp {{file}}',
    detailTitle: 'Đối soát tệp {{file}}', back: 'Quay lại danh sách đối soát', summary: '{{provider}}, {{from}} – {{to}}, {{lines}} dòng',
    groups: { matched: 'Khớp', missing_ours: 'Thiếu ở phía chúng ta', missing_theirs: 'Thiếu ở phía đối tác', amount_mismatch: 'Lệch số tiền' },
    tab: '{{group}} ({{count}})', unresolvedOnly: 'Chỉ mục chưa xử lý', empty: 'Nhóm này không có mục nào.',
    line: 'Dòng', orderCode: 'Mã đơn hàng', fileAmount: 'Số tiền trong tệp', ourAmount: 'Số tiền của chúng ta', ourStatus: 'Trạng thái của chúng ta', reference: 'Mã tham chiếu',
    date: 'Ngày', resolution: 'Xử lý', notHere: 'Không có ở đây', resolve: 'Xử lý', resolveItem: 'Xử lý {{code}}',
    note: 'Ghi chú', save: 'Xác nhận xử lý', cancel: 'Hủy', resolvedBy: '{{name}}, {{time}}', resolved: 'Đã xử lý', items: 'Các mục của nhóm',
  },
};
