import { personName } from '@carewatch/contracts/names';
import type {
  TAnnouncementPage,
  TAnnouncementQuery,
  TComposeAnnouncementRequest,
  TDeliveryCounts,
  TSentAnnouncement,
  TSentAnnouncementPage,
  TSentAnnouncementQuery,
} from '@carewatch/contracts/announcements';
import type { AuthedCtx } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { scheduleFanout } from './announcements.jobs.ts';
import * as repo from './announcements.repo.ts';

/** Super admin and root may address any tenant; everyone else their own. */
const mayPickTenant = (ctx: AuthedCtx) => ctx.auth.roleCode === 'super_admin' || ctx.auth.roleCode === 'root';

/** The tenant a call addresses: the caller's, or (super admin / root) the one named; another admin naming one: 403. */
async function targetTenant(ctx: AuthedCtx, tenantId: string | undefined): Promise<string> {
  if (!tenantId || tenantId === ctx.auth.tenantId) return ctx.auth.tenantId;
  if (!mayPickTenant(ctx)) throw new AppError('PERMISSION_DENIED', { field: 'tenantId', rule: 'own_tenant_only' });
  if (!(await repo.tenantExists(ctx.db, tenantId)))
    throw new AppError('TENANT_NOT_FOUND', { field: 'tenantId', rule: 'not_found' });
  return tenantId;
}

/** Stores the announcement and schedules its fan-out (in-app and push to every active app user of the tenant). */
export async function composeAnnouncement(ctx: AuthedCtx, b: TComposeAnnouncementRequest): Promise<TSentAnnouncement> {
  const tenantId = await targetTenant(ctx, b.tenantId);
  const id = newId();
  const now = ctx.clock.now();
  await ctx.db.tx(async (tx) => {
    await repo.insertAnnouncement(tx, tenantId, {
      id,
      title: b.title,
      message: b.message,
      createdBy: ctx.auth.userId,
      now,
    });
    await scheduleFanout({ db: tx }, tenantId, id, now);
  });
  await audit(ctx, {
    action: 'announcement.compose',
    tenantId,
    resource: 'announcement',
    resourceId: id,
    details: { callerTenantId: ctx.auth.tenantId },
  });
  const page = await sentAnnouncements(ctx, { page: 0, size: 1, tenantId });
  return page.items.find((a) => a.id === id) ?? page.items[0]!;
}

const zero = (): TDeliveryCounts => ({ sent: 0, pending: 0, failed: 0 });

/** The tenant's announcements, newest first, with their delivery counts per channel. */
export async function sentAnnouncements(ctx: AuthedCtx, q: TSentAnnouncementQuery): Promise<TSentAnnouncementPage> {
  const tenantId = await targetTenant(ctx, q.tenantId);
  const rows = await repo.listSent(ctx.db, tenantId, q.size, q.page * q.size);
  const counts = await repo.deliveryCounts(
    ctx.db,
    tenantId,
    rows.map((r) => r.id),
  );
  const items = rows.map((r): TSentAnnouncement => {
    const inApp = zero();
    const push = zero();
    for (const c of counts.filter((x) => x.announcement_id === r.id)) {
      const target = c.channel === 'push' ? push : inApp;
      if (c.status === 'sent') target.sent += c.n;
      else if (c.status === 'failed') target.failed += c.n;
      else target.pending += c.n;
    }
    return {
      id: r.id,
      tenantId: r.tenant_id,
      title: r.title,
      message: r.message,
      status: r.status,
      recipients: r.recipients,
      inApp,
      push,
      createdByName:
        r.first_name === null && r.last_name === null
          ? null
          : personName({ firstName: r.first_name ?? '', lastName: r.last_name ?? '' }, ctx.auth.language),
      createdAt: r.created_at.toISOString(),
      sentAt: r.sent_at?.toISOString() ?? null,
    };
  });
  return { items, total: rows[0]?.total ?? 0, page: q.page, size: q.size };
}

/** The app: my tenant's announcements, newest first. */
export async function appAnnouncements(ctx: AuthedCtx, q: TAnnouncementQuery): Promise<TAnnouncementPage> {
  const rows = await repo.listForApp(ctx.db, ctx.auth.tenantId, q.size, q.page * q.size);
  return {
    items: rows.map((r) => ({ id: r.id, title: r.title, message: r.message, createdAt: r.created_at.toISOString() })),
    total: rows[0]?.total ?? 0,
    page: q.page,
    size: q.size,
  };
}
