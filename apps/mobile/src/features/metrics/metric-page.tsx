import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { UnitPrefs } from '@carewatch/clinical/units';
import type { TAlertLevel } from '@carewatch/contracts/alerts';
import type { TMetric } from '@carewatch/contracts/vitals';
import { useProfile } from '../../app/queries.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { dashboardItems } from '../home/latest.ts';
import { pageMetric, valueText, type PagePrefs } from './format.ts';
import { dateTimeText } from '../../app/format.ts';
import { subjectsApi, useMetricSubject } from './metrics-api.ts';
import { FetchFailed } from './parts.tsx';
import { DetailTab } from './detail-tab.tsx';
import { TrendTab } from './trend-tab.tsx';
import { ReportTab } from './report-tab.tsx';

const LEVEL_COLOR: Record<TAlertLevel, string> = { normal: 'teal', at_risk: 'yellow', high_risk: 'orange', sos: 'red' };
type Tab = 'detail' | 'trend' | 'report';

/** `/metrics/:metric`: one index's latest value and level, then Detail, Trend and Report (spec §2 "a page per metric"). */
export function MetricPage() {
  const { t } = useTranslation();
  const param = useParams().metric;
  const metric = pageMetric(param);
  if (!metric) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('metricPages.title')}
        </Title>
        <Alert color="gray" role="alert">
          {t('metricPages.notFound')}
        </Alert>
        <Button component={Link} to="/" variant="light">
          {t('metricPages.back')}
        </Button>
      </Stack>
    );
  }
  return <MetricScreen key={metric} metric={metric} />;
}

function MetricScreen({ metric }: { metric: TMetric }) {
  const { t } = useTranslation();
  const { id, canEdit, name, dashboard } = useMetricSubject();
  const profile = useProfile();
  const [tab, setTab] = useState<Tab>('detail');
  const prefs: PagePrefs | null = profile.data ?? null;

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon component={Link} to="/" variant="subtle" size={44} aria-label={t('metricPages.back')}>
          ‹
        </ActionIcon>
        <Title order={1} size="h3">
          {t(`metrics.${metric}`)}
        </Title>
      </Group>
      {name && (
        <Text size="sm" c="dimmed">
          {t('metricPages.viewingAs', { name })}
        </Text>
      )}
      {profile.isError ? (
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      ) : !prefs ? (
        <CardsSkeleton rows={2} />
      ) : (
        <>
          <LatestCard metric={metric} subject={id} prefs={prefs} />
          <Tabs value={tab} onChange={(v) => setTab((v ?? 'detail') as Tab)} keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="detail">{t('metricPages.tabs.detail')}</Tabs.Tab>
              <Tabs.Tab value="trend">{t('metricPages.tabs.trend')}</Tabs.Tab>
              {!dashboard && <Tabs.Tab value="report">{t('metricPages.tabs.report')}</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="detail" pt="md">
              <DetailTab metric={metric} subject={id} prefs={prefs} canEdit={canEdit} dashboard={dashboard} />
            </Tabs.Panel>
            <Tabs.Panel value="trend" pt="md">
              <TrendTab metric={metric} subject={id} prefs={prefs} />
            </Tabs.Panel>
            {!dashboard && (
              <Tabs.Panel value="report" pt="md">
                <ReportTab metric={metric} subject={id} prefs={prefs} />
              </Tabs.Panel>
            )}
          </Tabs>
        </>
      )}
    </Stack>
  );
}

/** The newest reading and its alert level against the subject's thresholds (left out when they cannot be read). */
function LatestCard({ metric, subject, prefs }: { metric: TMetric; subject: string; prefs: UnitPrefs }) {
  const { t } = useTranslation();
  const latest = useQuery({
    queryKey: ['metrics', subject, 'latest'],
    queryFn: () => subjectsApi.latest(subject),
    refetchInterval: 60_000,
  });
  const thresholds = useQuery({
    queryKey: ['metrics', subject, 'thresholds'],
    queryFn: () => subjectsApi.thresholds(subject),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const row = latest.data?.items.find((i) => i.metric === metric) ?? null;
  const level = useMemo(() => {
    if (!row || !thresholds.data) return null;
    return dashboardItems([row], thresholds.data.items, prefs)[0]?.level ?? null;
  }, [row, thresholds.data, prefs]);

  if (latest.isError) return <FetchFailed metric={metric} error={latest.error} onRetry={() => void latest.refetch()} />;
  if (!latest.data) return <CardsSkeleton rows={1} />;
  if (!row) return <Text c="dimmed">{t('metricPages.noData')}</Text>;
  return (
    <Card withBorder padding="sm" role="group" aria-label={t('metricPages.latest')}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('metricPages.latest')}
          </Text>
          <Text fw={700} size="xl">
            {valueText(t, metric, row.value, row.value2, prefs)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('metricPages.measured', { date: dateTimeText(row.measuredAt) })}
          </Text>
        </Stack>
        {level && (
          <Badge
            color={LEVEL_COLOR[level]}
            variant={level === 'normal' ? 'light' : 'filled'}
            aria-label={t('metricPages.levelLabel', { level: t(`levels.${level}`) })}
          >
            {t(`levels.${level}`)}
          </Badge>
        )}
      </Group>
    </Card>
  );
}
