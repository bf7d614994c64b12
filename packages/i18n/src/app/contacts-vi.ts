import type { AppContactsMessages } from './contacts-en.ts';

/** Patient app: contacts screens (Vietnamese). */
export const appContactsVi: AppContactsMessages = {
  title: 'Danh bạ',
};
