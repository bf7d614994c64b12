import type { followersEn } from './followers-en.ts';

/** Người theo dõi bệnh nhân (phía nhân viên). */
export const followersVi: typeof followersEn = {
  tab: 'Người theo dõi',
  title: 'Người theo dõi',
  subtitle: 'Những người theo dõi bệnh nhân và nhận cảnh báo của họ, theo thiết lập của bệnh nhân trong ứng dụng.',
  table: 'Người theo dõi bệnh nhân',
  name: 'Họ tên',
  kind: 'Loại',
  relationship: 'Quan hệ',
  phone: 'Số điện thoại',
  account: 'Tài khoản',
  status: 'Trạng thái',
  since: 'Từ ngày',
  channels: 'Kênh cảnh báo',
  registered: 'Tài khoản CareWatch',
  numberOnly: 'Chỉ số điện thoại',
  noChannels: 'Không có',
  empty: 'Chưa có ai theo dõi bệnh nhân này (hoặc bệnh nhân chưa có tài khoản ứng dụng).',
  kinds: { emergency: 'Liên hệ khẩn cấp', caring: 'Người chăm sóc', family_doctor: 'Bác sĩ gia đình', specialist: 'Bác sĩ chuyên khoa', coach: 'Huấn luyện viên' },
  statuses: { pending: 'Đang chờ', accepted: 'Đã chấp nhận', rejected: 'Đã từ chối', cancelled: 'Đã hủy', removed: 'Đã xóa' },
  relationships: {
    father: 'Bố', mother: 'Mẹ', son: 'Con trai', daughter: 'Con gái', husband: 'Chồng', wife: 'Vợ', sister: 'Chị/em gái',
    relative: 'Họ hàng', friend: 'Bạn bè', other: 'Khác',
  },
};
