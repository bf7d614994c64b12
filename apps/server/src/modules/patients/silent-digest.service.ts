import type { Deps } from '../../platform/context.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import { enqueueDeliveries, type OutboxItem } from '../../platform/outbox.ts';
import { silentAfterHoursFor } from '../tenants/tenants.service.ts';
import * as repo from './patients.repo.ts';

/**
 * The daily silent-patients digest (issue 20): once a day each active doctor following silent patients gets one
 * e-mail and one in-app notification listing them (delivered by the delivery worker; texts in the recipient's
 * language, see `patients.silent_digest` in delivery.templates.ts). Idempotent across processes and retries: each
 * delivery's dedupe key names the UTC day and the recipient, so a second run of the same day adds nothing.
 */
export const SILENT_DIGEST_JOB = 'patients.silent.digest';
export const SILENT_DIGEST_TEMPLATE = 'patients.silent_digest';
/** The digest runs daily at this UTC hour (08:00 in Vietnam). */
export const SILENT_DIGEST_HOUR_UTC = 1;
/** At most this many patients are listed in one digest (the count says how many in all). */
export const SILENT_DIGEST_MAX_LISTED = 50;

/** The next run: today's SILENT_DIGEST_HOUR_UTC if still ahead, else tomorrow's. */
export function nextDigestAt(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), SILENT_DIGEST_HOUR_UTC));
  return at.getTime() > now.getTime() ? at : new Date(at.getTime() + 86_400_000);
}

/**
 * One job a day, keyed by its day: a run repeated after a crash (its next run already scheduled) cannot start a second
 * chain. `after`: the later of the run's due time and now, so a late run schedules the next day, not today again.
 */
const scheduleNext = (deps: Pick<Deps, 'db' | 'clock'>, after: Date) => {
  const at = nextDigestAt(after);
  return scheduleJob(deps, {
    kind: SILENT_DIGEST_JOB,
    runAt: at,
    payload: {},
    dedupeKey: `${SILENT_DIGEST_JOB}:${at.toISOString().slice(0, 10)}`,
  });
};

/** Starts the daily chain when none is pending or running (at server start, under the jobs lock of server.ts). */
export async function ensureSilentDigest(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  const live = await deps.db.query("select 1 from jobs where kind = $1 and status in ('pending', 'running') limit 1", [
    SILENT_DIGEST_JOB,
  ]);
  if (live.length > 0) return;
  await scheduleNext(deps, deps.clock.now());
}

/**
 * One run of the chain: the next day's run is scheduled first (a failure below cannot end the chain), then the digests
 * of the run's day (its due time, so a run slipping past midnight still counts for its own day).
 */
export async function runSilentDigestJob(
  deps: Pick<Deps, 'db' | 'clock'>,
  job: { run_at: Date | string },
): Promise<void> {
  const runAt = new Date(job.run_at);
  const now = deps.clock.now();
  await scheduleNext(deps, runAt.getTime() > now.getTime() ? runAt : now);
  const failed = await sendSilentDigests(deps, runAt.toISOString().slice(0, 10));
  // Tenants that failed are retried by the job's own retry; the others' digests are deduplicated by their keys.
  if (failed.length > 0) throw new Error(`silent digest failed for ${failed.length} tenant(s)`);
}

/**
 * Queues the digests of `day` (UTC date, default today) for every active tenant, one tenant failing not stopping the
 * others; answers the ids of the tenants that failed.
 */
export async function sendSilentDigests(deps: Pick<Deps, 'db' | 'clock'>, day?: string): Promise<string[]> {
  const tenants = await deps.db.query<{ id: string }>('select id from tenants where active order by id');
  const failed: string[] = [];
  for (const t of tenants) {
    try {
      await sendTenantDigests(deps, t.id, day);
    } catch {
      failed.push(t.id);
    }
  }
  return failed;
}

/** The digests of one tenant for `day`: its silent patients grouped by the doctors following them; answers how many staff members got one queued now. */
export async function sendTenantDigests(
  deps: Pick<Deps, 'db' | 'clock'>,
  tenantId: string,
  dayOf?: string,
): Promise<number> {
  const now = deps.clock.now();
  const hours = await silentAfterHoursFor(deps.db, tenantId);
  const cutoff = new Date(now.getTime() - hours * 3600_000);
  const rows = await repo.silentPatientsByDoctor(deps.db, tenantId, cutoff);
  const byDoctor = new Map<string, repo.SilentFollowRow[]>();
  for (const r of rows) {
    const list = byDoctor.get(r.doctor_id) ?? [];
    list.push(r);
    byDoctor.set(r.doctor_id, list);
  }
  const day = dayOf ?? now.toISOString().slice(0, 10);
  const items: OutboxItem[] = [];
  for (const [doctorId, list] of byDoctor) {
    const payload = {
      hours,
      total: list.length,
      patients: list.slice(0, SILENT_DIGEST_MAX_LISTED).map((p) => ({
        id: p.patient_id,
        firstName: p.first_name,
        lastName: p.last_name,
        code: p.patient_code,
        // Whole hours without readings (null: never sent any; silent since its device was paired).
        quietHours: p.last_reading_at
          ? Math.floor((now.getTime() - new Date(p.last_reading_at).getTime()) / 3600_000)
          : null,
        // The reasons (issue 20): silent by the time rule, and/or a device not worn for whole hours (null: worn).
        silent: new Date(p.last_reading_at ?? p.paired_since ?? now).getTime() < cutoff.getTime(),
        notWornHours: p.not_worn_since
          ? Math.max(0, Math.floor((now.getTime() - new Date(p.not_worn_since).getTime()) / 3600_000))
          : null,
      })),
    };
    const email = list[0]!.doctor_email;
    items.push({
      dedupeKey: `silent-digest:${day}:${doctorId}:in_app`,
      channel: 'in_app',
      alertId: null,
      recipientUserId: doctorId,
      recipientPhone: null,
      recipientEmail: null,
      template: SILENT_DIGEST_TEMPLATE,
      payload,
    });
    if (email)
      items.push({
        dedupeKey: `silent-digest:${day}:${doctorId}:email`,
        channel: 'email',
        alertId: null,
        recipientUserId: doctorId,
        recipientPhone: null,
        recipientEmail: email,
        template: SILENT_DIGEST_TEMPLATE,
        payload,
      });
  }
  if (items.length === 0) return 0;
  const inserted = await deps.db.tx((tx) => enqueueDeliveries(tx, tenantId, items, now));
  return inserted === 0 ? 0 : byDoctor.size;
}
