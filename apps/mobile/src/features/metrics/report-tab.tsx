import { ActionIcon, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shiftPeriod, type ReportPeriod } from '@carewatch/clinical/reports';
import { fromCanonical, type UnitPrefs } from '@carewatch/clinical/units';
import { BP_CLASSES, type TMetricReport } from '@carewatch/contracts/app-vitals';
import type { TMetric } from '@carewatch/contracts/vitals';
import { CardsSkeleton } from '../../app/states.tsx';
import { Chart, type ChartOption } from './chart.tsx';
import { dayKeyText, minutesText, todayKey, valueText, type PagePrefs } from './format.ts';
import { metricsApi } from './metrics-api.ts';
import { BpBadge, FetchFailed, StageShares, Stat, StatGrid } from './parts.tsx';

type Props = { metric: TMetric; subject: string; prefs: PagePrefs };
const PERIODS: readonly ReportPeriod[] = ['week', 'month', 'year'];
/** Metrics whose bars are totals per day or month rather than averages. */
const TOTALS: ReadonlySet<TMetric> = new Set(['steps', 'calories', 'sleep']);

function periodLabel(r: TMetricReport): string {
  if (r.period === 'year') return r.startDate.slice(0, 4);
  if (r.period === 'month') return dayKeyText(r.startDate.slice(0, 7));
  return `${dayKeyText(r.startDate)} – ${dayKeyText(r.endDate)}`;
}

/** The Report tab: week / month / year with previous and next, a bar per day (month per year) and the summary. */
export function ReportTab({ metric, subject, prefs }: Props) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ReportPeriod>('week');
  const [date, setDate] = useState(todayKey(prefs.timezone));
  const q = useQuery({
    queryKey: ['metrics', subject, metric, 'report', period, date],
    queryFn: () => metricsApi.report(subject, { metric, period, date }),
  });
  const r = q.data;
  const canNext = r ? r.endDate < todayKey(prefs.timezone) : false;

  const option = useMemo<ChartOption | null>(() => {
    if (!r) return null;
    const bp = metric === 'blood_pressure';
    const conv = (v: number | null) =>
      v === null
        ? null
        : bp || metric === 'ecg'
          ? Math.round(v)
          : Number(fromCanonical(metric, v, prefs).value.toFixed(2));
    const totals = TOTALS.has(metric);
    const labels = r.buckets.map((b) => (r.period === 'year' ? b.key.slice(5, 7) : b.key.slice(8, 10)));
    // §8: a bucket whose average was empty or 0 shows the overall average, drawn faded.
    const bar = (v: number | null, filled: boolean) => ({ value: v, itemStyle: { opacity: filled ? 0.3 : 1 } });
    return {
      animation: false,
      grid: { left: 44, right: 8, top: bp ? 28 : 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      ...(bp ? { legend: { top: 0, data: [t('metricPages.bp.systolic'), t('metricPages.bp.diastolic')] } } : {}),
      xAxis: { type: 'category', data: labels },
      yAxis: { type: 'value', scale: !totals },
      series: totals
        ? [
            {
              type: 'bar',
              name: t(`metrics.${metric}`),
              data: r.buckets.map((b) =>
                metric === 'sleep' && b.sum !== null ? Math.round((b.sum / 60) * 10) / 10 : b.sum,
              ),
              itemStyle: { color: '#228be6' },
            },
          ]
        : [
            {
              type: 'bar',
              name: bp ? t('metricPages.bp.systolic') : t(`metrics.${metric}`),
              itemStyle: { color: '#e8590c' },
              data: r.buckets.map((b) => bar(conv(b.avg), b.filled)),
            },
            ...(bp
              ? [
                  {
                    type: 'bar',
                    name: t('metricPages.bp.diastolic'),
                    itemStyle: { color: '#1c7ed6' },
                    data: r.buckets.map((b) => bar(conv(b.avg2), b.filled)),
                  },
                ]
              : []),
          ],
    };
  }, [r, metric, prefs, t]);

  let body;
  if (q.isError) body = <FetchFailed metric={metric} error={q.error} onRetry={() => void q.refetch()} />;
  else if (!r || !option) body = <CardsSkeleton rows={3} />;
  else body = <ReportBody report={r} option={option} metric={metric} prefs={prefs} />;

  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        value={period}
        onChange={(x) => setPeriod(x as ReportPeriod)}
        data={PERIODS.map((p) => ({ value: p, label: t(`metricPages.report.periods.${p}`) }))}
      />
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="light"
          size={44}
          aria-label={t('metricPages.report.previous')}
          onClick={() => setDate(shiftPeriod(period, date, -1))}
        >
          ‹
        </ActionIcon>
        <Text fw={600} aria-live="polite">
          {r ? periodLabel(r) : ''}
        </Text>
        <ActionIcon
          variant="light"
          size={44}
          aria-label={t('metricPages.report.next')}
          disabled={!canNext}
          onClick={() => setDate(shiftPeriod(period, date, 1))}
        >
          ›
        </ActionIcon>
      </Group>
      {body}
    </Stack>
  );
}

