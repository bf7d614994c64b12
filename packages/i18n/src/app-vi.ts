import type { AppMessages } from './app-en.ts';

/** Patient app catalogue (Vietnamese). */
export const appVi: AppMessages = {
  shell: {
    title: 'CareWatch',
    tagline: 'Sức khỏe của bạn, luôn được theo dõi.',
    comingSoon: 'Ứng dụng cho bệnh nhân đang được xây dựng. Trong lúc chờ, nhân viên có thể dùng cổng quản trị.',
    openPortal: 'Mở cổng nhân viên',
    language: 'Ngôn ngữ',
  },
};
