import type { TPaymentResult } from '@carewatch/contracts/payment-results';

/** Payment result texts, app and portal (Vietnamese). */
export const appPaymentResultsVi: Record<TPaymentResult, string> = {
  success: 'Thanh toán thành công.',
  insufficient_balance: 'Tài khoản của bạn không đủ số dư.',
  wrong_otp: 'Nhập sai mã OTP. Vui lòng thử lại.',
  suspected_fraud: 'Giao dịch đã trừ tiền nhưng bị nghi ngờ gian lận; vui lòng liên hệ ngân hàng.',
  not_registered_online_banking: 'Thẻ hoặc tài khoản chưa đăng ký dịch vụ Internet Banking.',
  verification_failed_3_times: 'Xác thực thông tin thẻ hoặc tài khoản không đúng quá 3 lần.',
  timeout: 'Đã hết thời gian chờ thanh toán. Vui lòng thử lại.',
  locked: 'Thẻ hoặc tài khoản của bạn bị khóa.',
  cancelled: 'Bạn đã hủy giao dịch.',
  wrong_password_too_many: 'Nhập sai mật khẩu thanh toán quá số lần quy định.',
  over_daily_limit: 'Tài khoản đã vượt quá hạn mức giao dịch trong ngày.',
  bank_maintenance: 'Ngân hàng thanh toán đang bảo trì.',
  incomplete: 'Giao dịch chưa hoàn tất.',
  error: 'Giao dịch bị lỗi.',
  reversed: 'Giao dịch đã bị đảo (số tiền không khớp).',
  settled: 'Giao dịch đã được quyết toán.',
  unknown: 'Kết quả thanh toán không xác định.',
};
