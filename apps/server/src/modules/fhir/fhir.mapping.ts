import crypto from 'node:crypto';
import {
  UCUM,
  type TFhirAppointment,
  type TFhirCodeableConcept,
  type TFhirDevice,
  type TFhirFlag,
  type TFhirMedicationRequest,
  type TFhirObservation,
  type TFhirObservationComponent,
  type TFhirPatient,
  type TFhirQuantity,
  type TFhirRelatedPerson,
} from '@carewatch/contracts/fhir';
import { METRICS, type TMetric } from '@carewatch/contracts/vitals';
import { BP_DIASTOLIC, BP_SYSTOLIC, DATA_ABSENT, HEART_RATE, METRIC_CODES, categoryConcept } from './fhir.codes.ts';
import type {
  AlertRow,
  AppointmentRow,
  DeviceRow,
  FhirPatientRow,
  MedicineRow,
  ReadingRow,
  RelatedRow,
} from './fhir.repo.ts';

/** Where CareWatch's own identifiers and codes live (patient codes, device serials, alert levels). */
export const CW_SYSTEM = 'https://carewatch.health/fhir';
export const patientCodeSystem = (tenantCode: string) => `${CW_SYSTEM}/sid/patient-code/${tenantCode}`;

const iso = (d: Date) => d.toISOString();
const patientRef = (id: string) => ({ reference: `Patient/${id}` });
const quantity = (value: number, unit: string, ucum: string): TFhirQuantity => ({
  value,
  unit,
  system: UCUM,
  code: ucum,
});
const personName = (first: string | null, last: string | null) =>
  [first, last]
    .filter((x) => x && x.trim())
    .join(' ')
    .trim();

// ---------------------------------------------------------------- Observation ids

/**
 * A reading has no id of its own: it is the row (patient, metric, time, source). Its FHIR id is
 * `<patient hex>-<metric no.>-<time base36>-<source hash>`, at most 64 characters of [A-Za-z0-9-], and names the
 * row back (the source by the first 8 hex digits of its SHA-1: a patient's readings of one metric at one instant
 * come from very few sources).
 */
export function observationId(patientId: string, r: Pick<ReadingRow, 'metric' | 'measured_at' | 'source'>): string {
  const m = METRICS.indexOf(r.metric as TMetric);
  return `${patientId.replace(/-/g, '')}-${m}-${r.measured_at.getTime().toString(36)}-${sourceHash(r.source)}`;
}
export const sourceHash = (source: string) => crypto.createHash('sha1').update(source).digest('hex').slice(0, 8);

