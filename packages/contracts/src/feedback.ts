import { z } from 'zod';
import { ZId, ZPageQuery, page } from './common.ts';
import { FEEDBACK_CATEGORIES, FEEDBACK_KINDS } from './app-profile.ts';

/**
 * Feedback management in the portal (staff-portal spec §2, §3 "Feedback: type (error/improvement), catalogue
 * (software/hardware/service), description, attachments, suggestion"). The app stores feedback (app-profile.ts
 * ZFeedbackFields); holders of FeedbackManage list and filter it, view its image and mark it handled.
 */
export const ZFeedbackKind = z.enum(FEEDBACK_KINDS, { error: 'Invalid feedback type' });
export const ZFeedbackCategory = z.enum(FEEDBACK_CATEGORIES, { error: 'Invalid category' });

export const ZFeedbackListQuery = ZPageQuery.extend({
  kind: ZFeedbackKind.optional(),
  category: ZFeedbackCategory.optional(),
  handled: z
    .enum(['true', 'false'], { error: 'Invalid value' })
    .transform((v) => v === 'true')
    .optional(),
});
export type TFeedbackListQuery = z.infer<typeof ZFeedbackListQuery>;

export const ZFeedbackItem = z.object({
  id: ZId,
  kind: ZFeedbackKind,
  category: ZFeedbackCategory,
  description: z.string(),
  suggestion: z.string().nullable(),
  hasImage: z.boolean(),
  userId: ZId.nullable(),
  senderName: z.string().nullable(),
  senderEmail: z.string().nullable(),
  senderPhone: z.string().nullable(),
  createdAt: z.string(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  handledByName: z.string().nullable(),
});
export type TFeedbackItem = z.infer<typeof ZFeedbackItem>;
export const ZFeedbackPage = page(ZFeedbackItem);
export type TFeedbackPage = z.infer<typeof ZFeedbackPage>;
