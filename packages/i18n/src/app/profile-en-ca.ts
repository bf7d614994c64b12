import { appProfileEn, type AppProfileMessages } from './profile-en.ts';

/** Patient app: profile screens (Canadian English): US texts except where spelling differs. */
export const appProfileEnCa: AppProfileMessages = {
  ...appProfileEn,
  medical: {
    ...appProfileEn.medical,
    intro: 'Blood type, skin colour, conditions and body measures used for your alerts.',
  },
};
