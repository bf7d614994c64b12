import { appSportEn, type AppSportMessages } from './sport-en.ts';

/** Patient app: sport (Canadian English): the same words as English, metres spelled the Canadian way. */
export const appSportEnCa: AppSportMessages = {
  ...appSportEn,
  tooShort: { ...appSportEn.tooShort, distance: 'A session of this mode must cover at least 10 metres.' },
};
