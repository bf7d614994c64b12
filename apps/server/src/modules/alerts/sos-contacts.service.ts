import type { TSosContacts } from '@carewatch/contracts/alerts';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { ownPatient } from '../patients/patient-access.ts';
import { escalationRecipients } from '../contacts/contacts.service.ts';
import { emergencyNumberFor } from '../tenants/tenants.service.ts';

/**
 * The patient's own offline SOS kit: the numbers an SOS would call (the same recipients as the alert engine's, those
 * with a phone) and the region's emergency number. The app keeps it on the phone for when the server is unreachable.
 */
export async function mySosContacts(ctx: AuthedCtx): Promise<TSosContacts> {
  const own = await ownPatient(ctx);
  if (!own) throw new AppError('NOT_A_PATIENT');
  const [recipients, emergencyNumber] = await Promise.all([
    escalationRecipients(ctx.db, ctx.auth.tenantId, own.id, ctx.auth.language),
    emergencyNumberFor(ctx.db, ctx.auth.tenantId),
  ]);
  const contacts = recipients
    .filter((r): r is typeof r & { phone: string } => r.phone !== null && r.phone !== '')
    .map((r) => ({ name: r.name, phone: r.phone, kind: r.kind }));
  return { emergencyNumber, contacts };
}
