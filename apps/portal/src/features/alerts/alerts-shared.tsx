import { Badge, Pagination } from '@mantine/core';
import type { TFunction } from 'i18next';
import { alertsApi } from '@carewatch/api-client/alerts';
import { notificationsApi } from '@carewatch/api-client/notifications';
import type { TAlertLevel, TAlertRule, TAlertStatus, TSosMessage } from '@carewatch/contracts/alerts';
import { api } from '../../app/api.ts';

export const alerts = alertsApi(api.request);
export const notifs = notificationsApi(api.request);

/** How often the SOS and alert lists refresh themselves (they also refresh on focus). */
export const LIVE_MS = 5000;

export const alertKeys = {
  all: ['alerts'] as const,
  list: (q: object) => ['alerts', 'list', q] as const,
  sosCases: (q: object) => ['alerts', 'sosCases', q] as const,
  sosCase: (id: string) => ['alerts', 'sosCase', id] as const,
  sosPatients: (q: object) => ['alerts', 'sosPatients', q] as const,
  thresholds: (patientId: string) => ['alerts', 'thresholds', patientId] as const,
  sms: (q: object) => ['alerts', 'sms', q] as const,
  calls: (q: object) => ['alerts', 'calls', q] as const,
  cdrFiles: ['alerts', 'cdrFiles'] as const,
  notifications: (q: object) => ['alerts', 'notifications', q] as const,
};

const LEVEL_COLOR: Record<TAlertLevel, string> = { normal: 'teal', at_risk: 'yellow', high_risk: 'orange', sos: 'red' };
const STATUS_COLOR: Record<TAlertStatus, string> = {
  open: 'red',
  acknowledged: 'blue',
  closed: 'gray',
  suppressed: 'violet',
};

export function LevelBadge({ t, level }: { t: TFunction; level: TAlertLevel }) {
  return (
    <Badge color={LEVEL_COLOR[level]} variant="filled" tt="none">
      {t(`alerts.level.${level}`)}
    </Badge>
  );
}
export function AlertStatusBadge({ t, status }: { t: TFunction; status: TAlertStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" tt="none">
      {t(`alerts.status.${status}`)}
    </Badge>
  );
}

export function ruleText(t: TFunction, rule: TAlertRule): string {
  return t('alerts.sosCase.ruleText', {
    index: t(`alerts.index.${rule.index}`),
    side: t(`alerts.side.${rule.side}`),
    limit: rule.limit,
    tier: t(`alerts.tier.${rule.tier}`),
  });
}

export function sosMessageText(t: TFunction, m: TSosMessage | null): string {
  if (!m) return t('alerts.common.none');
  return m.kind === 'choice' ? t(`alerts.sosMessage.${m.choice}`) : t('alerts.sosMessage.recording');
}

/** Server pagination with accessible control names; `prefix` is the i18n block holding the labels. */
export function Pager({
  t,
  total,
  size,
  page,
  onChange,
  prefix = 'alerts.common',
}: {
  t: TFunction;
  total: number;
  size: number;
  page: number;
  onChange: (p: number) => void;
  prefix?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t(`${prefix}.pagination`)}>
      <Pagination
        total={pages}
        value={page + 1}
        onChange={(p) => onChange(p - 1)}
        getControlProps={(control) => ({ 'aria-label': t(`${prefix}.${control}Page`) })}
        getItemProps={(p) => ({ 'aria-label': t(`${prefix}.page`, { n: p }) })}
      />
    </nav>
  );
}
