import type { AppAnnouncementsMessages } from './announcements-en.ts';

/** Patient app: thông cáo từ phòng khám (Vietnamese). */
export const appAnnouncementsVi: AppAnnouncementsMessages = {
  title: 'Thông cáo',
  link: 'Thông cáo',
  empty: 'Chưa có thông cáo nào.',
  more: 'Xem thêm',
  list: 'Thông cáo, mới nhất trước',
};
