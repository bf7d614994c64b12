import { Badge } from '@mantine/core';
import i18n, { type TFunction } from 'i18next';
import { ApiError } from '@carewatch/api-client/client';
import { transactionsApi } from '@carewatch/api-client/transactions';
import type { TTxStatus } from '@carewatch/contracts/billing';
import { api } from '../../app/api.ts';
import { TX_STATUS_KEY, fileNameOf, txStatusBadge } from './transactions-rules.ts';

export const transactions = transactionsApi(api.request);

export const txKeys = {
  all: ['transactions'] as const,
  list: (q: object) => ['transactions', 'list', q] as const,
  detail: (id: string) => ['transactions', 'detail', id] as const,
  reconciliations: (q: object) => ['transactions', 'reconciliations', q] as const,
  reconciliation: (id: string) => ['transactions', 'reconciliation', id] as const,
  items: (id: string, q: object) => ['transactions', 'reconciliation', id, 'items', q] as const,
};

/** Status number (spec: failed 0, pending 1, success 2, refund 3) → its i18n key. */
export const STATUS_KEY = TX_STATUS_KEY;
export const statusText = (t: TFunction, s: TTxStatus) => t(txStatusBadge(s).labelKey);
export function TxStatusBadge({ t, status }: { t: TFunction; status: TTxStatus }) {
  return (
    <Badge
      color={txStatusBadge(status).color}
      variant="light"
      tt="none"
      style={{ maxWidth: 'none', overflow: 'visible' }}
    >
      {statusText(t, status)}
    </Badge>
  );
}

/**
 * POSTs a JSON body and saves the file answered (the export), behind the auth header, refreshing the session once on
 * 401. Errors come back as ApiError with the server's code and details (field errors of the export request).
 */
export async function downloadPost(url: string, body: unknown, fallbackName: string): Promise<void> {
  const post = () => {
    const token = api.tokens.access();
    // The screen's language, not the browser's: the file's headers and values follow what the user reads.
    return fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Language': i18n.language,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  };
  let res = await post();
  if (res.status === 401 && (await api.refresh())) res = await post();
  if (!res.ok) {
    let code = 'INTERNAL';
    let message = res.statusText;
    let details: Record<string, unknown> | undefined;
    try {
      const b = (await res.json()) as { code?: string; message?: string; details?: Record<string, unknown> };
      code = b.code ?? code;
      message = b.message ?? message;
      details = b.details;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, code, message, details);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = fileNameOf(disposition, fallbackName);
  const objectUrl = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = objectUrl;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
