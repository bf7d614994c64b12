/** Danh mục cổng nhân viên, bảo mật (issue 14): thứ bậc vai trò và mã một lần được che trong Tin nhắn. */
export const securityVi = {
  roles: {
    notBelow: 'Vai trò này ngang hoặc cao hơn vai trò của bạn: bạn có thể xem quyền nhưng không thể thay đổi.',
    topRole: 'Không thể tắt quyền của vai trò này. Bạn có thể bật các quyền mà chính bạn đang có.',
  },
  messages: {
    masked: 'Mã một lần và mật khẩu tạm thời được ẩn.',
    reveal: 'Hiện mã',
    revealOf: 'Hiện mã đã gửi tới {{recipient}}',
    revealed: 'Đã hiện mã: việc này được ghi vào nhật ký kiểm tra.',
  },
};
