import { appEventsEn, type AppEventsMessages } from './events-en.ts';

/** Patient app: events (Canadian English): US texts except where spelling differs (cancelled, cancelling). */
export const appEventsEnCa: AppEventsMessages = {
  ...appEventsEn,
  appointment: {
    ...appEventsEn.appointment,
    reasonLabel: 'Reason for cancelling',
    canceled: 'Appointment cancelled',
  },
  statuses: { ...appEventsEn.statuses, CANCELED: 'Cancelled' },
  errors: { ...appEventsEn.errors, APPOINTMENT_TRANSITION_INVALID: 'This appointment can no longer be cancelled.' },
};
