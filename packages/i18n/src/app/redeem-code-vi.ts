import type { AppRedeemCodeMessages } from './redeem-code-en.ts';

/** Patient app: redeem a code (Vietnamese). */
export const appRedeemCodeVi: AppRedeemCodeMessages = {
  title: 'Nhập mã kích hoạt',
  intro: 'Nhập mã bạn nhận được từ tổ chức của bạn. Mỗi mã chỉ dùng được một lần và sẽ nâng cấp gói dịch vụ của bạn.',
  label: 'Mã',
  hint: '12 chữ cái và chữ số, ví dụ ABCD-EFGH-JKLM. Không bắt buộc nhập khoảng trắng và dấu gạch.',
  placeholder: 'ABCD-EFGH-JKLM',
  submit: 'Kích hoạt',
  required: 'Vui lòng nhập mã',
  tooShort: 'Mã gồm 12 chữ cái và chữ số',
  successTitle: 'Kích hoạt mã thành công',
  success: 'Gói dịch vụ của bạn hiện là {{plan}} trong {{months}} tháng.',
  endsAt: 'Có hiệu lực đến {{date}}',
  viewSubscription: 'Xem gói dịch vụ của tôi',
  another: 'Nhập mã khác',
  back: 'Quay lại',
  tooMany: 'Bạn đã thử quá nhiều lần. Vui lòng đợi vài phút rồi thử lại.',
};
