import { Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bpClass } from '@carewatch/clinical/cardio';
import { compareWithIdeal } from '@carewatch/clinical/sleep';
import type { TMetric, TVitalsPoint } from '@carewatch/contracts/vitals';
import { CardsSkeleton } from '../../app/states.tsx';
import { Chart, type ChartOption } from './chart.tsx';
import { minutesText, startOfToday, todayKey, valueText, type PagePrefs } from './format.ts';
import { dateText, dateTimeText, timeText } from '../../app/format.ts';
import { metricsApi } from './metrics-api.ts';
import { BpBadge, FetchFailed, GoalEditor, SleepDiagram, StageShares, Stat, StatGrid } from './parts.tsx';

type Props = { metric: TMetric; subject: string; prefs: PagePrefs; canEdit: boolean; dashboard?: boolean };
const DAY = 86_400_000;

/** The Detail tab: today's readings (most recent first) or, for sleep, steps, weight and ECG, their own view. */
export function DetailTab(props: Props) {
  // Steps and weight views read the app-only report and goals: a dashboard subject gets today's readings instead.
  if (props.dashboard && (props.metric === 'steps' || props.metric === 'weight')) return <TodayReadings {...props} />;
  switch (props.metric) {
    case 'sleep':
      return <SleepDetail {...props} />;
    case 'steps':
      return <StepsDetail {...props} />;
    case 'weight':
      return <WeightDetail {...props} />;
    case 'ecg':
      return <EcgDetail {...props} />;
    default:
      return <TodayReadings {...props} />;
  }
}

/** Weighted stats of chart points (a bucket counts for its readings). */
export function pointStats(points: readonly TVitalsPoint[]) {
  let n = 0;
  let sum = 0;
  let min: number | null = null;
  let max: number | null = null;
  let sum2 = 0;
  let n2 = 0;
  let min2: number | null = null;
  let max2: number | null = null;
  for (const p of points) {
    if (p.avg !== null) {
      n += p.n;
      sum += p.avg * p.n;
    }
    if (p.min !== null) min = min === null ? p.min : Math.min(min, p.min);
    if (p.max !== null) max = max === null ? p.max : Math.max(max, p.max);
    if (p.avg2 != null) {
      n2 += p.n;
      sum2 += p.avg2 * p.n;
    }
    if (p.min2 != null) min2 = min2 === null ? p.min2 : Math.min(min2, p.min2);
    if (p.max2 != null) max2 = max2 === null ? p.max2 : Math.max(max2, p.max2);
  }
  return { n, avg: n ? sum / n : null, min, max, avg2: n2 ? sum2 / n2 : null, min2, max2 };
}

