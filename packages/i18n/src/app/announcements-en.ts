/** Patient app: announcements from the clinic (English). */
export const appAnnouncementsEn = {
  title: 'Announcements',
  link: 'Announcements',
  empty: 'No announcements yet.',
  more: 'Show more',
  list: 'Announcements, newest first',
};
export type AppAnnouncementsMessages = typeof appAnnouncementsEn;
