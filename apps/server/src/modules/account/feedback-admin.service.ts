import { personName } from '@carewatch/contracts/names';
import type { TFeedbackItem, TFeedbackListQuery, TFeedbackPage } from '@carewatch/contracts/feedback';
import type { AuthedCtx } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './feedback.repo.ts';
import { sniffFeedbackImage } from './feedback.service.ts';

const nameOf = (first: string | null, last: string | null, lang: string): string | null =>
  first === null && last === null ? null : personName({ firstName: first ?? '', lastName: last ?? '' }, lang);

function toItem(r: repo.FeedbackRow, lang: string): TFeedbackItem {
  return {
    id: r.id,
    kind: r.kind,
    category: r.category,
    description: r.description,
    suggestion: r.suggestion,
    hasImage: !!r.image_path,
    userId: r.user_id,
    senderName: nameOf(r.first_name, r.last_name, lang),
    senderEmail: r.email,
    senderPhone: r.phone,
    createdAt: r.created_at.toISOString(),
    handled: r.handled_at !== null,
    handledAt: r.handled_at?.toISOString() ?? null,
    handledByName: nameOf(r.handler_first, r.handler_last, lang),
  };
}

/** The tenant's feedback from the app, newest first: by kind (ERROR / IMPROVE), category and handled or not. */
export async function listFeedback(ctx: AuthedCtx, q: TFeedbackListQuery): Promise<TFeedbackPage> {
  const rows = await repo.listFeedback(ctx.db, ctx.auth.tenantId, {
    ...(q.kind ? { kind: q.kind } : {}),
    ...(q.category ? { category: q.category } : {}),
    ...(q.handled !== undefined ? { handled: q.handled } : {}),
    limit: q.size,
    offset: q.page * q.size,
  });
  await audit(ctx, { action: 'feedback.list', resource: 'app_feedback' });
  return {
    items: rows.map((r) => toItem(r, ctx.auth.language)),
    total: rows[0]?.total ?? 0,
    page: q.page,
    size: q.size,
  };
}

async function oneFeedback(ctx: AuthedCtx, id: string): Promise<repo.FeedbackRow> {
  const [r] = await repo.listFeedback(ctx.db, ctx.auth.tenantId, { id, limit: 1, offset: 0 });
  if (!r) throw new AppError('FEEDBACK_NOT_FOUND');
  return r;
}

export async function feedbackDetail(ctx: AuthedCtx, id: string): Promise<TFeedbackItem> {
  return toItem(await oneFeedback(ctx, id), ctx.auth.language);
}

const MIME = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;

/** The feedback's image (its type judged by content); another tenant's feedback, or none: 404. */
export async function feedbackImage(ctx: AuthedCtx, id: string): Promise<{ data: Buffer; type: string; ext: string }> {
  const r = await oneFeedback(ctx, id);
  const data = r.image_path ? await ctx.files.readAll(r.image_path) : null;
  const kind = data ? sniffFeedbackImage(data) : null;
  if (!data || !kind) throw new AppError('NOT_FOUND', { field: 'image', rule: 'not_found' });
  await audit(ctx, { action: 'feedback.image', resource: 'app_feedback', resourceId: id });
  return { data, type: MIME[kind], ext: kind === 'jpeg' ? 'jpg' : kind };
}

/** Marks the feedback handled (who and when kept from the first time; audited). */
export async function markFeedbackHandled(ctx: AuthedCtx, id: string): Promise<TFeedbackItem> {
  if (!(await repo.markHandled(ctx.db, ctx.auth.tenantId, id, ctx.auth.userId, ctx.clock.now())))
    throw new AppError('FEEDBACK_NOT_FOUND');
  await audit(ctx, { action: 'feedback.handled', resource: 'app_feedback', resourceId: id });
  return feedbackDetail(ctx, id);
}
