/** Patient app: contacts screens (English, US). Wired into `en.ts` as `contacts`. */
export const appContactsEn = {
  title: 'Contacts',
};
export type AppContactsMessages = typeof appContactsEn;
