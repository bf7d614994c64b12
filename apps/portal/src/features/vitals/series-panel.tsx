import { useMemo } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bpClass, type BpClass } from '@carewatch/clinical/cardio';
import type { TMetric, TVitalsSeries } from '@carewatch/contracts/vitals';
import { EChart, type ChartOption } from './echart.tsx';
import { ChartState } from './chart-state.tsx';
import {
  POINTS,
  axisTimeLabel,
  axisTooltip,
  displayUnit,
  fmtDateTime,
  formatValue,
  seriesStats,
  toDisplay,
  unitText,
  vitals,
  vitalsKeys,
  type RangeKind,
  type UnitPrefs,
} from './vitals-shared.ts';

const AVG_COLOR = '#1c7ed6';
const AVG2_COLOR = '#e8590c';
export const BP_COLORS: Record<BpClass, string> = {
  normal: 'teal',
  elevated: 'yellow',
  stage1: 'orange',
  stage2: 'red',
};

interface Props {
  patientId: string;
  metric: TMetric;
  kind: RangeKind;
  period: { from: Date; to: Date };
  prefs: UnitPrefs;
}

/** The downsampled series of one metric: average line plus min–max band (two of each for blood pressure). */
export function SeriesPanel({ patientId, metric, kind, period, prefs }: Props) {
  const { t } = useTranslation();
  const q = { metric, from: period.from.toISOString(), to: period.to.toISOString(), points: POINTS[kind] };
  const series = useQuery({
    queryKey: vitalsKeys.series(patientId, q),
    queryFn: () => vitals.series(patientId, q),
    placeholderData: (prev: TVitalsSeries | undefined) => (prev?.metric === metric ? prev : undefined),
    meta: { inlineError: true },
  });
  const name = t(`vitals.metrics.${metric}`);
  return (
    <ChartState
      query={series}
      empty={(d) => d.points.every((p) => p.n === 0)}
      emptyText={t('vitals.noData', { metric: name })}
      label={name}
    >
      {(data) =>
        metric === 'blood_pressure' ? (
          <BloodPressureChart data={data} kind={kind} period={period} />
        ) : (
          <MetricChart data={data} metric={metric} kind={kind} period={period} prefs={prefs} />
        )
      }
    </ChartState>
  );
}

function bandSeries(id: string, color: string, points: Array<[number, number, number]>): object[] {
  return [
    {
      id: `${id}-lo`,
      type: 'line',
      data: points.map(([x, lo]) => [x, lo]),
      stack: id,
      symbol: 'none',
      lineStyle: { opacity: 0 },
      silent: true,
      tooltip: { show: false },
    },
    {
      id: `${id}-band`,
      type: 'line',
      data: points.map(([x, lo, hi]) => [x, hi - lo]),
      stack: id,
      symbol: 'none',
      lineStyle: { opacity: 0 },
      areaStyle: { color, opacity: 0.18 },
      silent: true,
      tooltip: { show: false },
    },
  ];
}

function MetricChart({
  data,
  metric,
  kind,
  period,
  prefs,
}: {
  data: TVitalsSeries;
  metric: TMetric;
  kind: RangeKind;
  period: { from: Date; to: Date };
  prefs: UnitPrefs;
}) {
  const { t } = useTranslation();
  const unit = unitText(t, displayUnit(metric, prefs));
  const name = t(`vitals.metrics.${metric}`);
  const stats = seriesStats(data.points);
  const option = useMemo<ChartOption>(() => {
    const conv = (v: number) => Number(toDisplay(metric, v, prefs).toFixed(2));
    const pts = data.points.filter((p) => p.avg !== null && p.n > 0);
    const band = pts.map(
      (p) => [Date.parse(p.t), conv(p.min ?? p.avg ?? 0), conv(p.max ?? p.avg ?? 0)] as [number, number, number],
    );
    const avg = pts.map((p) => [Date.parse(p.t), conv(p.avg ?? 0)]);
    return {
      animation: false,
      grid: { left: 56, right: 24, top: 36, bottom: 36 },
      tooltip: { trigger: 'axis', formatter: axisTooltip(unit) },
      legend: { data: [t('vitals.average')], top: 0 },
      xAxis: {
        type: 'time',
        min: period.from.getTime(),
        max: period.to.getTime(),
        axisLabel: { formatter: axisTimeLabel(kind), hideOverlap: true },
      },
      yAxis: { type: 'value', scale: true, name: unit },
      series: [
        ...bandSeries('range', AVG_COLOR, band),
        {
          id: 'avg',
          name: t('vitals.average'),
          type: 'line',
          data: avg,
          symbol: pts.length < 40 ? 'circle' : 'none',
          color: AVG_COLOR,
          lineStyle: { width: 2 },
        },
      ],
    };
  }, [data, metric, kind, period, prefs, t, unit]);
  const summary = stats
    ? t('vitals.summary', {
        metric: name,
        min: formatValue(metric, stats.min, prefs),
        avg: formatValue(metric, stats.avg, prefs),
        max: formatValue(metric, stats.max, prefs),
        unit,
        n: stats.n,
      })
    : t('vitals.noData', { metric: name });
  return (
    <Stack gap="xs">
      <EChart option={option} label={t('vitals.chartLabel', { metric: name })} summary={summary} />
      <Text size="sm" c="dimmed" data-testid="chart-stats">
        {summary}
      </Text>
    </Stack>
  );
}

