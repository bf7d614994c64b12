import type { PaymentConfigMessages } from './payment-config-en.ts';

/** Portal catalogue, domain "paymentConfig" (Vietnamese). */
export const paymentConfigVi: PaymentConfigMessages = {
  nav: 'Phương thức thanh toán',
  title: 'Phương thức thanh toán',
  intro:
    'Thiết lập thanh toán theo thứ tự: xác minh đối tác, sau đó xác minh phương thức thanh toán, rồi đặt thuế suất.',
  tenant: 'Đơn vị',
  steps: { partner: '1. Đối tác', method: '2. Phương thức thanh toán', tax: '3. Thuế' },
  status: {
    verified: 'Đã xác minh',
    notVerified: 'Chưa xác minh',
    set: 'Đã đặt',
    notSet: 'Chưa đặt',
    done: 'Đã thiết lập xong',
    sandboxOn: 'Thanh toán thử nghiệm (sandbox) đang bật (chưa xác minh phương thức thanh toán thật).',
    sandboxOff: 'Thanh toán thử nghiệm (sandbox) đang tắt.',
    next: 'Bước tiếp theo: {{step}}',
  },
  partner: {
    title: 'Xác minh đối tác',
    partnerId: 'Mã đối tác (mã đơn vị)',
    apiKey: 'Khóa API',
    submit: 'Xác minh đối tác',
    done: 'Đã xác minh đối tác.',
  },
  method: {
    title: 'Xác minh phương thức thanh toán',
    method: 'Phương thức',
    accessKey: 'Khóa truy cập',
    shareKey: 'Khóa chia sẻ',
    secretKey: 'Khóa bí mật',
    callbackUrl: 'URL gọi lại',
    submit: 'Xác minh phương thức thanh toán',
    done: 'Đã xác minh phương thức thanh toán.',
    needsPartner: 'Vui lòng xác minh đối tác trước.',
    methods: { stripe: 'Stripe', vnpay: 'VNPay', sandbox: 'Sandbox (thanh toán thử)' },
    hints: {
      stripe:
        'Khóa truy cập: khóa công khai pk_test_/pk_live_; khóa bí mật: sk_test_/sk_live_ (cùng chế độ); khóa chia sẻ: khóa ký webhook whsec_….',
      vnpay:
        'Khóa truy cập: TmnCode (8 chữ hoặc số); khóa bí mật: chuỗi bí mật tạo checksum (32 chữ hoặc số); khóa chia sẻ: URL thanh toán VNPay (https).',
      sandbox: 'Khóa truy cập: tên bất kỳ; khóa bí mật: khóa ký dài ít nhất 16 ký tự; khóa chia sẻ: văn bản bất kỳ.',
    },
  },
  tax: {
    title: 'Thuế',
    rate: 'Thuế suất (%)',
    rateHint: 'Tối đa hai chữ số thập phân, ví dụ 10 hoặc 8,5',
    submit: 'Lưu thuế suất',
    done: 'Đã lưu thuế suất.',
    needsMethod: 'Vui lòng xác minh phương thức thanh toán trước.',
    current: 'Thuế suất hiện tại: {{rate}} %',
  },
  info: {
    title: 'Thông tin phương thức thanh toán',
    empty: 'Chưa có phương thức thanh toán nào được xác minh.',
    partner: 'Đối tác',
    columns: {
      method: 'Phương thức',
      accessKey: 'Khóa truy cập',
      shareKey: 'Khóa chia sẻ',
      secretKey: 'Khóa bí mật',
      callbackUrl: 'URL gọi lại',
      verifiedAt: 'Thời điểm xác minh',
    },
  },
  loadFailed: 'Không thể tải cấu hình thanh toán',
};