function ReportBody({
  report: r,
  option,
  metric,
  prefs,
}: {
  report: TMetricReport;
  option: ChartOption;
  metric: TMetric;
  prefs: UnitPrefs;
}) {
  const { t } = useTranslation();
  const v = (a: number | null, b?: number | null) => valueText(t, metric, a, b, prefs);
  const s = r.summary;
  const hasFilled = r.buckets.some((b) => b.filled && b.n === 0) && s.n > 0;
  if (s.n === 0) return <Text c="dimmed">{t('metricPages.noDataPeriod')}</Text>;
  return (
    <Stack gap="sm">
      <Chart option={option} label={t('metricPages.report.chart', { metric: t(`metrics.${metric}`) })} />
      {hasFilled && (
        <Text size="xs" c="dimmed">
          {t('metricPages.report.filledNote')}
        </Text>
      )}
      <Title order={2} size="h5">
        {t('metricPages.report.summary')}
      </Title>
      {r.steps ? (
        <StatGrid>
          <Stat label={t('metricPages.steps.total')} value={String(Math.round(r.steps.total))} />
          <Stat
            label={t('metricPages.steps.avgPerDay')}
            value={r.steps.avgPerDay === null ? '—' : String(Math.round(r.steps.avgPerDay))}
          />
          <Stat label={t('metricPages.steps.target')} value={r.steps.target === null ? '—' : String(r.steps.target)} />
          <Stat label={t('metricPages.steps.daysReached')} value={`${r.steps.daysReached}/${r.steps.days}`} />
        </StatGrid>
      ) : r.sleep ? (
        <Stack gap="sm">
          <StatGrid>
            <Stat
              label={t('metricPages.sleep.avg')}
              value={r.sleep.avgMinutes === null ? '—' : minutesText(t, r.sleep.avgMinutes)}
            />
            <Stat label={t('metricPages.sleep.nights')} value={String(r.sleep.sessions)} />
            {r.sleep.targetMinutes !== null && (
              <Stat label={t('metricPages.sleep.target')} value={minutesText(t, r.sleep.targetMinutes)} />
            )}
          </StatGrid>
          <StageSharesOfReport sleep={r.sleep} />
        </Stack>
      ) : (
        <StatGrid>
          <Stat label={t('metricPages.stats.avg')} value={v(s.avg, s.avg2)} />
          <Stat label={t('metricPages.stats.min')} value={v(s.min, s.min2)} />
          <Stat label={t('metricPages.stats.max')} value={v(s.max, s.max2)} />
          <Stat label={t('metricPages.stats.count')} value={String(s.n)} />
        </StatGrid>
      )}
      {r.bp && (
        <Stack gap={6} role="group" aria-label={t('metricPages.bp.counts')}>
          <Text fw={600} size="sm">
            {t('metricPages.bp.counts')}
          </Text>
          {BP_CLASSES.map((c) => (
            <Group key={c} justify="space-between">
              <BpBadge cls={c} />
              <Text fw={700}>{r.bp!.counts[c] ?? 0}</Text>
            </Group>
          ))}
        </Stack>
      )}
      {r.weight && (
        <StatGrid>
          <Stat label={t('metricPages.weight.first')} value={v(r.weight.first)} />
          <Stat label={t('metricPages.weight.last')} value={v(r.weight.last)} />
          <Stat
            label={t('metricPages.weight.change')}
            value={r.weight.change === null ? '—' : signed(r.weight.change, metric, prefs, t)}
          />
          <Stat label={t('metricPages.weight.goal')} value={v(r.weight.target)} />
          <Stat
            label={t('metricPages.weight.toGoal')}
            value={r.weight.toTarget === null ? '—' : signed(r.weight.toTarget, metric, prefs, t)}
          />
        </StatGrid>
      )}
    </Stack>
  );
}

/** A weight difference in the user's unit with its sign (+1.5 kg / −2.0 lb). */
function signed(kg: number, metric: TMetric, prefs: UnitPrefs, t: ReturnType<typeof useTranslation>['t']): string {
  const text = valueText(t, metric, Math.abs(kg), null, prefs);
  return `${kg > 0 ? '+' : kg < 0 ? '−' : ''}${text}`;
}

function StageSharesOfReport({ sleep }: { sleep: NonNullable<TMetricReport['sleep']> }) {
  // The report already compared each stage's share of asleep time with the ideal range.
  return <StageShares percent={sleep.percent} verdicts={sleep.ideal} />;
}
