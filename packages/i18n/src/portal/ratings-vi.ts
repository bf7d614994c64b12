/** Portal catalogue, domain "ratings" (Vietnamese). */
export const ratingsVi = {
  nav: { ratings: 'Đánh giá và nhận xét' },
  title: 'Đánh giá và nhận xét',
  subtitle: 'Đánh giá của bệnh nhân về bác sĩ (1 đến 5 sao). Nhận xét bị báo cáo sẽ bị ẩn khỏi điểm trung bình và ứng dụng cho đến khi được khôi phục.',
  doctor: 'Bác sĩ', allDoctors: 'Tất cả bác sĩ', stars: 'Số sao', allStars: 'Tất cả', starsOption: '{{count}} sao', reportedFilter: 'Báo cáo',
  reportedAll: 'Tất cả', reportedYes: 'Đã báo cáo', reportedNo: 'Chưa báo cáo', from: 'Từ ngày', to: 'Đến ngày',
  table: 'Đánh giá', empty: 'Không có đánh giá nào phù hợp bộ lọc.', total: '{{count}} đánh giá',
  author: 'Bệnh nhân', comment: 'Nhận xét', createdAt: 'Thời gian đánh giá', status: 'Trạng thái', actions: 'Thao tác', visible: 'Hiển thị', reported: 'Đã báo cáo',
  reportedBy: '{{name}} đã báo cáo: {{message}}', starsLabel: '{{count}}/5 sao', noComment: '—',
  report: 'Báo cáo', restore: 'Khôi phục', reportLabel: 'Báo cáo nhận xét của {{name}}', restoreLabel: 'Khôi phục nhận xét của {{name}}',
  reportTitle: 'Báo cáo nhận xét vi phạm', reportMessage: 'Nội dung báo cáo', reportSubmit: 'Báo cáo', cancel: 'Hủy',
  reportedOk: 'Đã báo cáo nhận xét: không tính vào điểm trung bình', restoredOk: 'Đã khôi phục nhận xét',
  average: 'Đánh giá', averageValue: '{{average}} / 5 ({{count}} đánh giá)', noRatings: 'Chưa có đánh giá',
  pagination: 'Phân trang', previousPage: 'Trang trước', nextPage: 'Trang sau', firstPage: 'Trang đầu', lastPage: 'Trang cuối', page: 'Trang {{n}}',
};
