/** Patient app: followed screens (English, US). Wired into `en.ts` as `followed`. */
export const appFollowedEn = {
  title: 'People I follow',
};
export type AppFollowedMessages = typeof appFollowedEn;