export type ObservationKey = { patientId: string; metric: TMetric; at: Date; sourceHash: string };
export function parseObservationId(id: string): ObservationKey | null {
  const m = /^([0-9a-f]{32})-(\d{1,2})-([0-9a-z]{1,12})-([0-9a-f]{8})$/.exec(id);
  if (!m) return null;
  const metric = METRICS[Number(m[2])];
  const ms = parseInt(m[3]!, 36);
  // A time past JavaScript's date range (8.64e15 ms) is not a reading's: refused, not sent to the database as NaN.
  if (!metric || !Number.isSafeInteger(ms) || !Number.isFinite(new Date(ms).getTime())) return null;
  const h = m[1]!;
  return {
    patientId: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`,
    metric,
    at: new Date(ms),
    sourceHash: m[4]!,
  };
}

// ---------------------------------------------------------------- resources

export function toPatient(r: FhirPatientRow, tenantCode: string): TFhirPatient {
  const telecom: NonNullable<TFhirPatient['telecom']> = [];
  if (r.phone) telecom.push({ system: 'phone', value: r.phone, use: 'mobile' });
  if (r.email) telecom.push({ system: 'email', value: r.email });
  const text = personName(r.first_name, r.last_name);
  return {
    resourceType: 'Patient',
    id: r.id,
    meta: { lastUpdated: iso(r.updated_at) },
    ...(r.patient_code
      ? { identifier: [{ use: 'usual', system: patientCodeSystem(tenantCode), value: r.patient_code }] }
      : {}),
    active: true,
    name: [
      {
        ...(r.last_name ? { family: r.last_name } : {}),
        ...(r.first_name ? { given: [r.first_name] } : {}),
        ...(text ? { text } : {}),
      },
    ],
    ...(telecom.length ? { telecom } : {}),
    gender: r.gender === 'male' || r.gender === 'female' ? r.gender : 'unknown',
    ...(r.birthday ? { birthDate: r.birthday } : {}),
    ...(r.address && r.address.trim() ? { address: [{ text: r.address }] } : {}),
  };
}

const absent: TFhirCodeableConcept = { coding: [{ system: DATA_ABSENT, code: 'unknown', display: 'Unknown' }] };

/**
 * A reading as an Observation, with its LOINC (or MDC) code and its value in UCUM units. Kept lean (no meta, no
 * text beside the codings): a tenant's export holds millions of them. A reading never changes once stored, so its
 * `_lastUpdated` is the time it was taken.
 */
export function toObservation(patientId: string, r: ReadingRow): TFhirObservation | null {
  if (!(METRICS as readonly string[]).includes(r.metric)) return null;
  const c = METRIC_CODES[r.metric as TMetric];
  const obs: TFhirObservation = {
    resourceType: 'Observation',
    id: observationId(patientId, r),
    status: 'final',
    category: [categoryConcept(c.category)],
    code: { coding: [{ system: c.system, code: c.code, display: c.display }, ...(c.also ?? [])] },
    subject: patientRef(patientId),
    effectiveDateTime: iso(r.measured_at),
  };
  if (r.source.startsWith('device:')) {
    const dev = r.source.slice('device:'.length);
    if (/^[0-9a-f-]{36}$/i.test(dev)) obs.device = { reference: `Device/${dev}` };
  }
  const data = r.data ?? {};
  switch (r.metric as TMetric) {
    case 'blood_pressure': {
      const comps: TFhirObservationComponent[] = [];
      if (r.value !== null)
        comps.push({
          code: { coding: [BP_SYSTOLIC], text: BP_SYSTOLIC.display },
          valueQuantity: quantity(r.value, 'mmHg', 'mm[Hg]'),
        });
      if (r.value2 !== null)
        comps.push({
          code: { coding: [BP_DIASTOLIC], text: BP_DIASTOLIC.display },
          valueQuantity: quantity(r.value2, 'mmHg', 'mm[Hg]'),
        });
      if (typeof data.pulse === 'number')
        comps.push({
          code: { coding: [HEART_RATE], text: HEART_RATE.display },
          valueQuantity: quantity(data.pulse, '/min', '/min'),
        });
      obs.component = comps;
      if (comps.length === 0) obs.dataAbsentReason = absent;
      return obs;
    }
    case 'sleep': {
      const stages = Array.isArray(data.stages) ? (data.stages as Array<{ start?: unknown; end?: unknown }>) : [];
      const start = typeof stages[0]?.start === 'string' ? stages[0].start : null;
      const end = typeof stages.at(-1)?.end === 'string' ? (stages.at(-1)!.end as string) : null;
      if (start && end) {
        delete obs.effectiveDateTime;
        obs.effectivePeriod = { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
      }
      break;
    }
    case 'ecg': {
      const rate = typeof data.samplingRate === 'number' ? data.samplingRate : null;
      const samples = Array.isArray(data.samples)
        ? (data.samples as unknown[]).filter((x): x is number => typeof x === 'number' && Number.isFinite(x))
        : [];
      if (rate && samples.length) {
        obs.valueSampledData = {
          origin: quantity(0, 'mV', 'mV'),
          period: Math.round((1000 / rate) * 1e6) / 1e6,
          dimensions: 1,
          data: samples.map((x) => String(Math.round(x * 10000) / 10000)).join(' '),
        };
      } else {
        obs.dataAbsentReason = absent;
      }
      if (r.value !== null)
        obs.component = [
          {
            code: { coding: [HEART_RATE], text: HEART_RATE.display },
            valueQuantity: quantity(r.value, '/min', '/min'),
          },
        ];
      return obs;
    }
    default:
      break;
  }
  if (r.value === null) obs.dataAbsentReason = absent;
  else obs.valueQuantity = quantity(r.value, c.unit, c.ucum);
  return obs;
}

export function toDevice(r: DeviceRow): TFhirDevice {
  const identifier: NonNullable<TFhirDevice['identifier']> = [
    { system: `${CW_SYSTEM}/sid/device-serial`, value: r.serial },
  ];
  if (r.mac) identifier.push({ system: `${CW_SYSTEM}/sid/device-mac`, value: r.mac });
  if (r.imei) identifier.push({ system: 'urn:oid:1.3.6.1.4.1.19376.1.3.3.1.1', value: r.imei });
  return {
    resourceType: 'Device',
    id: r.id,
    meta: { lastUpdated: iso(r.updated_at) },
    identifier,
    status: 'active',
    deviceName: [{ name: r.name && r.name.trim() ? r.name : r.model, type: 'user-friendly-name' }],
    modelNumber: r.model,
    patient: patientRef(r.patient_id),
  };
}

const LEVEL_TEXT: Record<string, string> = { normal: 'Normal', at_risk: 'At risk', high_risk: 'High risk', sos: 'SOS' };

/** An open (or acknowledged, not yet closed) alert as an active Flag on the patient. */
export function toFlag(r: AlertRow): TFhirFlag {
  const metric =
    r.metric && (METRICS as readonly string[]).includes(r.metric) ? METRIC_CODES[r.metric as TMetric] : null;
  const what = metric ? metric.display : r.source === 'reading' ? 'Reading' : 'SOS';
  return {
    resourceType: 'Flag',
    id: r.id,
    meta: { lastUpdated: iso(r.updated_at) },
    status: 'active',
    category: [
      {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/flag-category', code: 'clinical', display: 'Clinical' },
        ],
      },
    ],
    code: {
      coding: [
        { system: `${CW_SYSTEM}/CodeSystem/alert-level`, code: r.level, display: LEVEL_TEXT[r.level] ?? r.level },
        ...(metric ? [{ system: metric.system, code: metric.code, display: metric.display }] : []),
      ],
      text: `${LEVEL_TEXT[r.level] ?? r.level}: ${what}${r.status === 'acknowledged' ? ' (acknowledged)' : ''}`,
    },
    subject: patientRef(r.patient_id),
    period: { start: iso(r.opened_at) },
  };
}

/** One medicine of a prescription as a MedicationRequest (the prescription's number groups them). */
export function toMedicationRequest(r: MedicineRow, today: string): TFhirMedicationRequest {
  const status = r.status === 'DEACTIVATED' ? 'stopped' : r.end_date && r.end_date < today ? 'completed' : 'active';
  const dose = Number(r.dose);
  const text = [`${r.dose} ${r.dose_unit}`, r.strength, r.form, r.route, r.frequency, r.when_taken, r.instruction]
    .filter((x) => x && String(x).trim())
    .join(', ');
  const doctor = personName(r.doctor_first, r.doctor_last);
  return {
    resourceType: 'MedicationRequest',
    id: r.id,
    meta: { lastUpdated: iso(r.updated_at) },
    groupIdentifier: { system: `${CW_SYSTEM}/sid/prescription`, value: r.rx_number },
    status,
    intent: 'order',
    medicationCodeableConcept: { text: r.name },
    subject: patientRef(r.patient_id),
    authoredOn: iso(r.created_at),
    ...(doctor ? { requester: { display: doctor } } : {}),
    ...(r.note_for_patient && r.note_for_patient.trim() ? { note: [{ text: r.note_for_patient }] } : {}),
    dosageInstruction: [
      {
        text,
        route: { text: r.route },
        ...(Number.isFinite(dose) && dose > 0
          ? { doseAndRate: [{ doseQuantity: { value: dose, unit: r.dose_unit } }] }
          : {}),
      },
    ],
    dispenseRequest: {
      validityPeriod: { start: r.start_date, ...(r.end_date ? { end: r.end_date } : {}) },
      ...(r.quantity !== null && r.quantity > 0 ? { quantity: { value: r.quantity } } : {}),
    },
  };
}

const APPOINTMENT_STATUS: Record<string, TFhirAppointment['status']> = {
  UPCOMING: 'booked',
  WAITING_FOR_DOCTOR: 'arrived',
  PROCESSING: 'checked-in',
  PENDING: 'pending',
  COMPLETED: 'fulfilled',
  CANCELED: 'cancelled',
};
export function toAppointment(r: AppointmentRow): TFhirAppointment {
  const doctor = personName(r.doctor_first, r.doctor_last);
  const status = APPOINTMENT_STATUS[r.status] ?? 'booked';
  return {
    resourceType: 'Appointment',
    id: r.id,
    meta: { lastUpdated: iso(r.updated_at) },
    identifier: [{ system: `${CW_SYSTEM}/sid/appointment`, value: `A-${r.seq.padStart(6, '0')}` }],
    status,
    ...(status === 'cancelled' && r.cancel_reason ? { cancelationReason: { text: r.cancel_reason } } : {}),
    ...(r.reason.trim() ? { description: r.reason } : {}),
    start: iso(r.start_at),
    end: iso(r.end_at),
    participant: [
      { actor: { ...patientRef(r.patient_id) }, status: 'accepted' },
      ...(doctor ? [{ actor: { display: doctor }, status: 'accepted' as const }] : []),
    ],
  };
}

const V3_ROLE = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';
const RELATION: Record<string, { code: string; display: string }> = {
  father: { code: 'FTH', display: 'father' },
  mother: { code: 'MTH', display: 'mother' },
  son: { code: 'SON', display: 'natural son' },
  daughter: { code: 'DAU', display: 'natural daughter' },
  husband: { code: 'HUSB', display: 'husband' },
  wife: { code: 'WIFE', display: 'wife' },
  sister: { code: 'SIS', display: 'sister' },
  brother: { code: 'BRO', display: 'brother' },
  relative: { code: 'FAMMEMB', display: 'family member' },
  friend: { code: 'FRND', display: 'unrelated friend' },
};
/** A follower (emergency or caring contact who accepted) or a relative on the patient's record, as a RelatedPerson. */
export function toRelatedPerson(r: RelatedRow): TFhirRelatedPerson {
  const relationship: TFhirCodeableConcept[] = [];
  if (r.kind === 'emergency')
    relationship.push({
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C', display: 'Emergency Contact' }],
    });
  if (r.kind === 'caring') relationship.push({ text: 'Caring follower' });
  const rel = r.relationship ? RELATION[r.relationship.toLowerCase()] : undefined;
  if (rel) relationship.push({ coding: [{ system: V3_ROLE, code: rel.code, display: rel.display }] });
  else if (r.relationship && r.relationship.trim()) relationship.push({ text: r.relationship });
  return {
    resourceType: 'RelatedPerson',
    id: r.id,
    meta: { lastUpdated: iso(r.updated_at) },
    active: true,
    patient: patientRef(r.patient_id),
    ...(relationship.length ? { relationship } : {}),
    ...(r.name && r.name.trim() ? { name: [{ text: r.name }] } : {}),
    ...(r.phone ? { telecom: [{ system: 'phone' as const, value: r.phone }] } : {}),
  };
}
