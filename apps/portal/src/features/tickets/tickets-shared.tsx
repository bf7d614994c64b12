import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { ticketsApi } from '@carewatch/api-client/tickets';
import type { TTicketStatus } from '@carewatch/contracts/tickets';
import { api } from '../../app/api.ts';

export const tickets = ticketsApi(api.request);

export const ticketKeys = {
  all: ['tickets'] as const,
  list: (q: object) => ['tickets', 'list', q] as const,
  detail: (id: string) => ['tickets', 'detail', id] as const,
  stats: (q: object) => ['tickets', 'stats', q] as const,
};

const COLOR: Record<TTicketStatus, string> = { new: 'red', confirm: 'orange', processing: 'blue', complete: 'teal', success: 'green', canceled: 'gray' };
export function TicketStatusBadge({ t, status }: { t: TFunction; status: TTicketStatus }) {
  return <Badge color={COLOR[status]} variant="light" tt="none">{t(`tickets.status.${status}`)}</Badge>;
}

/** Seconds as "12 s", "3 min 4 s" or "2 h 5 min". */
export function formatDuration(t: TFunction, s: number | null): string {
  if (s === null) return t('tickets.duration.none');
  if (s < 60) return t('tickets.duration.seconds', { n: s });
  if (s < 3600) return t('tickets.duration.minutes', { m: Math.floor(s / 60), s: s % 60 });
  return t('tickets.duration.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
}
