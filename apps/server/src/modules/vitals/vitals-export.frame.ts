import type { TVitalsExportUnits } from '@carewatch/contracts/vitals-export';
import type { UnitPrefs } from '@carewatch/clinical/units';
import type { ExportLang } from './vitals-export.texts.ts';

// Its own file: the service builds it and the PDF builders (vitals, timeline report) read it.
/** Everything a file of the export needs besides the readings. */
export type ExportFrame = {
  patientId: string;
  patientName: string;
  patientCode: string | null;
  birthday: string | null;
  gender: string | null;
  lang: ExportLang;
  timeZone: string;
  prefs: UnitPrefs;
  units: TVitalsExportUnits;
  fromDay: string;
  toDay: string;
  from: Date;
  to: Date;
  generatedAt: Date;
};
