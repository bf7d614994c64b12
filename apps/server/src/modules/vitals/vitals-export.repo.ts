import type { Db } from '../../platform/db.ts';
import { readingsSql } from './readings.sql.ts';

/** One stored reading as the export reads it (canonical units). */
export type ExportReadingRow = {
  metric: string;
  measured_at: Date;
  source: string;
  value: number | null;
  value2: number | null;
};

/** Metrics left out of the export: an ECG strip is a waveform, not a reading value. */
const EXPORTED = "metric <> 'ecg'";

/**
 * Every reading of [from, to) (hot rows and the cold store alike), oldest first, read window by window of `windowMs`
 * (a day by default) so memory stays bounded whatever the period and the order stays total (time, metric, source).
 */
export async function* exportReadings(
  db: Db,
  tenantId: string,
  patientId: string,
  from: Date,
  to: Date,
  windowMs = 86_400_000,
): AsyncGenerator<ExportReadingRow[]> {
  for (let a = from.getTime(); a < to.getTime(); a += windowMs) {
    const b = Math.min(a + windowMs, to.getTime());
    const rows = await db.query<ExportReadingRow>(
      `select metric, measured_at, source, value, value2 from ${readingsSql({ metric: EXPORTED, from: '$3', to: '$4' })} r
        order by measured_at, metric, source`,
      [tenantId, patientId, new Date(a), new Date(b)],
    );
    if (rows.length > 0) yield rows;
  }
}

export type ExportPatientRow = {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  patient_code: string | null;
  birthday: string | null;
  gender: string | null;
};
export async function patientOfExport(db: Db, tenantId: string, patientId: string): Promise<ExportPatientRow | null> {
  const rows = await db.query<ExportPatientRow>(
    `select first_name, middle_name, last_name, patient_code, to_char(birthday, 'YYYY-MM-DD') as birthday, gender
       from patients where tenant_id = $1 and id = $2`,
    [tenantId, patientId],
  );
  return rows[0] ?? null;
}

export type ExportReaderRow = {
  language: string;
  timezone: string;
  unit_system: string;
  thermal_unit: string;
  blood_glucose_unit: string;
};
/** The reader's language, time zone and unit settings (users always have them: the columns have defaults). */
export async function readerOfExport(db: Db, tenantId: string, userId: string): Promise<ExportReaderRow | null> {
  const rows = await db.query<ExportReaderRow>(
    'select language, timezone, unit_system, thermal_unit, blood_glucose_unit from users where tenant_id = $1 and id = $2',
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

export type ExportDeviceRow = { id: string; model: string; name: string | null; serial: string };
/** The tenant's devices among `ids` (a reading's source names its device). */
export async function devicesOfExport(db: Db, tenantId: string, ids: readonly string[]): Promise<ExportDeviceRow[]> {
  if (ids.length === 0) return [];
  return db.query<ExportDeviceRow>(
    'select id, model, name, serial from devices where tenant_id = $1 and id = any($2::uuid[])',
    [tenantId, [...ids]],
  );
}
