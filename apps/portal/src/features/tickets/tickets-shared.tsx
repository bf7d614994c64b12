import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { ticketsApi } from '@carewatch/api-client/tickets';
import type { TTicketStatus } from '@carewatch/contracts/tickets';
import { api } from '../../app/api.ts';
import { TICKET_STATUS_COLOR, durationText } from './tickets-rules.ts';

export const tickets = ticketsApi(api.request);

export const ticketKeys = {
  all: ['tickets'] as const,
  list: (q: object) => ['tickets', 'list', q] as const,
  detail: (id: string) => ['tickets', 'detail', id] as const,
  stats: (q: object) => ['tickets', 'stats', q] as const,
};

export function TicketStatusBadge({ t, status }: { t: TFunction; status: TTicketStatus }) {
  return (
    <Badge color={TICKET_STATUS_COLOR[status]} variant="light" tt="none">
      {t(`tickets.status.${status}`)}
    </Badge>
  );
}

/** Seconds as "12 s", "3 min 4 s" or "2 h 5 min". */
export function formatDuration(t: TFunction, s: number | null): string {
  const d = durationText(s);
  return 'params' in d ? t(d.key, d.params) : t(d.key);
}