function TodayReadings({ metric, subject, prefs }: Props) {
  const { t } = useTranslation();
  const day = todayKey(prefs.timezone);
  const from = startOfToday(prefs.timezone);
  const q = useQuery({
    queryKey: ['metrics', subject, metric, 'today', day],
    queryFn: () =>
      metricsApi.series(subject, {
        metric,
        from: from.toISOString(),
        to: new Date(from.getTime() + DAY).toISOString(),
        points: 500,
      }),
  });
  if (q.isError) return <FetchFailed metric={metric} error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <CardsSkeleton rows={2} />;
  const points = q.data.points;
  if (points.length === 0) return <Text c="dimmed">{t('metricPages.noDataToday')}</Text>;
  const s = pointStats(points);
  const v = (a: number | null, b?: number | null) => valueText(t, metric, a, b, prefs);
  const newest = [...points].reverse().slice(0, 60);
  const last = points[points.length - 1]!;
  return (
    <Stack gap="sm">
      <StatGrid>
        {metric === 'temperature' && <Stat label={t('metricPages.temperature.today')} value={v(last.avg)} />}
        {metric === 'temperature' && <Stat label={t('metricPages.temperature.average')} value={v(s.avg)} />}
        {metric === 'blood_glucose' && (
          <Stat label={t('metricPages.glucose.scope')} value={`${v(s.min)} – ${v(s.max)}`} />
        )}
        {metric !== 'temperature' && <Stat label={t('metricPages.stats.avg')} value={v(s.avg, s.avg2)} />}
        <Stat label={t('metricPages.stats.min')} value={v(s.min, s.min2)} />
        <Stat label={t('metricPages.stats.max')} value={v(s.max, s.max2)} />
        <Stat label={t('metricPages.stats.count')} value={String(s.n)} />
      </StatGrid>
      <Title order={2} size="h5">
        {metric === 'temperature' ? t('metricPages.temperature.details') : t('metricPages.detail.today')}
      </Title>
      {/* A narrow phone (360 px) scrolls the table inside its own area rather than the page. */}
      <Table.ScrollContainer minWidth={260}>
        <Table striped aria-label={t('metricPages.detail.today')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('metricPages.detail.time')}</Table.Th>
              <Table.Th>{t('metricPages.detail.value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {newest.map((p) => (
              <Table.Tr key={p.t}>
                <Table.Td>{timeText(p.t)}</Table.Td>
                <ValueCell text={v(p.avg, p.avg2)} bp={metric === 'blood_pressure' ? [p.avg, p.avg2] : null} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** A reading's value, with its blood-pressure class beside a BP reading. */
function ValueCell({ text, bp }: { text: string; bp: [number | null, number | null | undefined] | null }) {
  return (
    <Table.Td>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm">{text}</Text>
        {bp && bp[0] !== null && bp[1] != null && <BpBadge cls={bpClass(bp[0], bp[1])} />}
      </Group>
    </Table.Td>
  );
}

function SleepDetail({ subject, prefs }: Props) {
  const { t } = useTranslation();
  const day = todayKey(prefs.timezone);
  const q = useQuery({
    queryKey: ['metrics', subject, 'sleep', 'last-night', day],
    queryFn: () => {
      const now = Date.now();
      return metricsApi.sleep(subject, {
        from: new Date(now - 1.5 * DAY).toISOString(),
        to: new Date(now + 60_000).toISOString(),
      });
    },
  });
  if (q.isError) return <FetchFailed metric="sleep" error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <CardsSkeleton rows={2} />;
  const session = q.data.sessions[q.data.sessions.length - 1];
  if (!session) return <Text c="dimmed">{t('metricPages.noData')}</Text>;
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        {t('metricPages.sleep.lastNight')}
      </Title>
      <StatGrid>
        <Stat label={t('metricPages.sleep.lastNight')} value={minutesText(t, session.totalMinutes)} />
        {q.data.targetMinutes !== null && (
          <Stat label={t('metricPages.sleep.target')} value={minutesText(t, q.data.targetMinutes)} />
        )}
      </StatGrid>
      <SleepDiagram session={session} />
      <StageShares percent={session.percent} verdicts={compareWithIdeal(session.minutes)} />
    </Stack>
  );
}

function StepsDetail({ subject, prefs, canEdit }: Props) {
  const { t } = useTranslation();
  const day = todayKey(prefs.timezone);
  const report = useQuery({
    queryKey: ['metrics', subject, 'steps', 'report', 'week', day],
    queryFn: () => metricsApi.report(subject, { metric: 'steps', period: 'week', date: day }),
  });
  const goals = useQuery({ queryKey: ['metrics', subject, 'goals'], queryFn: () => metricsApi.goals(subject) });
  if (report.isError) return <FetchFailed metric="steps" error={report.error} onRetry={() => void report.refetch()} />;
  if (goals.isError) return <FetchFailed metric="steps" error={goals.error} onRetry={() => void goals.refetch()} />;
  if (!report.data || !goals.data) return <CardsSkeleton rows={2} />;
  const today = report.data.buckets.find((b) => b.key === day)?.sum ?? 0;
  const target = goals.data.stepsTarget;
  const pct = target ? Math.round((today / target) * 100) : null;
  return (
    <Stack gap="sm">
      <Card withBorder padding="sm" role="group" aria-label={t('metricPages.steps.today')}>
        <Text size="xs" c="dimmed">
          {t('metricPages.steps.today')}
        </Text>
        <Text fw={700} size="xl">
          {target ? t('metricPages.steps.progress', { steps: today, target }) : `${today} ${t('units.steps')}`}
        </Text>
        {pct !== null && (
          <>
            <Progress
              value={Math.min(100, pct)}
              color={pct >= 100 ? 'teal' : 'blue'}
              mt="xs"
              aria-label={t('metricPages.steps.percent', { pct })}
            />
            <Text size="sm" mt={4}>
              {t('metricPages.steps.percent', { pct })}
            </Text>
          </>
        )}
      </Card>
      <GoalEditor kind="steps" subject={subject} goals={goals.data} canEdit={canEdit} prefs={prefs} />
    </Stack>
  );
}

function WeightDetail({ subject, prefs, canEdit }: Props) {
  const { t } = useTranslation();
  const day = todayKey(prefs.timezone);
  const goals = useQuery({ queryKey: ['metrics', subject, 'goals'], queryFn: () => metricsApi.goals(subject) });
  const records = useQuery({
    queryKey: ['metrics', subject, 'weight', 'records', day],
    queryFn: () => {
      const now = Date.now();
      return metricsApi.series(subject, {
        metric: 'weight',
        from: new Date(now - 365 * DAY).toISOString(),
        to: new Date(now + 60_000).toISOString(),
        points: 1000,
      });
    },
  });
  if (goals.isError) return <FetchFailed metric="weight" error={goals.error} onRetry={() => void goals.refetch()} />;
  if (records.isError)
    return <FetchFailed metric="weight" error={records.error} onRetry={() => void records.refetch()} />;
  if (!goals.data || !records.data) return <CardsSkeleton rows={2} />;
  const list = [...records.data.points].reverse().slice(0, 100);
  return (
    <Stack gap="sm">
      <Card withBorder padding="sm">
        <GoalEditor kind="weight" subject={subject} goals={goals.data} canEdit={canEdit} prefs={prefs} />
      </Card>
      <Title order={2} size="h5">
        {t('metricPages.weight.records')}
      </Title>
      {list.length === 0 ? (
        <Text c="dimmed">{t('metricPages.noData')}</Text>
      ) : (
        <Table striped aria-label={t('metricPages.weight.records')}>
          <Table.Tbody>
            {list.map((p) => (
              <Table.Tr key={p.t}>
                <Table.Td>{dateTimeText(p.t)}</Table.Td>
                <Table.Td>{valueText(t, 'weight', p.avg, null, prefs)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function EcgDetail({ subject, prefs }: Props) {
  const { t } = useTranslation();
  const day = todayKey(prefs.timezone);
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['metrics', subject, 'ecg', 'list', day],
    queryFn: () => {
      const now = Date.now();
      return metricsApi.ecgStrips(subject, {
        from: new Date(now - 30 * DAY).toISOString(),
        to: new Date(now + 60_000).toISOString(),
      });
    },
  });
  const strip = useQuery({
    queryKey: ['metrics', subject, 'ecg', 'strip', open],
    queryFn: () => metricsApi.ecgStrip(subject, open!),
    enabled: open !== null,
  });
  const option = useMemo<ChartOption | null>(() => {
    if (!strip.data) return null;
    const rate = strip.data.samplingRate || 250;
    // The first 10 seconds are enough to read on a phone.
    const samples = strip.data.samples.slice(0, rate * 10);
    return {
      animation: false,
      grid: { left: 36, right: 8, top: 8, bottom: 24 },
      xAxis: { type: 'value', min: 0, max: samples.length / rate, axisLabel: { formatter: '{value} s' } },
      yAxis: { type: 'value', scale: true },
      series: [
        {
          type: 'line',
          showSymbol: false,
          lineStyle: { width: 1, color: '#e03131' },
          data: samples.map((v, i) => [i / rate, v]),
        },
      ],
    };
  }, [strip.data]);
  if (list.isError) return <FetchFailed metric="ecg" error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <CardsSkeleton rows={2} />;
  if (list.data.items.length === 0) return <Text c="dimmed">{t('metricPages.ecg.none')}</Text>;
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        {t('metricPages.ecg.strips')}
      </Title>
      {open && strip.isError && <FetchFailed metric="ecg" error={strip.error} onRetry={() => void strip.refetch()} />}
      {open && option && <Chart option={option} label={t('metricPages.ecg.strip')} height={180} />}
      <Table striped>
        <Table.Tbody>
          {list.data.items.map((s) => (
            <Table.Tr key={s.measuredAt}>
              <Table.Td>
                {dateText(s.measuredAt)} {timeText(s.measuredAt)}
              </Table.Td>
              <Table.Td>
                {s.heartRate === null ? '—' : t('metricPages.ecg.bpm', { bpm: Math.round(s.heartRate) })}
              </Table.Td>
              <Table.Td>{t('metricPages.ecg.seconds', { s: Math.round(s.durationSeconds) })}</Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="light" onClick={() => setOpen(s.measuredAt)}>
                  {t('metricPages.ecg.show')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
