import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TStepsReport } from '@carewatch/contracts/vitals';
import { EChart, type ChartOption } from './echart.tsx';
import { ChartState } from './chart-state.tsx';
import { vitals, vitalsKeys } from './vitals-shared.ts';

/** Daily steps as bars against the target line; days that reached it are green and marked. */
export function StepsPanel({ patientId, period }: { patientId: string; period: { from: Date; to: Date } }) {
  const { t } = useTranslation();
  const q = { from: period.from.toISOString(), to: period.to.toISOString() };
  const report = useQuery({
    queryKey: vitalsKeys.steps(patientId, q),
    queryFn: () => vitals.steps(patientId, q),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const name = t('vitals.metrics.steps');
  return (
    <ChartState
      query={report}
      empty={(d) => d.days.length === 0}
      emptyText={t('vitals.noData', { metric: name })}
      label={name}
    >
      {(data) => <StepsChart data={data} />}
    </ChartState>
  );
}

const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

function StepsChart({ data }: { data: TStepsReport }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      grid: { left: 64, right: 24, top: 36, bottom: 36 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'category', data: data.days.map((d) => dayLabel(d.date)) },
      yAxis: {
        type: 'value',
        name: t('vitals.units.steps'),
        max: (v: { max: number }) => Math.ceil(Math.max(v.max, data.target ?? 0) * 1.1),
      },
      series: [
        {
          name: t('vitals.metrics.steps'),
          type: 'bar',
          barMaxWidth: 36,
          data: data.days.map((d) => ({
            value: Math.round(d.steps),
            itemStyle: { color: d.reached ? '#2f9e44' : '#74c0fc' },
            label: d.reached
              ? { show: true, position: 'top', formatter: '✓', color: '#2f9e44', fontWeight: 'bold' }
              : { show: false },
          })),
          ...(data.target
            ? {
                markLine: {
                  symbol: 'none',
                  label: { formatter: `${t('vitals.target')} ${data.target}` },
                  lineStyle: { type: 'dashed', color: '#2b8a3e' },
                  data: [{ yAxis: data.target }],
                },
              }
            : {}),
        },
      ],
    }),
    [data, t],
  );
  const total = data.days.reduce((a, d) => a + d.steps, 0);
  const reached = data.days.filter((d) => d.reached).length;
  const summary =
    t('vitals.stepsSummary', {
      days: data.days.length,
      avg: Math.round(total / Math.max(1, data.days.length)),
      max: Math.round(Math.max(...data.days.map((d) => d.steps))),
    }) +
    (data.target ? ` ${t('vitals.stepsTargetSummary', { target: data.target, reached, days: data.days.length })}` : '');
  return (
    <Stack gap="xs">
      <EChart option={option} label={t('vitals.chartLabel', { metric: t('vitals.metrics.steps') })} summary={summary} />
      <Text size="sm" c="dimmed" data-testid="chart-stats">
        {summary}
      </Text>
    </Stack>
  );
}
