/** Portal catalogue, domain "announcements" (Vietnamese). */
export const announcementsVi = {
  nav: { announcements: 'Thông cáo' },
  title: 'Thông cáo',
  subtitle: 'Thông cáo được gửi đến mọi người dùng ứng dụng của tenant trong ứng dụng và qua thông báo đẩy.',
  compose: 'Thông cáo mới', composeTitle: 'Soạn thông cáo', tenant: 'Tenant', titleField: 'Tiêu đề', message: 'Nội dung',
  send: 'Gửi', cancel: 'Hủy', sentOk: 'Đã gửi thông cáo: đang chuyển đến mọi người dùng ứng dụng',
  table: 'Thông cáo đã gửi', empty: 'Chưa có thông cáo nào được gửi.', total: '{{count}} thông cáo',
  createdAt: 'Thời gian gửi', createdBy: 'Người gửi', status: 'Trạng thái', recipients: 'Người nhận', inApp: 'Trong ứng dụng', push: 'Thông báo đẩy',
  counts: '{{sent}} đã gửi · {{pending}} đang chờ · {{failed}} thất bại',
  statuses: { pending: 'Đang chờ', sending: 'Đang gửi', sent: 'Đã gửi' },
  pagination: 'Phân trang', previousPage: 'Trang trước', nextPage: 'Trang sau', firstPage: 'Trang đầu', lastPage: 'Trang cuối', page: 'Trang {{n}}',
};
