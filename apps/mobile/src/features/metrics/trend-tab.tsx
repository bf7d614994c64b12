import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromCanonical } from '@carewatch/clinical/units';
import type { TMetric } from '@carewatch/contracts/vitals';
import { CardsSkeleton } from '../../app/states.tsx';
import { Chart, type ChartOption } from './chart.tsx';
import { todayKey, valueText, type PagePrefs } from './format.ts';
import { dateText, timeText } from '../../app/format.ts';
import { metricsApi } from './metrics-api.ts';
import { FetchFailed, Stat, StatGrid } from './parts.tsx';
import { pointStats } from './detail-tab.tsx';

type Props = { metric: TMetric; subject: string; prefs: PagePrefs };
const RANGES = { day: 1, week: 7, month: 30, quarter: 90 } as const;
type Range = keyof typeof RANGES;
const DAY = 86_400_000;

/** The Trend tab: a line over the chosen range (steps: a bar per day) with the range's min, max and average. */
export function TrendTab({ metric, subject, prefs }: Props) {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>('week');
  // The range ends now; the key changes once a minute at most, so a refetch does not loop.
  const minute = Math.floor(Date.now() / 60_000);
  const window = useMemo(
    () => ({
      from: new Date(minute * 60_000 - RANGES[range] * DAY).toISOString(),
      to: new Date((minute + 1) * 60_000).toISOString(),
    }),
    [minute, range],
  );
  const steps = metric === 'steps';
  const series = useQuery({
    queryKey: ['metrics', subject, metric, 'trend', range, todayKey(prefs.timezone), steps ? 'steps' : 'series'],
    queryFn: () => metricsApi.series(subject, { metric, ...window, points: 150 }),
    enabled: !steps,
  });
  const daily = useQuery({
    queryKey: ['metrics', subject, 'steps', 'trend', range, todayKey(prefs.timezone)],
    queryFn: () => metricsApi.steps(subject, window),
    enabled: steps,
  });

  const conv = (v: number | null | undefined) =>
    v == null
      ? null
      : metric === 'blood_pressure' || metric === 'sleep' || metric === 'ecg'
        ? v
        : Number(fromCanonical(metric, v, prefs).value.toFixed(2));
  const label = t('metricPages.trend.chart', { metric: t(`metrics.${metric}`) });
  const short = range === 'day';
  // Multi-day ranges show dd/MM on the axis (fits a phone) and the time in the tooltip.
  const fmtT = (iso: string) => (short ? timeText(iso) : `${dateText(iso).slice(0, 5)} ${timeText(iso)}`);

  const option = useMemo<ChartOption | null>(() => {
    if (steps) {
      if (!daily.data) return null;
      return {
        animation: false,
        grid: { left: 44, right: 8, top: 16, bottom: 28 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: daily.data.days.map((d) => d.date.slice(8, 10) + '/' + d.date.slice(5, 7)) },
        yAxis: { type: 'value' },
        series: [
          {
            type: 'bar',
            name: t('metrics.steps'),
            data: daily.data.days.map((d) => d.steps),
            itemStyle: { color: '#228be6' },
          },
        ],
      };
    }
    if (!series.data) return null;
    const pts = series.data.points;
    const bp = metric === 'blood_pressure';
    return {
      animation: false,
      grid: { left: 44, right: 8, top: bp ? 28 : 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      ...(bp ? { legend: { top: 0, data: [t('metricPages.bp.systolic'), t('metricPages.bp.diastolic')] } } : {}),
      xAxis: {
        type: 'category',
        data: pts.map((p) => fmtT(p.t)),
        axisLabel: short ? {} : { formatter: (v: string) => v.slice(0, 5) },
      },
      yAxis: { type: 'value', scale: true },
      series: [
        {
          type: 'line',
          name: bp ? t('metricPages.bp.systolic') : t(`metrics.${metric}`),
          showSymbol: pts.length < 40,
          data: pts.map((p) => conv(p.avg)),
          itemStyle: { color: '#e8590c' },
        },
        ...(bp
          ? [
              {
                type: 'line',
                name: t('metricPages.bp.diastolic'),
                showSymbol: pts.length < 40,
                data: pts.map((p) => conv(p.avg2)),
                itemStyle: { color: '#1c7ed6' },
              },
            ]
          : []),
      ],
    };
    // fmtT and conv only depend on range, metric and prefs (listed).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series.data, daily.data, metric, prefs, range, steps, t]);

  const q = steps ? daily : series;
  let body;
  if (q.isError) body = <FetchFailed metric={metric} error={q.error} onRetry={() => void q.refetch()} />;
  else if (!option) body = <CardsSkeleton rows={2} />;
  else if (steps && daily.data) {
    const days = daily.data.days;
    if (days.length === 0) body = <Text c="dimmed">{t('metricPages.noDataPeriod')}</Text>;
    else {
      const values = days.map((d) => d.steps);
      body = (
        <Stack gap="sm">
          <Chart option={option} label={label} />
          <StatGrid>
            <Stat label={t('metricPages.stats.min')} value={String(Math.min(...values))} />
            <Stat label={t('metricPages.stats.max')} value={String(Math.max(...values))} />
            <Stat
              label={t('metricPages.stats.avg')}
              value={String(Math.round(values.reduce((a, b) => a + b, 0) / values.length))}
            />
          </StatGrid>
        </Stack>
      );
    }
  } else if (series.data) {
    const s = pointStats(series.data.points);
    const v = (a: number | null, b?: number | null) => valueText(t, metric, a, b, prefs);
    body =
      series.data.points.length === 0 ? (
        <Text c="dimmed">{t('metricPages.noDataPeriod')}</Text>
      ) : (
        <Stack gap="sm">
          <Chart option={option} label={label} />
          <StatGrid>
            <Stat label={t('metricPages.stats.min')} value={v(s.min, s.min2)} />
            <Stat label={t('metricPages.stats.max')} value={v(s.max, s.max2)} />
            <Stat label={t('metricPages.stats.avg')} value={v(s.avg, s.avg2)} />
            <Stat label={t('metricPages.stats.count')} value={String(s.n)} />
          </StatGrid>
        </Stack>
      );
  }

  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        aria-label={t('metricPages.trend.range')}
        value={range}
        onChange={(x) => setRange(x as Range)}
        data={(Object.keys(RANGES) as Range[]).map((r) => ({ value: r, label: t(`metricPages.trend.ranges.${r}`) }))}
      />
      {body}
    </Stack>
  );
}
