/** Patient app catalogue (English). Grows with the patient-app issue. */
export const appEn = {
  shell: {
    title: 'CareWatch',
    tagline: 'Your health, watched over.',
    comingSoon: 'The patient app is being built. Staff can use the portal in the meantime.',
    openPortal: 'Open the staff portal',
    language: 'Language',
  },
};
export type AppMessages = typeof appEn;
