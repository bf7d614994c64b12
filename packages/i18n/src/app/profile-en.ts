/** Patient app: profile screens (English, US). Wired into `en.ts` as `profile`. */
export const appProfileEn = {
  title: 'Profile',
};
export type AppProfileMessages = typeof appProfileEn;
