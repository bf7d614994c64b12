/** Portal catalogue, domain "feedback" (Vietnamese). */
export const feedbackVi = {
  nav: { feedback: 'Góp ý' },
  title: 'Góp ý',
  subtitle: 'Báo lỗi và góp ý cải tiến gửi từ ứng dụng bệnh nhân.',
  kind: 'Loại', category: 'Danh mục', handled: 'Đã xử lý', all: 'Tất cả', handledYes: 'Đã xử lý', handledNo: 'Chưa xử lý',
  kinds: { ERROR: 'Lỗi', IMPROVE: 'Cải tiến' },
  categories: { SOFTWARE: 'Phần mềm', HARDWARE: 'Phần cứng', SERVICE: 'Dịch vụ' },
  table: 'Góp ý', empty: 'Không có góp ý nào phù hợp bộ lọc.', total: '{{count}} góp ý',
  createdAt: 'Thời gian gửi', sender: 'Người gửi', description: 'Mô tả', suggestion: 'Đề xuất', status: 'Trạng thái', image: 'Hình ảnh',
  open: 'Mở góp ý của {{name}}', anonymous: 'Tài khoản đã xóa', none: '—',
  detailTitle: 'Góp ý', back: 'Quay lại danh sách', notFound: 'Góp ý này không tồn tại.',
  openImage: 'Mở hình ảnh trong thẻ mới', imageAlt: 'Hình ảnh đính kèm góp ý', noImage: 'Không có hình ảnh đính kèm', imageFailed: 'Không tải được hình ảnh.',
  markHandled: 'Đánh dấu đã xử lý', handledOk: 'Đã đánh dấu góp ý là đã xử lý', handledBy: '{{name}} đã xử lý lúc {{at}}', notHandled: 'Chưa xử lý',
  contact: 'Liên hệ',
  pagination: 'Phân trang', previousPage: 'Trang trước', nextPage: 'Trang sau', firstPage: 'Trang đầu', lastPage: 'Trang cuối', page: 'Trang {{n}}',
};