function BloodPressureChart({
  data,
  kind,
  period,
}: {
  data: TVitalsSeries;
  kind: RangeKind;
  period: { from: Date; to: Date };
}) {
  const { t } = useTranslation();
  const sys = seriesStats(data.points);
  const dia = seriesStats(data.points, true);
  const last = data.points.filter((p) => p.avg !== null && p.n > 0).at(-1);
  const option = useMemo<ChartOption>(() => {
    const pts = data.points.filter((p) => p.avg !== null && p.n > 0);
    const x = (p: (typeof pts)[number]) => Date.parse(p.t);
    const r = (v: number | null | undefined) => (v === null || v === undefined ? 0 : Math.round(v));
    return {
      animation: false,
      grid: { left: 56, right: 24, top: 36, bottom: 36 },
      tooltip: { trigger: 'axis', formatter: axisTooltip('mmHg') },
      legend: { data: [t('vitals.systolic'), t('vitals.diastolic')], top: 0 },
      xAxis: {
        type: 'time',
        min: period.from.getTime(),
        max: period.to.getTime(),
        axisLabel: { formatter: axisTimeLabel(kind), hideOverlap: true },
      },
      yAxis: { type: 'value', scale: true, name: 'mmHg' },
      series: [
        ...bandSeries(
          'sys',
          AVG_COLOR,
          pts.map((p) => [x(p), r(p.min ?? p.avg), r(p.max ?? p.avg)]),
        ),
        ...bandSeries(
          'dia',
          AVG2_COLOR,
          pts.map((p) => [x(p), r(p.min2 ?? p.avg2), r(p.max2 ?? p.avg2)]),
        ),
        {
          id: 'sys',
          name: t('vitals.systolic'),
          type: 'line',
          color: AVG_COLOR,
          symbol: pts.length < 40 ? 'circle' : 'none',
          data: pts.map((p) => [x(p), r(p.avg)]),
          markLine: {
            silent: true,
            symbol: 'none',
            lineStyle: { type: 'dashed', color: '#adb5bd' },
            data: [{ yAxis: 120 }, { yAxis: 140 }],
          },
        },
        {
          id: 'dia',
          name: t('vitals.diastolic'),
          type: 'line',
          color: AVG2_COLOR,
          symbol: pts.length < 40 ? 'circle' : 'none',
          data: pts.map((p) => [x(p), r(p.avg2)]),
          markLine: {
            silent: true,
            symbol: 'none',
            lineStyle: { type: 'dotted', color: '#adb5bd' },
            data: [{ yAxis: 80 }, { yAxis: 90 }],
          },
        },
      ],
    };
  }, [data, kind, period, t]);
  const avgClass = sys && dia ? bpClass(sys.avg, dia.avg) : null;
  const lastClass = last?.avg != null && last.avg2 != null ? bpClass(last.avg, last.avg2) : null;
  const summary =
    sys && dia
      ? t('vitals.bpSummary', {
          sysMin: Math.round(sys.min),
          sysAvg: Math.round(sys.avg),
          sysMax: Math.round(sys.max),
          diaMin: Math.round(dia.min),
          diaAvg: Math.round(dia.avg),
          diaMax: Math.round(dia.max),
          n: sys.n,
        })
      : t('vitals.noData', { metric: t('vitals.metrics.blood_pressure') });
  return (
    <Stack gap="xs">
      <EChart
        option={option}
        label={t('vitals.chartLabel', { metric: t('vitals.metrics.blood_pressure') })}
        summary={summary}
      />
      <Text size="sm" c="dimmed" data-testid="chart-stats">
        {summary}
      </Text>
      <Group gap="md">
        {avgClass && sys && dia && (
          <Group gap={6}>
            <Text size="sm" fw={500}>
              {t('vitals.bpAverageClass', { sys: Math.round(sys.avg), dia: Math.round(dia.avg) })}
            </Text>
            <Badge color={BP_COLORS[avgClass]} variant="light" tt="none">
              {t(`vitals.bpClass.${avgClass}`)}
            </Badge>
          </Group>
        )}
        {lastClass && last && (
          <Group gap={6}>
            <Text size="sm" fw={500}>
              {t('vitals.bpLatestClass', {
                sys: Math.round(last.avg ?? 0),
                dia: Math.round(last.avg2 ?? 0),
                at: fmtDateTime(new Date(last.t)),
              })}
            </Text>
            <Badge color={BP_COLORS[lastClass]} variant="light" tt="none">
              {t(`vitals.bpClass.${lastClass}`)}
            </Badge>
          </Group>
        )}
      </Group>
      <BpLegend />
    </Stack>
  );
}

/** The four classes with their limits (patient-app spec §9). */
export function BpLegend() {
  const { t } = useTranslation();
  const classes: BpClass[] = ['normal', 'elevated', 'stage1', 'stage2'];
  return (
    <Group gap="sm" role="list" aria-label={t('vitals.bpLegend')}>
      {classes.map((c) => (
        <Group key={c} gap={4} role="listitem">
          <Badge color={BP_COLORS[c]} variant="filled" size="xs" circle aria-hidden>
            {' '}
          </Badge>
          <Text size="xs">
            {t(`vitals.bpClass.${c}`)}: {t(`vitals.bpRule.${c}`)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
