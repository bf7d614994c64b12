import { useMemo } from 'react';
import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SLEEP_STAGES, type TSleepReport } from '@carewatch/contracts/vitals';
import { EChart, type ChartOption } from './echart.tsx';
import { ChartState } from './chart-state.tsx';
import { IDEAL_SLEEP_SHARE, compareWithIdeal, type StageVerdict } from '@carewatch/clinical/sleep';
import { fmtDate, fmtDayMonth, formatMinutes, vitals, vitalsKeys } from './vitals-shared.ts';

type Stage = (typeof SLEEP_STAGES)[number];
const STAGE_COLORS: Record<Stage, string> = { awake: '#fab005', light: '#74c0fc', deep: '#1864ab', rem: '#9c36b5' };
const VERDICT_COLORS: Record<StageVerdict, string> = { ok: 'teal', low: 'orange', high: 'orange' };

/** Per-night stacked bars of awake/light/deep/REM against the sleep target, with the last night's percentages. */
export function SleepPanel({ patientId, period }: { patientId: string; period: { from: Date; to: Date } }) {
  const { t } = useTranslation();
  const q = { from: period.from.toISOString(), to: period.to.toISOString() };
  const report = useQuery({
    queryKey: vitalsKeys.sleep(patientId, q),
    queryFn: () => vitals.sleep(patientId, q),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
  const name = t('vitals.metrics.sleep');
  return (
    <ChartState
      query={report}
      empty={(d) => d.sessions.length === 0}
      emptyText={t('vitals.noData', { metric: name })}
      label={name}
    >
      {(data) => <SleepChart data={data} />}
    </ChartState>
  );
}

function SleepChart({ data }: { data: TSleepReport }) {
  const { t } = useTranslation();
  const sessions = data.sessions;
  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      grid: { left: 56, right: 24, top: 40, bottom: 36 },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (params: unknown) => {
          const list = Array.isArray(params) ? (params as Array<{ dataIndex: number }>) : [];
          const s = sessions[list[0]?.dataIndex ?? 0];
          if (!s) return '';
          const lines = SLEEP_STAGES.map(
            (st) =>
              `${t(`vitals.sleepStages.${st}`)}: ${formatMinutes(t, s.minutes[st])} (${Math.round(s.percent[st])} %)`,
          );
          return [`${fmtDate(new Date(s.end))} · ${formatMinutes(t, s.totalMinutes)}`, ...lines].join('<br/>');
        },
      },
      legend: { top: 0, data: SLEEP_STAGES.map((st) => t(`vitals.sleepStages.${st}`)) },
      xAxis: { type: 'category', data: sessions.map((s) => fmtDayMonth(new Date(s.end))) },
      yAxis: {
        type: 'value',
        name: t('vitals.hours'),
        max: (v: { max: number }) => Math.ceil(Math.max(v.max, (data.targetMinutes ?? 0) / 60) + 1),
      },
      series: SLEEP_STAGES.map((st, i) => ({
        name: t(`vitals.sleepStages.${st}`),
        type: 'bar',
        stack: 'night',
        color: STAGE_COLORS[st],
        barMaxWidth: 36,
        data: sessions.map((s) => Number((s.minutes[st] / 60).toFixed(2))),
        ...(i === 0 && data.targetMinutes
          ? {
              markLine: {
                symbol: 'none',
                label: { formatter: t('vitals.target') },
                lineStyle: { type: 'dashed', color: '#2b8a3e' },
                data: [{ yAxis: data.targetMinutes / 60 }],
              },
            }
          : {}),
      })),
    }),
    [sessions, data.targetMinutes, t],
  );

  const last = sessions.at(-1);
  const verdicts = last ? compareWithIdeal(last.minutes) : null;
  const avgTotal = sessions.reduce((a, s) => a + s.totalMinutes, 0) / sessions.length;
  const reached = data.targetMinutes
    ? sessions.filter((s) => s.totalMinutes - s.minutes.awake >= (data.targetMinutes ?? 0)).length
    : null;
  const summary =
    t('vitals.sleepSummary', { nights: sessions.length, avg: formatMinutes(t, avgTotal) }) +
    (data.targetMinutes
      ? ` ${t('vitals.sleepTargetSummary', { target: formatMinutes(t, data.targetMinutes), reached, nights: sessions.length })}`
      : '');
  return (
    <Stack gap="xs">
      <EChart option={option} label={t('vitals.chartLabel', { metric: t('vitals.metrics.sleep') })} summary={summary} />
      <Text size="sm" c="dimmed" data-testid="chart-stats">
        {summary}
      </Text>
      {last && (
        <>
          <Title order={4}>
            {t('vitals.lastNight', { date: fmtDate(new Date(last.end)), total: formatMinutes(t, last.totalMinutes) })}
          </Title>
          <Table withTableBorder maw={640} aria-label={t('vitals.sleepStagesTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vitals.stage')}</Table.Th>
                <Table.Th>{t('vitals.duration')}</Table.Th>
                <Table.Th>{t('vitals.share')}</Table.Th>
                <Table.Th>{t('vitals.idealRange')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SLEEP_STAGES.map((st) => {
                const ideal = st === 'awake' ? null : IDEAL_SLEEP_SHARE[st];
                const verdict = st === 'awake' ? null : verdicts?.[st];
                return (
                  <Table.Tr key={st}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Badge color={STAGE_COLORS[st]} variant="filled" size="xs" circle aria-hidden>
                          {' '}
                        </Badge>
                        {t(`vitals.sleepStages.${st}`)}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatMinutes(t, last.minutes[st])}</Table.Td>
                    <Table.Td>{Math.round(last.percent[st])} %</Table.Td>
                    <Table.Td>
                      {ideal && verdict ? (
                        <Group gap={6} wrap="nowrap">
                          <span>
                            {t('vitals.idealShare', {
                              min: ideal.min,
                              max: ideal.max,
                              share: Math.round(verdict.share),
                            })}
                          </span>
                          <Badge size="sm" variant="light" tt="none" color={VERDICT_COLORS[verdict.verdict]}>
                            {t(`vitals.verdict.${verdict.verdict}`)}
                          </Badge>
                        </Group>
                      ) : (
                        t('common.none')
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
