import { useEffect, useMemo, useState } from 'react';
import { NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartOption } from './echart.tsx';
import { ChartState } from './chart-state.tsx';
import { fmtDateTime, vitals, vitalsKeys } from './vitals-shared.ts';

/** ECG strips of the period: pick one, view it on an ECG-paper grid (25 mm/s: 0.2 s big squares, 0.04 s small ones). */
export function EcgPanel({ patientId, period }: { patientId: string; period: { from: Date; to: Date } }) {
  const { t } = useTranslation();
  const q = { from: period.from.toISOString(), to: period.to.toISOString() };
  const list = useQuery({
    queryKey: vitalsKeys.ecgList(patientId, q),
    queryFn: () => vitals.ecgStrips(patientId, q),
    meta: { inlineError: true },
  });
  const [selected, setSelected] = useState<string | null>(null);
  const items = list.data?.items;
  useEffect(() => {
    if (items && !items.some((i) => i.measuredAt === selected)) setSelected(items.at(-1)?.measuredAt ?? null);
  }, [items, selected]);
  const name = t('vitals.metrics.ecg');
  return (
    <ChartState
      query={list}
      empty={(d) => d.items.length === 0}
      emptyText={t('vitals.noData', { metric: name })}
      label={name}
      height={160}
    >
      {(data) => (
        <Stack gap="xs">
          <NativeSelect
            label={t('vitals.ecgStrip')}
            value={selected ?? ''}
            onChange={(e) => setSelected(e.currentTarget.value)}
            maw={420}
            data={data.items.map((i) => ({
              value: i.measuredAt,
              label: [
                fmtDateTime(new Date(i.measuredAt)),
                i.durationSeconds > 0 ? `${Math.round(i.durationSeconds)} s` : null,
                i.heartRate ? `${Math.round(i.heartRate)} bpm` : null,
              ]
                .filter(Boolean)
                .join(' · '),
            }))}
          />
          {selected && <EcgStrip patientId={patientId} measuredAt={selected} />}
        </Stack>
      )}
    </ChartState>
  );
}

function EcgStrip({ patientId, measuredAt }: { patientId: string; measuredAt: string }) {
  const { t } = useTranslation();
  const strip = useQuery({
    queryKey: vitalsKeys.ecgStrip(patientId, measuredAt),
    queryFn: () => vitals.ecgStrip(patientId, measuredAt),
    meta: { inlineError: true },
  });
  const name = t('vitals.metrics.ecg');
  return (
    <ChartState
      query={strip}
      empty={(d) => d.samples.length === 0}
      emptyText={t('vitals.noData', { metric: name })}
      label={name}
      height={280}
    >
      {(data) => <EcgChart samples={data.samples} rate={data.samplingRate} measuredAt={data.measuredAt} />}
    </ChartState>
  );
}

function EcgChart({ samples, rate, measuredAt }: { samples: number[]; rate: number; measuredAt: string }) {
  const { t } = useTranslation();
  const duration = samples.length / rate;
  const option = useMemo<ChartOption>(() => {
    const grid = { show: true, lineStyle: { color: '#f5a3a3', width: 1 } };
    const minor = { show: true, lineStyle: { color: '#fbd5d5', width: 0.5 } };
    return {
      animation: false,
      backgroundColor: '#fff8f8',
      grid: { left: 48, right: 24, top: 32, bottom: 64 },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${String(v)} mV` },
      xAxis: {
        type: 'value',
        min: 0,
        max: Number(duration.toFixed(3)),
        interval: 0.2,
        name: 's',
        splitLine: grid,
        minorTick: { show: true, splitNumber: 5 },
        minorSplitLine: minor,
        axisLabel: { formatter: (v: number) => (Math.abs(v - Math.round(v)) < 1e-6 ? String(Math.round(v)) : '') },
      },
      yAxis: {
        type: 'value',
        min: -1.5,
        max: 2,
        interval: 0.5,
        name: 'mV',
        splitLine: grid,
        minorTick: { show: true, splitNumber: 5 },
        minorSplitLine: minor,
      },
      dataZoom: [
        { type: 'inside', xAxisIndex: 0, startValue: 0, endValue: Math.min(duration, 10) },
        { type: 'slider', xAxisIndex: 0, startValue: 0, endValue: Math.min(duration, 10), height: 20, bottom: 16 },
      ],
      series: [
        {
          type: 'line',
          symbol: 'none',
          color: '#212529',
          lineStyle: { width: 1.2 },
          sampling: 'lttb',
          data: samples.map((v, i) => [Number((i / rate).toFixed(4)), v]),
        },
      ],
    };
  }, [samples, rate, duration]);
  const min = Math.min(...samples);
  const max = Math.max(...samples);
  const summary = t('vitals.ecgSummary', {
    at: fmtDateTime(new Date(measuredAt)),
    seconds: Math.round(duration),
    rate,
    min: min.toFixed(2),
    max: max.toFixed(2),
  });
  return (
    <Stack gap="xs">
      <EChart
        option={option}
        label={t('vitals.chartLabel', { metric: t('vitals.metrics.ecg') })}
        summary={summary}
        height={300}
      />
      <Text size="sm" c="dimmed" data-testid="chart-stats">
        {summary}
      </Text>
    </Stack>
  );
}
