import { z } from 'zod';
import { ZIsoDateTime, ZIsoDay } from './common.ts';

/** An instant (2026-01-15T08:00:00Z, what the portal sends) or a day (2026-01-15, its UTC midnight); nothing looser. */
const instantOrDay = z.union([ZIsoDateTime, ZIsoDay], 'Date is not valid');

export const AUDIT_SORTS = [
  'createdAt',
  '-createdAt',
  'actor',
  '-actor',
  'action',
  '-action',
  'resource',
  '-resource',
  'outcome',
  '-outcome',
] as const;
export const ZAuditQuery = z
  .object({
    actor: z.string().trim().max(254, 'Max length is 254').optional(),
    action: z.string().trim().max(100, 'Max length is 100').optional(),
    resource: z.string().trim().max(100, 'Max length is 100').optional(),
    outcome: z.enum(['ok', 'denied', 'failed']).optional(),
    /** Who touched this patient's data (the access trail's patient ids). */
    patientId: z.string().uuid('Invalid id').optional(),
    from: instantOrDay.optional(),
    to: instantOrDay.optional(),
    page: z.coerce.number().int().min(0, 'Min value is 0').default(0),
    size: z.coerce.number().int().min(1, 'Min value is 1').max(200, 'Max value is 200').default(20),
    /** Issue 20: `-` = descending; default newest first (created_at desc, id desc). */
    sort: z.enum(AUDIT_SORTS, 'Invalid sort').default('-createdAt'),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: "Start time can't after end time",
    path: ['to'],
  });
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.string().uuid(),
  createdAt: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  resource: z.string().nullable(),
  resourceId: z.string().nullable(),
  outcome: z.string(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** The caller's role, the route called and the patients concerned (access rows; null on older entries). */
  role: z.string().nullable(),
  route: z.string().nullable(),
  patientIds: z.array(z.string()).nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = z.object({
  items: z.array(ZAuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

/** The most an export spans: a year of the trail per file. */
export const AUDIT_EXPORT_MAX_DAYS = 366;
/** GET /api/account/audit-log/export: the tenant's trail between two instants (or days), as CSV. */
export const ZAuditExportQuery = z
  .object({ from: instantOrDay, to: instantOrDay })
  .refine((q) => Date.parse(q.from) <= Date.parse(q.to), { message: "Start time can't after end time", path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= AUDIT_EXPORT_MAX_DAYS * 86_400_000, {
    message: `At most ${AUDIT_EXPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type TAuditExportQuery = z.infer<typeof ZAuditExportQuery>;
