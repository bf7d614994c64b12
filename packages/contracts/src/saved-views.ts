import { z } from 'zod';
import { ZId } from './common.ts';

/*
 * Saved views (issue 20, "Lists"): a staff user names the state of a list page (its filters, sort and page size, as
 * the URL's search string) to apply it again later; one of them per list may be the default, applied when the list
 * is opened without any search params. Personal: only their owner sees or changes them.
 * `GET /api/account/saved-views?list=…`, `POST /api/account/saved-views`, `PATCH|DELETE /api/account/saved-views/{id}`.
 */

/** The portal's lists that keep their state in the URL (one key per list page; the staff list's presets apart). */
export const SAVED_VIEW_LISTS = [
  'patients',
  'devices',
  'staff',
  'staff-doctors',
  'staff-customer-care',
  'audit',
  'worklist',
  'alerts',
  'notifications',
  'sms',
  'sos-cases',
  'appointments',
  'tickets',
  'messages',
  'transactions',
  'doctors',
  'centers',
  'scopes',
  'code-packages',
  'tenants',
  'tenant-requests',
] as const;
export const ZSavedViewList = z.enum(SAVED_VIEW_LISTS, 'Unknown list');
export type TSavedViewList = z.infer<typeof ZSavedViewList>;

export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEW_QUERY_MAX = 2000;
/** Views a user keeps per list (409 SAVED_VIEW_LIMIT beyond). */
export const SAVED_VIEWS_PER_LIST = 20;

/**
 * A URL search string as `URLSearchParams.toString()` writes it, without the leading `?`: `key=value` pairs joined by
 * `&` (a value may be empty), keys of letters, digits and `._-`, values form-encoded (letters, digits, `%XX`, `+`, `*._-`).
 */
const QUERY_RE = /^(?:[A-Za-z0-9._-]+(?:=[A-Za-z0-9%+*._-]*)?(?:&[A-Za-z0-9._-]+(?:=[A-Za-z0-9%+*._-]*)?)*)?$/;
const decodes = (s: string) => {
  try {
    decodeURIComponent(s.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
};
export const ZSavedViewQuery = z
  .string('Required')
  .max(SAVED_VIEW_QUERY_MAX, `Max length is ${SAVED_VIEW_QUERY_MAX}`)
  .regex(QUERY_RE, 'Invalid search string')
  .refine(decodes, 'Invalid search string');

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
export const ZSavedViewName = z
  .string('Required')
  .trim()
  .min(1, 'Required')
  .max(SAVED_VIEW_NAME_MAX, `Max length is ${SAVED_VIEW_NAME_MAX}`)
  .refine((s) => !CONTROL.test(s), 'No special characters');

export const ZSavedViewListQuery = z.object({ list: ZSavedViewList });
export type TSavedViewListQuery = z.infer<typeof ZSavedViewListQuery>;

export const ZSavedViewInput = z.object({
  list: ZSavedViewList,
  /** Unique per user and list, whatever the case (409 SAVED_VIEW_NAME_EXISTS). */
  name: ZSavedViewName,
  query: ZSavedViewQuery,
  /** Make it the list's default (the previous default stops being one). */
  isDefault: z.boolean().optional(),
});
export type TSavedViewInput = z.infer<typeof ZSavedViewInput>;

/** Rename, and/or set (true) or clear (false) as the list's default. */
export const ZSavedViewPatch = z
  .object({
    name: ZSavedViewName.optional(),
    isDefault: z.boolean().optional(),
  })
  .refine((p) => p.name !== undefined || p.isDefault !== undefined, { message: 'Nothing to change', path: ['name'] });
export type TSavedViewPatch = z.infer<typeof ZSavedViewPatch>;

export const ZSavedView = z.object({
  id: ZId,
  list: ZSavedViewList,
  name: z.string(),
  query: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSavedView = z.infer<typeof ZSavedView>;
/** The caller's views of one list, by name. */
export const ZSavedViewItems = z.object({ items: z.array(ZSavedView) });
export type TSavedViewItems = z.infer<typeof ZSavedViewItems>;
