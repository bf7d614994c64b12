import type { AnyRoute } from '../../platform/route.ts';
import {
  acceptContactRequestRoute,
  cancelContactRequestRoute,
  contactQrRoute,
  contactRequestsRoute,
  contactsOverviewRoute,
  createContactRequestRoute,
  rejectContactRequestRoute,
  removeContactRoute,
  resendContactRequestRoute,
  updateContactRoute,
} from './routes/contacts.ts';
import { patientFollowersRoute } from './routes/patient-followers.ts';

/** The "contacts" module's routes (followers, emergency and caring contacts, family doctor, specialists). */
export const CONTACTS_ROUTES: AnyRoute[] = [
  contactsOverviewRoute,
  contactRequestsRoute,
  contactQrRoute,
  createContactRequestRoute,
  acceptContactRequestRoute,
  rejectContactRequestRoute,
  cancelContactRequestRoute,
  resendContactRequestRoute,
  updateContactRoute,
  removeContactRoute,
  patientFollowersRoute,
];
