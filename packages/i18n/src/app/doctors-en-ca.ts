import { appDoctorsEn, type AppDoctorsMessages } from './doctors-en.ts';

/** Patient app: "Add doctor" search (Canadian English): "centre" spelling. */
export const appDoctorsEnCa: AppDoctorsMessages = {
  ...appDoctorsEn,
  search: {
    ...appDoctorsEn.search,
    hint: 'Search by ID, e-mail, name, specialty or address (office or health centre), or find doctors near you.',
  },
};
