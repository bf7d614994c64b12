import { appDevicesEnCa } from './devices-en-ca.ts';
import { appHealthImportEnCa } from './health-import-en-ca.ts';
import { appMetricPagesEnCa } from './metricPages-en-ca.ts';
import { appVitalsExportEnCa } from './vitals-export-en-ca.ts';
import { appContactsEnCa } from './contacts-en-ca.ts';
import { appDoctorsEnCa } from './doctors-en-ca.ts';
import { appRatingsEnCa } from './ratings-en-ca.ts';
import { appAnnouncementsEnCa } from './announcements-en-ca.ts';
import { appEventsEnCa } from './events-en-ca.ts';
import { appRecordsEnCa } from './records-en-ca.ts';
import { appMedicationEnCa } from './medication-en-ca.ts';
import { appRedeemCodeEnCa } from './redeem-code-en-ca.ts';
import { appPaymentResultsEnCa } from './payment-results-en-ca.ts';
import { appSubscriptionEnCa } from './subscription-en-ca.ts';
import { appFollowedEnCa } from './followed-en-ca.ts';
import { appProfileEnCa } from './profile-en-ca.ts';
import { appAlertsEnCa } from './alerts-en-ca.ts';
import { appEn, type AppMessages } from './en.ts';
import { appEntryEnCa } from './entry-en-ca.ts';
import { appOcrEnCa } from './ocr-en-ca.ts';
import { appHelpEnCa } from './help-en-ca.ts';
import { appDashboardsEnCa } from './dashboards-en-ca.ts';
import { appSportEnCa } from './sport-en-ca.ts';
import { appFirmwareEnCa } from './firmware-en-ca.ts';

type Overrides<T> = { [K in keyof T]?: T[K] extends string ? string : Overrides<T[K]> };

/** The English catalogue with the given strings replaced (same keys by construction; the parity test checks it too). */
function withOverrides<T extends Record<string, unknown>>(base: T, over: Overrides<T>): T {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = base[k];
    out[k] =
      typeof v === 'string' || typeof b !== 'object' || b === null
        ? v
        : withOverrides(b as Record<string, unknown>, v as Overrides<Record<string, unknown>>);
  }
  return out as T;
}

/** Patient app catalogue (Canadian English): Canadian spelling (colour, centre) where it differs from `en`. */
export const appEnCa: AppMessages = withOverrides(appEn, {
  access: {
    welcome: { tenantHint: 'Given by your clinic or health centre, for example "demo".' },
    register: { skinColour: 'Skin colour' },
  },
  alerts: appAlertsEnCa,
  validation: { skinColour: 'Skin colour is required' },
  fieldRules: { skinColour: 'Skin colour is required' },
  entry: appEntryEnCa,
  ocr: appOcrEnCa,
  devices: appDevicesEnCa,
  healthImport: appHealthImportEnCa,
  metricPages: appMetricPagesEnCa,
  vitalsExport: appVitalsExportEnCa,
  contacts: appContactsEnCa,
  doctors: appDoctorsEnCa,
  ratings: appRatingsEnCa,
  announcements: appAnnouncementsEnCa,
  followed: appFollowedEnCa,
  events: appEventsEnCa,
  records: appRecordsEnCa,
  medication: appMedicationEnCa,
  redeemCode: appRedeemCodeEnCa,
  paymentResults: appPaymentResultsEnCa,
  subscription: appSubscriptionEnCa,
  profile: appProfileEnCa,
  help: appHelpEnCa,
  dashboards: appDashboardsEnCa,
  sport: appSportEnCa,
  firmware: appFirmwareEnCa,
  legal: {
    privacy: {
      sharing:
        'Your health data is shared only with the clinicians of your health centre and the followers you accept (at most 3 members for health data and location). We never sell your data.',
      contact: 'For any question about your privacy, contact your health centre or our support team.',
    },
  },
});
