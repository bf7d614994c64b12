import type { FieldRuleKey } from '@carewatch/contracts/field-rules';
import { fieldRulesVi } from '../portal/field-rules-vi.ts';

/** Patient app catalogue (Vietnamese), domain "fieldRules": the portal's messages, in the app's wording where it has one. */
export const appFieldRulesVi: Record<FieldRuleKey, string> = {
  ...fieldRulesVi,
  required: 'Không được để trống',
  minLength: 'Tối thiểu {{n}} ký tự',
  maxLength: 'Tối đa {{n}} ký tự',
  email: 'E-mail không hợp lệ',
  otp: 'Hãy nhập đủ mã 6 chữ số',
  birthday: 'Ngày sinh không hợp lệ',
  birthdayFuture: 'Ngày sinh không được sau ngày hôm nay',
  gender: 'Hãy chọn giới tính',
  acceptTerms: 'Bạn phải đồng ý với điều khoản sử dụng',
  passwordMismatch: 'Mật khẩu xác nhận không khớp',
};
