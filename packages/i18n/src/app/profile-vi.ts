import type { AppProfileMessages } from './profile-en.ts';

/** Patient app: profile screens (Vietnamese). */
export const appProfileVi: AppProfileMessages = {
  title: 'Hồ sơ',
};
