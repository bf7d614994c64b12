import { z } from 'zod';
import { ZId, ZPageQuery, page } from './common.ts';
import { ZAlertLevel, ZAlertSummary, ZSosTimelineItem, ZLocation, ZSosCase } from './alerts.ts';

/**
 * Patient-app subjects (spec §1 "viewing as", §2 Emergency and Caring dashboards): whose data the signed-in app user may
 * read — their own record, a sub-user they manage, or a patient who accepted them as emergency or caring follower.
 */
export const APP_SUBJECT_RELATIONS = ['self', 'sub_user', 'emergency', 'caring'] as const;
export const ZAppSubjectRelation = z.enum(APP_SUBJECT_RELATIONS);
export type TAppSubjectRelation = z.infer<typeof ZAppSubjectRelation>;

export const ZAppSubject = z.object({
  patientId: ZId,
  /** The patient's own app account (matches `owner.userId` of a contact I follow); null for a sub-user. */
  userId: ZId.nullable(),
  name: z.string(),
  relation: ZAppSubjectRelation,
  /** The highest level among the patient's open alerts, `normal` when none is open. */
  level: ZAlertLevel,
  /** The most severe open alert (newest first among equals), if any. */
  openAlert: z.object({ id: ZId, level: ZAlertLevel, since: z.string() }).nullable(),
  /** Time of the newest reading of any metric, null when nothing was measured yet. */
  lastMeasuredAt: z.string().nullable(),
});
export type TAppSubject = z.infer<typeof ZAppSubject>;

/** GET /api/account/app/patients: self first, then sub-users, then followed patients (by name). */
export const ZAppSubjectList = z.object({ items: z.array(ZAppSubject) });
export type TAppSubjectList = z.infer<typeof ZAppSubjectList>;

/** GET /api/account/app/patients/{id}/alerts: a subject's recent alerts, open first, newest first. */
export const ZAppSubjectAlertsQuery = ZPageQuery;
export const ZAppSubjectAlertPage = page(ZAlertSummary);
export type TAppSubjectAlertPage = z.infer<typeof ZAppSubjectAlertPage>;

export const ZAppSosCaseParams = z.object({ id: z.union([z.literal('me'), ZId], 'Invalid id'), caseId: ZId });

/** A vital index as it was when the SOS case opened: the newest reading of the metric at or before that time. */
export const ZSosVital = z.object({
  metric: z.string(),
  value: z.number().nullable(),
  value2: z.number().nullable(),
  measuredAt: z.string(),
});
export type TSosVital = z.infer<typeof ZSosVital>;

/**
 * GET /api/account/app/patients/{id}/sos-cases/{caseId} (spec §2 "SOS case detail"): reason, the vital indexes at
 * the time, the SOS locations (the case's, then those of later presses, oldest first) and the alert's timeline.
 */
export const ZAppSosCaseDetail = ZSosCase.omit({ ticketId: true, closedBy: true, closeNote: true }).extend({
  vitals: z.array(ZSosVital),
  locations: z.array(ZLocation.extend({ at: z.string() })),
  /** The readable timeline; for a follower without who else was told (recipients, phones and staff names left out). */
  timeline: z.array(ZSosTimelineItem),
});
export type TAppSosCaseDetail = z.infer<typeof ZAppSosCaseDetail>;
