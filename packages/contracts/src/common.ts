import { z } from 'zod';

export const ZId = z.string().uuid('Invalid id');
export const ZIdParams = z.object({ id: ZId });
export const ZPageQuery = z.object({
  page: z.coerce.number().int('Incorrect paging parameters').min(0, 'Min value is 0').default(0),
  size: z.coerce
    .number()
    .int('Incorrect paging parameters')
    .min(1, 'Min value is 1')
    .max(200, 'Max value is 200')
    .default(15),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** A year a date filter may name: before 1900 or after 9999 is a typing error or junk (year 0 breaks PostgreSQL). */
const sensibleYear = (s: string) => {
  const y = Number(s.slice(0, 4));
  return y >= 1900 && y <= 9999;
};
/** An instant: ISO 8601 date and time with its offset (2026-01-15T08:00:00Z); a real calendar date and time. */
export const ZIsoDateTime = z.iso
  .datetime({ offset: true, message: 'Date is not valid' })
  .refine(sensibleYear, 'Date is not valid');
/** A day: YYYY-MM-DD, a real calendar date. */
export const ZIsoDay = z.iso.date('Invalid date (YYYY-MM-DD)').refine(sensibleYear, 'Invalid date (YYYY-MM-DD)');
export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;

/** A patient-app subject in a path: a patient id, or `me` for the caller's own record. */
export const ZSubjectId = z.union([z.literal('me'), ZId], 'Invalid id');
export const ZSubjectParams = z.object({ id: ZSubjectId });
