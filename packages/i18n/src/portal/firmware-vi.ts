import type { firmwareEn } from './firmware-en.ts';

/** Portal catalogue, domain "firmware": watch firmware and watch-face packages (issue 21) (Vietnamese). */
export const firmwareVi: typeof firmwareEn = {
  nav: { list: 'Phần mềm đồng hồ' },
  title: 'Phần mềm và mặt đồng hồ',
  subtitle:
    'Các gói ứng dụng gửi tới đồng hồ GT2 và GT5. Phần mềm hiện hành được đề xuất cho đồng hồ có phiên bản cũ hơn.',
  upload: 'Tải gói lên',
  empty: 'Chưa có gói nào.',
  table: 'Gói phần mềm và mặt đồng hồ',
  filterModel: 'Dòng máy',
  filterKind: 'Loại',
  all: 'Tất cả',
  kinds: { firmware: 'Phần mềm', watch_face: 'Mặt đồng hồ' },
  fields: {
    model: 'Dòng máy',
    kind: 'Loại',
    version: 'Phiên bản',
    name: 'Tên',
    notes: 'Ghi chú',
    file: 'Tệp gói',
    current: 'Hiện hành',
    size: 'Dung lượng',
    uploaded: 'Ngày tải lên',
    sha256: 'SHA-256',
  },
  versionHint: 'Như đồng hồ báo, ví dụ 5.2.0',
  nameHint: 'Hiển thị trong ứng dụng cho mặt đồng hồ',
  fileHint: 'Gói .cwpk, tối đa 8 MB; phần đầu gói phải ghi cùng dòng máy, loại và phiên bản',
  isCurrent: 'Hiện hành',
  markCurrent: 'Đặt làm hiện hành',
  markCurrentLabel: 'Đặt {{model}} {{kind}} {{version}} làm hiện hành',
  markedCurrent: '{{model}} {{kind}} {{version}} đã là bản hiện hành',
  uploaded: 'Đã tải lên gói {{version}}',
  save: 'Tải lên',
  by: 'bởi {{name}}',
};
