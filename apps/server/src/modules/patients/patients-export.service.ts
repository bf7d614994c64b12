import { PassThrough, type Readable } from 'node:stream';
import { loadExcel } from '../../platform/lazy.ts';
import type { TPatientListColumn, TPatientListQuery, TPatientRow } from '@carewatch/contracts/patients';
import type { AuthedCtx } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { patientVisibility } from './patient-access.ts';
import * as repo from './patients.repo.ts';
import { filterOf, listColumnsOf, silenceRuleOf, toRow } from './patients.service.ts';

export const EXPORT_LABELS: Record<TPatientListColumn, string> = {
  patientCode: 'Patient ID',
  fullName: 'Full name',
  birthday: 'Birthday',
  gender: 'Gender',
  phone: 'Phone',
  email: 'Email',
  status: 'Status',
  center: 'Health center',
  packageExpiry: 'Package expiry',
  contractId: 'Contract ID',
  accountCreatedAt: 'Account created',
  createdAt: 'Created',
};

const cell = (r: TPatientRow, c: TPatientListColumn): string => {
  const v = c === 'center' ? r.centerName : r[c];
  return v ?? '';
};

/** Writes the rows (chunks) as .xlsx in `columns` to a stream, with exceljs' streaming writer (bounded memory). */
async function workbook(
  ctx: AuthedCtx,
  columns: TPatientListColumn[],
  chunks: AsyncIterable<repo.PatientRow[]>,
): Promise<{ stream: Readable; name: string }> {
  const rule = await silenceRuleOf(ctx, ctx.auth.tenantId);
  const out = new PassThrough();
  const wb = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet('Patients');
  void (async () => {
    ws.addRow(columns.map((c) => EXPORT_LABELS[c])).commit();
    for await (const chunk of chunks) {
      for (const r of chunk) ws.addRow(columns.map((c) => cell(toRow(r, ctx.auth.language, rule), c))).commit();
    }
    ws.commit();
    await wb.commit();
  })().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error('export failed')));
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return { stream: out, name: `patients-${day}.xlsx` };
}

/**
 * The filtered list (no paging) as .xlsx, in the tenant's list columns. Rows are read in keyset chunks and written
 * with exceljs' streaming writer, so memory stays bounded whatever the size.
 */
export async function exportPatients(
  ctx: AuthedCtx,
  q: Pick<TPatientListQuery, 'search' | 'status' | 'mhscId' | 'sort'>,
): Promise<{ stream: Readable; name: string }> {
  const t = ctx.auth.tenantId;
  const columns = await listColumnsOf(ctx.db, t);
  const v = patientVisibility(ctx.auth);
  const f = filterOf(q);
  await audit(ctx, {
    action: 'patient.export',
    resource: 'patient',
    details: { status: q.status ?? null, search: q.search ? true : false },
  });
  return workbook(ctx, columns, repo.exportRows(ctx.db, t, v, f, q.sort));
}

/**
 * Bulk "export selection" (issue 20): the same file as `exportPatients`, with only the selected patients the caller
 * may see, in the order selected (another tenant's or an invisible id is left out, like a missing one).
 */
export async function exportSelectedPatients(
  ctx: AuthedCtx,
  patientIds: string[],
): Promise<{ stream: Readable; name: string; ids: string[] }> {
  const t = ctx.auth.tenantId;
  const columns = await listColumnsOf(ctx.db, t);
  const rows = await repo.visibleRowsByIds(ctx.db, t, patientVisibility(ctx.auth), [
    ...new Set(patientIds.map((x) => x.toLowerCase())),
  ]);
  await audit(ctx, { action: 'patient.export', resource: 'patient', details: { selected: rows.length } });
  const f = await workbook(
    ctx,
    columns,
    (async function* () {
      yield rows;
    })(),
  );
  return { ...f, ids: rows.map((r) => r.id) };
}
