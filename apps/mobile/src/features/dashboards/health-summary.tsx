import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAlertLevel } from '@carewatch/contracts/alerts';
import type { TDashboardOpenAlert } from '@carewatch/contracts/dashboards';
import { dateTimeText } from '../../app/format.ts';
import { timeAgo } from '../home/latest.ts';
import { LEVEL_COLOR } from '../followed/subject-card.tsx';

/** The level badge of a dashboard row. */
export function LevelBadge({ level }: { level: TAlertLevel }) {
  const { t } = useTranslation();
  return (
    <Badge color={LEVEL_COLOR[level]} variant={level === 'normal' ? 'light' : 'filled'} style={{ flexShrink: 0 }}>
      {t(`levels.${level}`)}
    </Badge>
  );
}

/** Open alert (or none) and the last reading, as the followed dashboards say them. */
export function HealthLines(p: {
  openAlert: TDashboardOpenAlert | null;
  openAlerts: number;
  lastMeasuredAt: string | null;
}) {
  const { t, i18n } = useTranslation();
  const now = new Date();
  return (
    <>
      <Text size="xs" c={p.openAlert ? undefined : 'dimmed'}>
        {p.openAlert
          ? t('followed.openAlert', {
              level: t(`levels.${p.openAlert.level}`),
              when: dateTimeText(new Date(p.openAlert.since)),
            })
          : t('followed.noAlert')}
        {p.openAlerts > 1 ? ` · ${t('dashboards.alerts', { count: p.openAlerts })}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {p.lastMeasuredAt
          ? t('followed.lastReading', { ago: timeAgo(p.lastMeasuredAt, now, i18n.language) })
          : t('followed.noReading')}
      </Text>
    </>
  );
}
