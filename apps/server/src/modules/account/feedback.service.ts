import { FEEDBACK_IMAGE_MAX_BYTES, ZFeedbackFields } from '@carewatch/contracts/app-profile';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError, fieldError, validationError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { sniffImage } from '../../platform/files.ts';
import { newFileKey } from '../../platform/file-store.ts';
import * as repo from './feedback.repo.ts';

type FeedbackImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

/** Spec §5 allows png, jpeg/jpg, gif and webp: judged by content, never by name or declared type. */
export function sniffFeedbackImage(buf: Buffer): FeedbackImageKind | null {
  const base = sniffImage(buf);
  if (base) return base;
  const head = buf.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** A feedback form (spec §3 "Feedback"): an ERROR needs an image (§5), any image ≤ 5 MB of the allowed types. */
export async function sendFeedback(ctx: AuthedCtx, fields: Record<string, string>, image: Buffer | null) {
  const parsed = ZFeedbackFields.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const f = parsed.data;
  const file = image && image.length > 0 ? image : null;
  if (!file && f.kind === 'ERROR')
    throw new AppError('VALIDATION_ERROR', { field: 'image', rule: 'required' }, 'An error report needs a picture');
  let imagePath: string | null = null;
  if (file) {
    if (file.length > FEEDBACK_IMAGE_MAX_BYTES) throw fieldError('FILE_TOO_LARGE', 'image', 'max_5mb');
    const kind = sniffFeedbackImage(file);
    if (!kind) throw fieldError('INVALID_FILE_TYPE', 'image', 'png_jpeg_gif_webp');
    imagePath = (await ctx.files.put(newFileKey('feedback', ctx.auth.tenantId, kind === 'jpeg' ? 'jpg' : kind), file))
      .key;
  }
  const id = newId();
  const now = ctx.clock.now();
  await repo.insertFeedback(ctx.db, ctx.auth.tenantId, {
    id,
    userId: ctx.auth.userId,
    kind: f.kind,
    category: f.category,
    description: f.description,
    suggestion: f.suggestion ?? null,
    imagePath,
    now,
  });
  await audit(ctx, {
    action: 'account.feedback.create',
    resource: 'app_feedback',
    resourceId: id,
    details: { kind: f.kind, category: f.category },
  });
  return { id, createdAt: now.toISOString(), hasImage: !!imagePath };
}
