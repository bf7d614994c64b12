/**
 * Every contracts module, for the OpenAPI document (openapi.ts): their exported Zod schemas (`ZPatient`) become named
 * component schemas (`Patient`). A new contracts module is added here (openapi.test.ts fails until it is).
 */
import * as account from '@carewatch/contracts/account';
import * as alerts from '@carewatch/contracts/alerts';
import * as announcements from '@carewatch/contracts/announcements';
import * as appAuth from '@carewatch/contracts/app-auth';
import * as appDevices from '@carewatch/contracts/app-devices';
import * as appEvents from '@carewatch/contracts/app-events';
import * as appProfile from '@carewatch/contracts/app-profile';
import * as appSubjects from '@carewatch/contracts/app-subjects';
import * as appVitals from '@carewatch/contracts/app-vitals';
import * as appointments from '@carewatch/contracts/appointments';
import * as audit from '@carewatch/contracts/audit';
import * as auth from '@carewatch/contracts/auth';
import * as billing from '@carewatch/contracts/billing';
import * as bulk from '@carewatch/contracts/bulk';
import * as centers from '@carewatch/contracts/centers';
import * as codePackages from '@carewatch/contracts/code-packages';
import * as codes from '@carewatch/contracts/codes';
import * as common from '@carewatch/contracts/common';
import * as contacts from '@carewatch/contracts/contacts';
import * as dashboards from '@carewatch/contracts/dashboards';
import * as devices from '@carewatch/contracts/devices';
import * as doctors from '@carewatch/contracts/doctors';
import * as errors from '@carewatch/contracts/errors';
import * as feedback from '@carewatch/contracts/feedback';
import * as fhir from '@carewatch/contracts/fhir';
import * as fieldRules from '@carewatch/contracts/field-rules';
import * as firmware from '@carewatch/contracts/firmware';
import * as lifecycle from '@carewatch/contracts/lifecycle';
import * as medicalRecords from '@carewatch/contracts/medical-records';
import * as meetings from '@carewatch/contracts/meetings';
import * as names from '@carewatch/contracts/names';
import * as notifications from '@carewatch/contracts/notifications';
import * as patients from '@carewatch/contracts/patients';
import * as paymentConfig from '@carewatch/contracts/payment-config';
import * as paymentResults from '@carewatch/contracts/payment-results';
import * as permissions from '@carewatch/contracts/permissions';
import * as prescriptions from '@carewatch/contracts/prescriptions';
import * as ratings from '@carewatch/contracts/ratings';
import * as roles from '@carewatch/contracts/roles';
import * as rules from '@carewatch/contracts/rules';
import * as savedViews from '@carewatch/contracts/saved-views';
import * as sport from '@carewatch/contracts/sport';
import * as schedules from '@carewatch/contracts/schedules';
import * as scopes from '@carewatch/contracts/scopes';
import * as specialties from '@carewatch/contracts/specialties';
import * as staff from '@carewatch/contracts/staff';
import * as tenants from '@carewatch/contracts/tenants';
import * as tickets from '@carewatch/contracts/tickets';
import * as timeline from '@carewatch/contracts/timeline';
import * as transactions from '@carewatch/contracts/transactions';
import * as vitalsExport from '@carewatch/contracts/vitals-export';
import * as vitals from '@carewatch/contracts/vitals';
import * as webhooks from '@carewatch/contracts/webhooks';
import * as worklist from '@carewatch/contracts/worklist';

export const CONTRACT_MODULES: Record<string, Record<string, unknown>> = {
  account,
  alerts,
  announcements,
  appAuth,
  appDevices,
  appEvents,
  appProfile,
  appSubjects,
  appVitals,
  appointments,
  audit,
  auth,
  billing,
  bulk,
  centers,
  codePackages,
  codes,
  common,
  contacts,
  dashboards,
  devices,
  doctors,
  errors,
  feedback,
  fhir,
  lifecycle,
  medicalRecords,
  meetings,
  names,
  notifications,
  patients,
  paymentConfig,
  paymentResults,
  permissions,
  prescriptions,
  ratings,
  roles,
  rules,
  schedules,
  scopes,
  specialties,
  staff,
  tenants,
  tickets,
  transactions,
  vitalsExport,
  vitals,
  webhooks,
  timeline,
  worklist,
  fieldRules,
  savedViews,
  sport,
  firmware,
};
