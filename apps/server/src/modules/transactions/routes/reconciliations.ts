import type { FastifyRequest } from 'fastify';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  RECONCILIATION_MAX_BYTES,
  ZReconciliation,
  ZReconciliationItem,
  ZReconciliationItemPage,
  ZReconciliationItemParams,
  ZReconciliationItemsQuery,
  ZReconciliationListQuery,
  ZReconciliationPage,
  ZResolveRequest,
} from '@carewatch/contracts/transactions';
import { defineRoute } from '../../../platform/route.ts';
import { AppError } from '../../../platform/errors.ts';
import { reconcile, type SettlementUpload } from '../reconcile.service.ts';
import {
  getReconciliation,
  listReconciliationItems,
  listReconciliations,
  resolveReconciliationItem,
} from '../transactions.service.ts';

const tags = ['transactions'];
const P = '/api/account/transactions/reconciliations';

/** The multipart body: text fields and the `file` part (refused over the size limit while it streams). */
async function readUpload(req: FastifyRequest): Promise<SettlementUpload> {
  const fields: Record<string, string> = {};
  let file: { filename: string; data: Buffer } | null = null;
  for await (const part of req.parts({
    limits: { files: 1, fileSize: RECONCILIATION_MAX_BYTES + 1, fields: 10, fieldSize: 1000 },
  })) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
        throw e;
      });
      if (part.fieldname === 'file') file = { filename: part.filename, data };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (file && file.data.length > RECONCILIATION_MAX_BYTES)
    throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
  return { fields, file };
}

export const createReconciliationRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.TransactionReconcile,
  status: 201,
  bodyKind: 'multipart',
  summary:
    "Reconcile a provider's settlement file (multipart: `provider`, optional `currency`, `file` .csv or .xlsx ≤ 10 MB checked by content; columns order code, amount, provider reference, date). Bad lines answer 400 listing them",
  response: ZReconciliation,
  handler: async ({ req }, ctx) => reconcile(ctx, await readUpload(req)),
});
export const listReconciliationsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.TransactionReconcile,
  summary: 'Reconciliations, newest first, with the count of each group (total and unresolved)',
  query: ZReconciliationListQuery,
  response: ZReconciliationPage,
  handler: async ({ query }, ctx) => listReconciliations(ctx, query),
});
export const reconciliationDetailRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/:id`,
  tags,
  permission: Permission.TransactionReconcile,
  summary: 'One reconciliation with the count of each group: matched, missing_ours, missing_theirs, amount_mismatch',
  params: ZIdParams,
  response: ZReconciliation,
  handler: async ({ params }, ctx) => getReconciliation(ctx, params.id),
});
export const reconciliationItemsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/:id/items`,
  tags,
  permission: Permission.TransactionReconcile,
  summary: "One group's items of a reconciliation (file order), optionally only the unresolved ones",
  params: ZIdParams,
  query: ZReconciliationItemsQuery,
  response: ZReconciliationItemPage,
  handler: async ({ params, query }, ctx) => listReconciliationItems(ctx, params.id, query),
});
export const resolveReconciliationItemRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/:id/items/:itemId/resolve`,
  tags,
  permission: Permission.TransactionReconcile,
  summary:
    'Resolve one unmatched item with a note (who and when are kept; audited); a match or a resolved item answers 409',
  params: ZReconciliationItemParams,
  body: ZResolveRequest,
  response: ZReconciliationItem,
  handler: async ({ params, body }, ctx) => resolveReconciliationItem(ctx, params.id, params.itemId, body),
});
