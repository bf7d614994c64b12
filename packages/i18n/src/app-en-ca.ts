import type { AppMessages } from './app-en.ts';

/** Patient app catalogue (Canadian English). */
export const appEnCa: AppMessages = {
  shell: {
    title: 'CareWatch',
    tagline: 'Your health, watched over.',
    comingSoon: 'The patient app is being built. Staff can use the portal in the meantime.',
    openPortal: 'Open the staff portal',
    language: 'Language',
  },
};
